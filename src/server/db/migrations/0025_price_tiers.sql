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
ALTER TABLE "distributors" ADD COLUMN "tier_id" integer;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD COLUMN "retail_floor" integer;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD COLUMN "tier_id" integer;--> statement-breakpoint
ALTER TABLE "price_tier_lines" ADD CONSTRAINT "price_tier_lines_tier_id_price_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."price_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tier_lines" ADD CONSTRAINT "price_tier_lines_product_id_ticket_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."ticket_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tiers" ADD CONSTRAINT "price_tiers_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_tier_lines_tier_idx" ON "price_tier_lines" USING btree ("tier_id","product_id","date_from");--> statement-breakpoint
CREATE INDEX "price_tiers_scenic_idx" ON "price_tiers" USING btree ("scenic_id","id");--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_tier_id_price_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."price_tiers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_tier_id_price_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."price_tiers"("id") ON DELETE restrict ON UPDATE no action;