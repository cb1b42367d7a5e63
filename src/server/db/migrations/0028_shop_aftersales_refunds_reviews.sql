CREATE TABLE "shop_aftersales" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"request_no" varchar(32) NOT NULL,
	"order_id" integer NOT NULL,
	"member_id" integer,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"status_before_refund" smallint NOT NULL,
	"reason" varchar(200) NOT NULL,
	"photos" varchar(500)[] DEFAULT '{}'::varchar[] NOT NULL,
	"lines" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"attempt" smallint DEFAULT 1 NOT NULL,
	"return_carrier" varchar(30) DEFAULT '' NOT NULL,
	"return_tracking_no" varchar(40) DEFAULT '' NOT NULL,
	"goods_received_at" timestamp with time zone,
	"reject_reason" varchar(200) DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_aftersales_type_check" CHECK ("shop_aftersales"."type" in (1, 2)),
	CONSTRAINT "shop_aftersales_status_check" CHECK ("shop_aftersales"."status" between 1 and 4),
	CONSTRAINT "shop_aftersales_amount_check" CHECK ("shop_aftersales"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"refund_no" varchar(32) NOT NULL,
	"order_id" integer NOT NULL,
	"aftersale_id" integer,
	"payment_id" integer,
	"pay_way" smallint NOT NULL,
	"amount" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'created' NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"fail_reason" varchar(200) DEFAULT '' NOT NULL,
	"provider_refund_id" varchar(64),
	"admin_id" integer,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_refunds_amount_check" CHECK ("shop_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"member_id" integer,
	"rating" smallint NOT NULL,
	"content" varchar(500) DEFAULT '' NOT NULL,
	"photos" varchar(500)[] DEFAULT '{}'::varchar[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_reviews_rating_check" CHECK ("shop_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "after_sale_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "review_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "close_reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_aftersales" ADD CONSTRAINT "shop_aftersales_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_aftersales" ADD CONSTRAINT "shop_aftersales_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_aftersales" ADD CONSTRAINT "shop_aftersales_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_aftersales" ADD CONSTRAINT "shop_aftersales_reviewer_id_admins_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_refunds" ADD CONSTRAINT "shop_refunds_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_refunds" ADD CONSTRAINT "shop_refunds_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_refunds" ADD CONSTRAINT "shop_refunds_aftersale_id_shop_aftersales_id_fk" FOREIGN KEY ("aftersale_id") REFERENCES "public"."shop_aftersales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_refunds" ADD CONSTRAINT "shop_refunds_payment_id_shop_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."shop_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_refunds" ADD CONSTRAINT "shop_refunds_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_reviews" ADD CONSTRAINT "shop_reviews_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_reviews" ADD CONSTRAINT "shop_reviews_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_reviews" ADD CONSTRAINT "shop_reviews_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_aftersales_no_uq" ON "shop_aftersales" USING btree ("request_no");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_aftersales_open_uq" ON "shop_aftersales" USING btree ("order_id") WHERE "shop_aftersales"."status" = 1;--> statement-breakpoint
CREATE INDEX "shop_aftersales_scenic_idx" ON "shop_aftersales" USING btree ("scenic_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_refunds_no_uq" ON "shop_refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "shop_refunds_order_idx" ON "shop_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shop_refunds_scenic_idx" ON "shop_refunds" USING btree ("scenic_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_reviews_order_uq" ON "shop_reviews" USING btree ("order_id");