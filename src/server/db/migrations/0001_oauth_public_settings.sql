CREATE TABLE "scenic_settings" (
	"scenic_id" integer PRIMARY KEY NOT NULL,
	"contact" varchar(50) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"open_time" varchar(5) NOT NULL,
	"close_time" varchar(5) NOT NULL,
	"notice" varchar(2000) DEFAULT '' NOT NULL,
	"refund_rule" smallint NOT NULL,
	"refund_deadline_hours" integer DEFAULT 0 NOT NULL,
	"refund_fee_unit" smallint NOT NULL,
	"refund_fee_value" integer DEFAULT 0 NOT NULL,
	"real_name_type" smallint NOT NULL,
	"print_type" smallint NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scenic_settings_hours_ck" CHECK ("scenic_settings"."open_time" < "scenic_settings"."close_time"),
	CONSTRAINT "scenic_settings_fee_ck" CHECK ("scenic_settings"."refund_fee_value" >= 0 and ("scenic_settings"."refund_fee_unit" <> 2 or "scenic_settings"."refund_fee_value" <= 100))
);
--> statement-breakpoint
ALTER TABLE "scenic_settings" ADD CONSTRAINT "scenic_settings_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_clients_one_public_uq" ON "oauth_clients" USING btree ("is_public") WHERE "oauth_clients"."is_public";--> statement-breakpoint
CREATE INDEX "tokens_client_idx" ON "tokens" USING btree ("client_id");