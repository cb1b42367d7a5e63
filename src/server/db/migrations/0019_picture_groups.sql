CREATE TABLE "group_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"url" varchar(500) NOT NULL,
	"caption" varchar(100) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_pictures_url_check" CHECK ("group_pictures"."url" <> ''),
	CONSTRAINT "group_pictures_sort_check" CHECK ("group_pictures"."sort" >= 0)
);
--> statement-breakpoint
CREATE TABLE "picture_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"show_type" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picture_groups_show_type_check" CHECK ("picture_groups"."show_type" in (0, 1)),
	CONSTRAINT "picture_groups_status_check" CHECK ("picture_groups"."status" in (1, 2)),
	CONSTRAINT "picture_groups_sort_check" CHECK ("picture_groups"."sort" between 0 and 9999)
);
--> statement-breakpoint
ALTER TABLE "group_pictures" ADD CONSTRAINT "group_pictures_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_pictures" ADD CONSTRAINT "group_pictures_group_id_picture_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."picture_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_groups" ADD CONSTRAINT "picture_groups_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_pictures_group_sort_idx" ON "group_pictures" USING btree ("group_id","sort","id");--> statement-breakpoint
CREATE INDEX "picture_groups_scenic_sort_idx" ON "picture_groups" USING btree ("scenic_id","sort","id");