CREATE TABLE "shop_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"parent_id" integer,
	"name" varchar(30) NOT NULL,
	"icon" varchar(500) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_categories_status_check" CHECK ("shop_categories"."status" in (1, 2)),
	CONSTRAINT "shop_categories_not_own_parent" CHECK ("shop_categories"."parent_id" is null or "shop_categories"."parent_id" <> "shop_categories"."id")
);
--> statement-breakpoint
CREATE TABLE "shop_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"subtitle" varchar(120) DEFAULT '' NOT NULL,
	"cover" varchar(500) DEFAULT '' NOT NULL,
	"gallery" varchar(500)[] DEFAULT '{}'::varchar[] NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"service_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_goods_status_check" CHECK ("shop_goods"."status" in (1, 2)),
	CONSTRAINT "shop_goods_sales_check" CHECK ("shop_goods"."sales" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_order_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"transition" varchar(4) NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"admin_id" integer,
	"member_id" integer,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"goods_id" integer,
	"sku_id" integer,
	"goods_name" varchar(60) NOT NULL,
	"spec_text" varchar(100) DEFAULT '' NOT NULL,
	"image" varchar(500) DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_order_lines_quantity_check" CHECK ("shop_order_lines"."quantity" > 0 and "shop_order_lines"."refunded_quantity" between 0 and "shop_order_lines"."quantity"),
	CONSTRAINT "shop_order_lines_amount_check" CHECK ("shop_order_lines"."refunded_amount" between 0 and "shop_order_lines"."amount")
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"member_id" integer,
	"status" smallint DEFAULT 101 NOT NULL,
	"status_before_refund" smallint,
	"goods_amount" integer NOT NULL,
	"freight" integer DEFAULT 0 NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"pay_amount" integer NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"member_coupon_id" integer,
	"receiver_name" varchar(30) NOT NULL,
	"receiver_phone" varchar(20) NOT NULL,
	"receiver_address" varchar(200) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_orders_status_check" CHECK ("shop_orders"."status" in (101, 102, 103, 201, 202, 203, 204, 205, 301, 302, 401, 402, 601)),
	CONSTRAINT "shop_orders_before_check" CHECK ("shop_orders"."status_before_refund" is null or "shop_orders"."status_before_refund" in (201, 302, 401, 402)),
	CONSTRAINT "shop_orders_amounts_check" CHECK ("shop_orders"."goods_amount" >= 0 and "shop_orders"."freight" >= 0 and "shop_orders"."discount" >= 0 and "shop_orders"."pay_amount" >= 0 and "shop_orders"."refunded_amount" between 0 and "shop_orders"."pay_amount")
);
--> statement-breakpoint
CREATE TABLE "shop_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"pay_way" smallint NOT NULL,
	"amount" integer NOT NULL,
	"provider_txn_id" varchar(64),
	"status" varchar(16) DEFAULT 'confirmed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_payments_amount_check" CHECK ("shop_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_services_status_check" CHECK ("shop_services"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "shop_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"carrier" varchar(30) NOT NULL,
	"tracking_no" varchar(40) NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"spec_values" varchar(30)[] DEFAULT '{}'::varchar[] NOT NULL,
	"code" varchar(40) DEFAULT '' NOT NULL,
	"image" varchar(500) DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_skus_stock_check" CHECK ("shop_skus"."stock" >= 0),
	CONSTRAINT "shop_skus_price_check" CHECK ("shop_skus"."price" >= 0 and "shop_skus"."original_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_stock_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" smallint NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"order_id" integer,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_stock_moves_after_check" CHECK ("shop_stock_moves"."stock_after" >= 0),
	CONSTRAINT "shop_stock_moves_reason_check" CHECK ("shop_stock_moves"."reason" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "ota_redemptions" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ota_redemptions" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_categories" ADD CONSTRAINT "shop_categories_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_categories" ADD CONSTRAINT "shop_categories_parent_id_shop_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."shop_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_goods" ADD CONSTRAINT "shop_goods_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_goods" ADD CONSTRAINT "shop_goods_category_id_shop_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."shop_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_history" ADD CONSTRAINT "shop_order_history_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_history" ADD CONSTRAINT "shop_order_history_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_history" ADD CONSTRAINT "shop_order_history_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_history" ADD CONSTRAINT "shop_order_history_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_goods_id_shop_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."shop_goods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_sku_id_shop_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."shop_skus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_payments" ADD CONSTRAINT "shop_payments_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_payments" ADD CONSTRAINT "shop_payments_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_services" ADD CONSTRAINT "shop_services_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_shipments" ADD CONSTRAINT "shop_shipments_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_shipments" ADD CONSTRAINT "shop_shipments_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_shipments" ADD CONSTRAINT "shop_shipments_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_skus" ADD CONSTRAINT "shop_skus_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_skus" ADD CONSTRAINT "shop_skus_goods_id_shop_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."shop_goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stock_moves" ADD CONSTRAINT "shop_stock_moves_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stock_moves" ADD CONSTRAINT "shop_stock_moves_goods_id_shop_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."shop_goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stock_moves" ADD CONSTRAINT "shop_stock_moves_sku_id_shop_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."shop_skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stock_moves" ADD CONSTRAINT "shop_stock_moves_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stock_moves" ADD CONSTRAINT "shop_stock_moves_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_categories_scenic_idx" ON "shop_categories" USING btree ("scenic_id","parent_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_categories_name_uq" ON "shop_categories" USING btree ("scenic_id",coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE INDEX "shop_goods_scenic_idx" ON "shop_goods" USING btree ("scenic_id","sort","id");--> statement-breakpoint
CREATE INDEX "shop_goods_category_idx" ON "shop_goods" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "shop_order_history_order_idx" ON "shop_order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "shop_order_lines_order_idx" ON "shop_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_no_uq" ON "shop_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "shop_orders_scenic_status_idx" ON "shop_orders" USING btree ("scenic_id","status","created_at");--> statement-breakpoint
CREATE INDEX "shop_orders_member_idx" ON "shop_orders" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "shop_payments_order_idx" ON "shop_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_payments_provider_uq" ON "shop_payments" USING btree ("pay_way","provider_txn_id") WHERE "shop_payments"."provider_txn_id" is not null;--> statement-breakpoint
CREATE INDEX "shop_services_scenic_idx" ON "shop_services" USING btree ("scenic_id","sort");--> statement-breakpoint
CREATE INDEX "shop_shipments_order_idx" ON "shop_shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shop_skus_goods_idx" ON "shop_skus" USING btree ("goods_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_skus_code_uq" ON "shop_skus" USING btree ("scenic_id","code") WHERE "shop_skus"."code" <> '';--> statement-breakpoint
CREATE INDEX "shop_stock_moves_sku_idx" ON "shop_stock_moves" USING btree ("sku_id","id");--> statement-breakpoint
CREATE INDEX "payments_txn_idx" ON "payments" USING btree ("provider_txn_id");--> statement-breakpoint
CREATE INDEX "ota_redemptions_due_idx" ON "ota_redemptions" USING btree ("result","ticket_id");--> statement-breakpoint
ALTER TABLE "ota_redemptions" ADD CONSTRAINT "ota_redemptions_result_ck" CHECK ("ota_redemptions"."result" in (0, 1, 2, 3));