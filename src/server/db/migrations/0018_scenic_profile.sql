ALTER TABLE "scenic_areas" ADD COLUMN "level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scenic_areas" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "scenic_areas" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "scenic_areas" ADD COLUMN "opening_seasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "scenic_areas" ADD COLUMN "cover" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scenic_areas" ADD COLUMN "gallery" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "scenic_areas" ADD COLUMN "traffic" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "scenic_areas_name_uq" ON "scenic_areas" USING btree ("name");--> statement-breakpoint
ALTER TABLE "scenic_areas" ADD CONSTRAINT "scenic_areas_level_check" CHECK ("scenic_areas"."level" between 0 and 5);--> statement-breakpoint
ALTER TABLE "scenic_areas" ADD CONSTRAINT "scenic_areas_position_check" CHECK (("scenic_areas"."latitude" is null) = ("scenic_areas"."longitude" is null) and coalesce("scenic_areas"."latitude" between -90 and 90, true) and coalesce("scenic_areas"."longitude" between -180 and 180, true));--> statement-breakpoint
ALTER TABLE "scenic_areas" ADD CONSTRAINT "scenic_areas_seasons_check" CHECK (jsonb_typeof("scenic_areas"."opening_seasons") = 'array');--> statement-breakpoint
ALTER TABLE "scenic_areas" ADD CONSTRAINT "scenic_areas_gallery_check" CHECK (jsonb_typeof("scenic_areas"."gallery") = 'array');