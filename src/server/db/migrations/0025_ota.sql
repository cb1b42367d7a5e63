CREATE TABLE "ota_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"platform" varchar(16) NOT NULL,
	"app_key" varchar(64) NOT NULL,
	"secret_sealed" varchar(512) DEFAULT '' NOT NULL,
	"callback_url" varchar(255) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ota_channels_platform_ck" CHECK ("ota_channels"."platform" in ('ctrip', 'meituan', 'zowoyoo', 'pft')),
	CONSTRAINT "ota_channels_status_ck" CHECK ("ota_channels"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "ota_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"platform" varchar(16) NOT NULL,
	"direction" smallint NOT NULL,
	"type" varchar(16) NOT NULL,
	"external_order_id" varchar(64) DEFAULT '' NOT NULL,
	"order_no" varchar(32) DEFAULT '' NOT NULL,
	"request" varchar(1000) DEFAULT '' NOT NULL,
	"response" varchar(1000) DEFAULT '' NOT NULL,
	"result" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ota_logs_direction_ck" CHECK ("ota_logs"."direction" in (1, 2)),
	CONSTRAINT "ota_logs_result_ck" CHECK ("ota_logs"."result" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "ota_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"external_code" varchar(64) NOT NULL,
	"product_id" integer NOT NULL,
	"price" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ota_mappings_price_ck" CHECK ("ota_mappings"."price" >= 0),
	CONSTRAINT "ota_mappings_status_ck" CHECK ("ota_mappings"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "ota_redemptions" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"result" smallint NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ota_channels" ADD CONSTRAINT "ota_channels_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_logs" ADD CONSTRAINT "ota_logs_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_mappings" ADD CONSTRAINT "ota_mappings_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_mappings" ADD CONSTRAINT "ota_mappings_channel_id_ota_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."ota_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_mappings" ADD CONSTRAINT "ota_mappings_product_id_ticket_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."ticket_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_redemptions" ADD CONSTRAINT "ota_redemptions_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_redemptions" ADD CONSTRAINT "ota_redemptions_channel_id_ota_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."ota_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ota_channels_scenic_platform_uq" ON "ota_channels" USING btree ("scenic_id","platform");--> statement-breakpoint
CREATE UNIQUE INDEX "ota_channels_app_key_uq" ON "ota_channels" USING btree ("platform","app_key");--> statement-breakpoint
CREATE INDEX "ota_logs_scenic_time_idx" ON "ota_logs" USING btree ("scenic_id","created_at");--> statement-breakpoint
CREATE INDEX "ota_logs_order_idx" ON "ota_logs" USING btree ("platform","external_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ota_mappings_code_uq" ON "ota_mappings" USING btree ("channel_id","external_code");