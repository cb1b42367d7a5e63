CREATE TABLE "distributor_credit_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"amount" integer NOT NULL,
	"limit_after" integer NOT NULL,
	"used_after" integer NOT NULL,
	"reference" varchar(40) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributor_credit_records_kind_check" CHECK ("distributor_credit_records"."kind" in (1, 2)),
	CONSTRAINT "distributor_credit_records_repay_check" CHECK ("distributor_credit_records"."kind" = 1 or "distributor_credit_records"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "distributor_top_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"top_up_no" varchar(32) NOT NULL,
	"amount" integer NOT NULL,
	"bank_ref" varchar(64) NOT NULL,
	"transfer_date" date NOT NULL,
	"voucher" varchar(500) DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributor_top_ups_amount_check" CHECK ("distributor_top_ups"."amount" > 0),
	CONSTRAINT "distributor_top_ups_state_check" CHECK ("distributor_top_ups"."state" between 1 and 3)
);
--> statement-breakpoint
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
CREATE TABLE "price_tier_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"tier_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"settlement_price" integer NOT NULL,
	"retail_floor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_tier_lines_dates_check" CHECK ("price_tier_lines"."date_from" <= "price_tier_lines"."date_to"),
	CONSTRAINT "price_tier_lines_money_check" CHECK ("price_tier_lines"."settlement_price" >= 0 and "price_tier_lines"."retail_floor" >= "price_tier_lines"."settlement_price")
);
--> statement-breakpoint
CREATE TABLE "price_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_tiers_status_check" CHECK ("price_tiers"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "settlement_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"settle_used" boolean NOT NULL,
	"settle_expired" boolean NOT NULL,
	"commission_rate" integer NOT NULL,
	"ticket_count" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_batches_state_check" CHECK ("settlement_batches"."state" between 1 and 3),
	CONSTRAINT "settlement_batches_period_check" CHECK ("settlement_batches"."period_from" <= "settlement_batches"."period_to")
);
--> statement-breakpoint
CREATE TABLE "settlement_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"ticket_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"distributor_id" integer NOT NULL,
	"ticket_status" smallint NOT NULL,
	"amount" integer NOT NULL,
	"commission" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_items_money_check" CHECK ("settlement_items"."amount" >= 0 and "settlement_items"."commission" between 0 and "settlement_items"."amount")
);
--> statement-breakpoint
CREATE TABLE "settlement_settings" (
	"scenic_id" integer PRIMARY KEY NOT NULL,
	"cycle" smallint DEFAULT 3 NOT NULL,
	"settle_used" boolean DEFAULT true NOT NULL,
	"settle_expired" boolean DEFAULT true NOT NULL,
	"commission_rate" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_settings_cycle_check" CHECK ("settlement_settings"."cycle" between 1 and 3),
	CONSTRAINT "settlement_settings_rate_check" CHECK ("settlement_settings"."commission_rate" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "distributor_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"withdrawal_no" varchar(32) NOT NULL,
	"distributor_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"bank_name" varchar(50) NOT NULL,
	"bank_account" varchar(32) NOT NULL,
	"account_name" varchar(50) NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"requested_by" integer,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_remark" varchar(200) DEFAULT '' NOT NULL,
	"paid_by" integer,
	"paid_at" timestamp with time zone,
	"bank_reference" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributor_withdrawals_amount_check" CHECK ("distributor_withdrawals"."amount" > 0),
	CONSTRAINT "distributor_withdrawals_state_check" CHECK ("distributor_withdrawals"."state" between 1 and 5),
	CONSTRAINT "distributor_withdrawals_paid_check" CHECK ("distributor_withdrawals"."state" <> 3 or "distributor_withdrawals"."bank_reference" is not null)
);
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "tier_id" integer;--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "review_remark" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD COLUMN "retail_floor" integer;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD COLUMN "tier_id" integer;--> statement-breakpoint
ALTER TABLE "distributor_credit_records" ADD CONSTRAINT "distributor_credit_records_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_credit_records" ADD CONSTRAINT "distributor_credit_records_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_credit_records" ADD CONSTRAINT "distributor_credit_records_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_top_ups" ADD CONSTRAINT "distributor_top_ups_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_top_ups" ADD CONSTRAINT "distributor_top_ups_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_top_ups" ADD CONSTRAINT "distributor_top_ups_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_top_ups" ADD CONSTRAINT "distributor_top_ups_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_channels" ADD CONSTRAINT "ota_channels_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_logs" ADD CONSTRAINT "ota_logs_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_mappings" ADD CONSTRAINT "ota_mappings_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_mappings" ADD CONSTRAINT "ota_mappings_channel_id_ota_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."ota_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_mappings" ADD CONSTRAINT "ota_mappings_product_id_ticket_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."ticket_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_redemptions" ADD CONSTRAINT "ota_redemptions_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_redemptions" ADD CONSTRAINT "ota_redemptions_channel_id_ota_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."ota_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tier_lines" ADD CONSTRAINT "price_tier_lines_tier_id_price_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."price_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tier_lines" ADD CONSTRAINT "price_tier_lines_product_id_ticket_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."ticket_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tiers" ADD CONSTRAINT "price_tiers_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_closed_by_admins_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_items" ADD CONSTRAINT "settlement_items_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_items" ADD CONSTRAINT "settlement_items_batch_id_settlement_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."settlement_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_items" ADD CONSTRAINT "settlement_items_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_settings" ADD CONSTRAINT "settlement_settings_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_withdrawals" ADD CONSTRAINT "distributor_withdrawals_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_withdrawals" ADD CONSTRAINT "distributor_withdrawals_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_withdrawals" ADD CONSTRAINT "distributor_withdrawals_requested_by_admins_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_withdrawals" ADD CONSTRAINT "distributor_withdrawals_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_withdrawals" ADD CONSTRAINT "distributor_withdrawals_paid_by_admins_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distributor_credit_records_scenic_idx" ON "distributor_credit_records" USING btree ("scenic_id","created_at");--> statement-breakpoint
CREATE INDEX "distributor_credit_records_distributor_idx" ON "distributor_credit_records" USING btree ("distributor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "distributor_top_ups_no_uq" ON "distributor_top_ups" USING btree ("top_up_no");--> statement-breakpoint
CREATE INDEX "distributor_top_ups_scenic_idx" ON "distributor_top_ups" USING btree ("scenic_id","created_at");--> statement-breakpoint
CREATE INDEX "distributor_top_ups_distributor_idx" ON "distributor_top_ups" USING btree ("distributor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ota_channels_scenic_platform_uq" ON "ota_channels" USING btree ("scenic_id","platform");--> statement-breakpoint
CREATE UNIQUE INDEX "ota_channels_app_key_uq" ON "ota_channels" USING btree ("platform","app_key");--> statement-breakpoint
CREATE INDEX "ota_logs_scenic_time_idx" ON "ota_logs" USING btree ("scenic_id","created_at");--> statement-breakpoint
CREATE INDEX "ota_logs_order_idx" ON "ota_logs" USING btree ("platform","external_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ota_mappings_code_uq" ON "ota_mappings" USING btree ("channel_id","external_code");--> statement-breakpoint
CREATE INDEX "price_tier_lines_tier_idx" ON "price_tier_lines" USING btree ("tier_id","product_id","date_from");--> statement-breakpoint
CREATE INDEX "price_tiers_scenic_idx" ON "price_tiers" USING btree ("scenic_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_batches_no_uq" ON "settlement_batches" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "settlement_batches_scenic_idx" ON "settlement_batches" USING btree ("scenic_id","period_from");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_items_ticket_uq" ON "settlement_items" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "settlement_items_batch_idx" ON "settlement_items" USING btree ("batch_id","distributor_id");--> statement-breakpoint
CREATE INDEX "settlement_items_order_idx" ON "settlement_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "distributor_withdrawals_no_uq" ON "distributor_withdrawals" USING btree ("withdrawal_no");--> statement-breakpoint
CREATE INDEX "distributor_withdrawals_scenic_idx" ON "distributor_withdrawals" USING btree ("scenic_id","created_at");--> statement-breakpoint
CREATE INDEX "distributor_withdrawals_distributor_idx" ON "distributor_withdrawals" USING btree ("distributor_id","id");--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_tier_id_price_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."price_tiers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_tier_id_price_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."price_tiers"("id") ON DELETE restrict ON UPDATE no action;