CREATE TABLE "card_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"pay_way" smallint NOT NULL,
	"provider" varchar(32) NOT NULL,
	"provider_txn_id" varchar(64) NOT NULL,
	"amount" integer NOT NULL,
	"status" varchar(16) DEFAULT 'created' NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"fail_reason" varchar(300) DEFAULT '' NOT NULL,
	"provider_refund_id" varchar(64),
	"admin_id" integer,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_refunds_amount_ck" CHECK ("card_refunds"."amount" > 0),
	CONSTRAINT "card_refunds_status_ck" CHECK ("card_refunds"."status" in ('created', 'transit', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "member_id" integer;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "client_id" varchar(64);--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "provider" varchar(32);--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "provider_txn_id" varchar(64);--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "member_coupon_id" integer;--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "coupon_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_order_id_card_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."card_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_refunds_order_idx" ON "card_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "card_refunds_status_idx" ON "card_refunds" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "card_orders_member_idx" ON "card_orders" USING btree ("scenic_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_orders_provider_txn_uq" ON "card_orders" USING btree ("pay_way","provider_txn_id") WHERE "card_orders"."provider_txn_id" is not null;--> statement-breakpoint
CREATE INDEX "card_orders_unpaid_idx" ON "card_orders" USING btree ("expires_at") WHERE "card_orders"."status" = 101;