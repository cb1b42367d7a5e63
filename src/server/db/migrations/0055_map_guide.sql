CREATE TABLE "guide_maps" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"image" varchar(500) NOT NULL,
	"map_key" varchar(100) DEFAULT '' NOT NULL,
	"center_spot" jsonb NOT NULL,
	"lower_left" jsonb NOT NULL,
	"lower_right" jsonb NOT NULL,
	"upper_left" jsonb NOT NULL,
	"upper_right" jsonb NOT NULL,
	"person_layer_id" varchar(50) DEFAULT '' NOT NULL,
	"map_style_id" varchar(50) DEFAULT '' NOT NULL,
	"radius" integer DEFAULT 50 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_maps_status_check" CHECK ("guide_maps"."status" in (1, 2)),
	CONSTRAINT "guide_maps_radius_check" CHECK ("guide_maps"."radius" between 5 and 5000)
);
--> statement-breakpoint
CREATE TABLE "guide_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"spot_ids" jsonb NOT NULL,
	"path" jsonb NOT NULL,
	"distance" integer NOT NULL,
	"duration" integer NOT NULL,
	"introduction" varchar(1000) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_routes_status_check" CHECK ("guide_routes"."status" in (1, 2)),
	CONSTRAINT "guide_routes_duration_check" CHECK ("guide_routes"."duration" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "spot_voices" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"spot_id" integer NOT NULL,
	"voice_type_id" integer NOT NULL,
	"url" varchar(500) NOT NULL,
	"duration" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spot_voices_duration_check" CHECK ("spot_voices"."duration" >= 0)
);
--> statement-breakpoint
CREATE TABLE "voice_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"language" varchar(40) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_types_status_check" CHECK ("voice_types"."status" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "scenic_spots" ADD COLUMN "icon" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scenic_spots" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "guide_maps" ADD CONSTRAINT "guide_maps_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_routes" ADD CONSTRAINT "guide_routes_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_voices" ADD CONSTRAINT "spot_voices_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_voices" ADD CONSTRAINT "spot_voices_spot_id_scenic_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."scenic_spots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_voices" ADD CONSTRAINT "spot_voices_voice_type_id_voice_types_id_fk" FOREIGN KEY ("voice_type_id") REFERENCES "public"."voice_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_types" ADD CONSTRAINT "voice_types_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guide_maps_scenic_sort_idx" ON "guide_maps" USING btree ("scenic_id","sort","id");--> statement-breakpoint
CREATE INDEX "guide_routes_scenic_sort_idx" ON "guide_routes" USING btree ("scenic_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "spot_voices_spot_voice_idx" ON "spot_voices" USING btree ("spot_id","voice_type_id");--> statement-breakpoint
CREATE INDEX "spot_voices_voice_type_idx" ON "spot_voices" USING btree ("voice_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_types_scenic_name_idx" ON "voice_types" USING btree ("scenic_id","name");