CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"cover" varchar(500) DEFAULT '' NOT NULL,
	"publish_from" timestamp with time zone,
	"publish_to" timestamp with time zone,
	"pinned" boolean DEFAULT false NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_state_check" CHECK ("announcements"."state" in (1, 2, 3)),
	CONSTRAINT "announcements_window_check" CHECK ("announcements"."publish_from" is null or "announcements"."publish_to" is null or "announcements"."publish_to" > "announcements"."publish_from")
);
--> statement-breakpoint
CREATE TABLE "scenic_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"category" smallint NOT NULL,
	"title" varchar(100) NOT NULL,
	"cover" varchar(500) DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"author" varchar(50) DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scenic_articles_category_check" CHECK ("scenic_articles"."category" in (1, 2, 3)),
	CONSTRAINT "scenic_articles_state_check" CHECK ("scenic_articles"."state" in (1, 2, 3)),
	CONSTRAINT "scenic_articles_view_count_check" CHECK ("scenic_articles"."view_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenic_articles" ADD CONSTRAINT "scenic_articles_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_scenic_state_idx" ON "announcements" USING btree ("scenic_id","state","pinned");--> statement-breakpoint
CREATE INDEX "scenic_articles_scenic_state_idx" ON "scenic_articles" USING btree ("scenic_id","state","published_at");