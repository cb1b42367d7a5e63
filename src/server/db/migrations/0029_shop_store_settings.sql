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
ALTER TABLE "shop_account_profiles" ADD CONSTRAINT "shop_account_profiles_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_store_settings" ADD CONSTRAINT "shop_store_settings_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_store_settings" ADD CONSTRAINT "shop_store_settings_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;