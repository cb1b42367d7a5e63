CREATE TABLE "scenic_spots" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"spot_type" smallint DEFAULT 1 NOT NULL,
	"image" varchar(500) DEFAULT '' NOT NULL,
	"introduction" varchar(2000) DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"open_time" varchar(5) DEFAULT '' NOT NULL,
	"close_time" varchar(5) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scenic_spots_type_check" CHECK ("scenic_spots"."spot_type" in (1, 2, 3)),
	CONSTRAINT "scenic_spots_status_check" CHECK ("scenic_spots"."status" in (1, 2)),
	CONSTRAINT "scenic_spots_hours_check" CHECK (("scenic_spots"."open_time" = '' and "scenic_spots"."close_time" = '') or ("scenic_spots"."open_time" <> '' and "scenic_spots"."close_time" > "scenic_spots"."open_time"))
);
--> statement-breakpoint
ALTER TABLE "scenic_spots" ADD CONSTRAINT "scenic_spots_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scenic_spots_scenic_sort_idx" ON "scenic_spots" USING btree ("scenic_id","sort","id");