CREATE TABLE "card_kinds" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"cover" varchar(500) DEFAULT '' NOT NULL,
	"description" varchar(1000) DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"validity_type" smallint NOT NULL,
	"valid_days" smallint,
	"valid_from" date,
	"valid_to" date,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"per_day_entries" smallint DEFAULT 0 NOT NULL,
	"total_entries" integer DEFAULT 0 NOT NULL,
	"blackout_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photo_required" boolean DEFAULT false NOT NULL,
	"real_name" smallint DEFAULT 2 NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"channels" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_kinds_price_ck" CHECK ("card_kinds"."price" >= 0),
	CONSTRAINT "card_kinds_validity_ck" CHECK (("card_kinds"."validity_type" = 0 and "card_kinds"."valid_days" is null and "card_kinds"."valid_from" is null and "card_kinds"."valid_to" is null)
        or ("card_kinds"."validity_type" = 1 and "card_kinds"."valid_days" between 1 and 3650 and "card_kinds"."valid_from" is null and "card_kinds"."valid_to" is null)
        or ("card_kinds"."validity_type" = 1 and "card_kinds"."valid_days" is null and "card_kinds"."valid_to" >= "card_kinds"."valid_from")),
	CONSTRAINT "card_kinds_entries_ck" CHECK ("card_kinds"."per_day_entries" between 0 and 99 and "card_kinds"."total_entries" between 0 and 100000),
	CONSTRAINT "card_kinds_real_name_ck" CHECK ("card_kinds"."real_name" in (1, 2, 3)),
	CONSTRAINT "card_kinds_status_ck" CHECK ("card_kinds"."status" in (1, 2)),
	CONSTRAINT "card_kinds_channels_ck" CHECK (jsonb_array_length("card_kinds"."channels") >= 1)
);
--> statement-breakpoint
ALTER TABLE "card_kinds" ADD CONSTRAINT "card_kinds_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_kinds_scenic_idx" ON "card_kinds" USING btree ("scenic_id","created_at");