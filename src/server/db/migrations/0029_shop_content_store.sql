CREATE TABLE "shop_carousels" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"title" varchar(30) NOT NULL,
	"image" varchar(500) NOT NULL,
	"link_type" smallint DEFAULT 4 NOT NULL,
	"link_id" integer,
	"link_url" varchar(500) DEFAULT '' NOT NULL,
	"display" smallint DEFAULT 1 NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_carousels_link_type_check" CHECK ("shop_carousels"."link_type" in (1, 2, 3, 4)),
	CONSTRAINT "shop_carousels_display_check" CHECK ("shop_carousels"."display" in (1, 2)),
	CONSTRAINT "shop_carousels_status_check" CHECK ("shop_carousels"."status" in (1, 2)),
	CONSTRAINT "shop_carousels_window_check" CHECK ("shop_carousels"."start_at" is null or "shop_carousels"."end_at" is null or "shop_carousels"."end_at" > "shop_carousels"."start_at")
);
--> statement-breakpoint
CREATE TABLE "shop_cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"goods_name" varchar(60) NOT NULL,
	"spec_text" varchar(100) DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_cart_items_quantity_check" CHECK ("shop_cart_items"."quantity" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "shop_home_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"title" varchar(30) NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"goods_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"category_id" integer,
	"layout" smallint DEFAULT 1 NOT NULL,
	"goods_limit" integer DEFAULT 6 NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_home_modules_kind_check" CHECK ("shop_home_modules"."kind" in (1, 2)),
	CONSTRAINT "shop_home_modules_layout_check" CHECK ("shop_home_modules"."layout" in (1, 2, 3)),
	CONSTRAINT "shop_home_modules_status_check" CHECK ("shop_home_modules"."status" in (1, 2)),
	CONSTRAINT "shop_home_modules_limit_check" CHECK ("shop_home_modules"."goods_limit" between 1 and 50),
	CONSTRAINT "shop_home_modules_window_check" CHECK ("shop_home_modules"."start_at" is null or "shop_home_modules"."end_at" is null or "shop_home_modules"."end_at" > "shop_home_modules"."start_at")
);
--> statement-breakpoint
CREATE TABLE "shop_serve_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"service_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_serve_models_status_check" CHECK ("shop_serve_models"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "shop_account_profiles" (
	"admin_id" integer PRIMARY KEY NOT NULL,
	"phone" varchar(11) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_store_settings" (
	"scenic_id" integer PRIMARY KEY NOT NULL,
	"issuer_name" varchar(100) NOT NULL,
	"taxpayer_id" varchar(18) NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"bank_name" varchar(100) DEFAULT '' NOT NULL,
	"bank_account" varchar(32) DEFAULT '' NOT NULL,
	"invoice_kinds" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"item_name" varchar(60) NOT NULL,
	"tax_code" varchar(19) NOT NULL,
	"tax_rate" integer NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"buyer_may_request" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_store_settings_tax_rate_check" CHECK ("shop_store_settings"."tax_rate" between 0 and 10000),
	CONSTRAINT "shop_store_settings_kinds_check" CHECK ("shop_store_settings"."invoice_kinds" <@ '{1,2}'::smallint[])
);
--> statement-breakpoint
ALTER TABLE "shop_carousels" ADD CONSTRAINT "shop_carousels_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_items" ADD CONSTRAINT "shop_cart_items_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_items" ADD CONSTRAINT "shop_cart_items_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_home_modules" ADD CONSTRAINT "shop_home_modules_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_home_modules" ADD CONSTRAINT "shop_home_modules_category_id_shop_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."shop_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_serve_models" ADD CONSTRAINT "shop_serve_models_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_account_profiles" ADD CONSTRAINT "shop_account_profiles_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_store_settings" ADD CONSTRAINT "shop_store_settings_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_store_settings" ADD CONSTRAINT "shop_store_settings_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_carousels_scenic_idx" ON "shop_carousels" USING btree ("scenic_id","display","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_cart_items_member_sku_uq" ON "shop_cart_items" USING btree ("member_id","sku_id");--> statement-breakpoint
CREATE INDEX "shop_home_modules_scenic_idx" ON "shop_home_modules" USING btree ("scenic_id","sort");--> statement-breakpoint
CREATE INDEX "shop_serve_models_scenic_idx" ON "shop_serve_models" USING btree ("scenic_id","sort");