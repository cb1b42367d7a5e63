CREATE TABLE "payment_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"pay_way" smallint NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"sandbox" boolean DEFAULT true NOT NULL,
	"merchant_id" varchar(64) DEFAULT '' NOT NULL,
	"app_id" varchar(64) DEFAULT '' NOT NULL,
	"gateway_url" varchar(255) DEFAULT '' NOT NULL,
	"cert_serial" varchar(64) DEFAULT '' NOT NULL,
	"provider_key_serial" varchar(128) DEFAULT '' NOT NULL,
	"api_key_sealed" text DEFAULT '' NOT NULL,
	"private_key_sealed" text DEFAULT '' NOT NULL,
	"certificate_sealed" text DEFAULT '' NOT NULL,
	"provider_key_sealed" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_pay_way_ck" CHECK ("payment_settings"."pay_way" in (2, 3))
);
--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_settings_scenic_pay_way_uq" ON "payment_settings" USING btree ("scenic_id","pay_way");