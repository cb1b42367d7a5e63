CREATE TABLE "notice_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"notice_type" smallint NOT NULL,
	"content" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"paper" smallint NOT NULL,
	"width_mm" integer NOT NULL,
	"height_mm" integer NOT NULL,
	"elements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_templates_size_ck" CHECK ("print_templates"."width_mm" > 0 and "print_templates"."height_mm" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sessions_time_ck" CHECK ("product_sessions"."start_time" < "product_sessions"."end_time")
);
--> statement-breakpoint
CREATE TABLE "ticket_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"product_type" smallint NOT NULL,
	"name" varchar(100) NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"intro" varchar(2000) DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"market_price" integer DEFAULT 0 NOT NULL,
	"validity_type" smallint NOT NULL,
	"validity_display" smallint DEFAULT 1 NOT NULL,
	"valid_days" integer DEFAULT 1 NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"time_limit_minutes" integer,
	"validity_text" varchar(200) DEFAULT '' NOT NULL,
	"time_windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entry_mode" smallint DEFAULT 1 NOT NULL,
	"entry_times" integer DEFAULT 1 NOT NULL,
	"real_name_type" smallint NOT NULL,
	"print_type" smallint NOT NULL,
	"limit_per_order" integer DEFAULT 0 NOT NULL,
	"limit_per_id_number" integer DEFAULT 0 NOT NULL,
	"channels" smallint[] NOT NULL,
	"refund_rule" smallint NOT NULL,
	"refund_deadline_hours" integer DEFAULT 0 NOT NULL,
	"refund_fee_unit" smallint DEFAULT 1 NOT NULL,
	"refund_fee_value" integer DEFAULT 0 NOT NULL,
	"notice_id" integer,
	"agreement_id" integer,
	"print_template_id" integer,
	"shelf_status" smallint DEFAULT 2 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_products_price_ck" CHECK ("ticket_products"."price" >= 0 and "ticket_products"."market_price" >= 0),
	CONSTRAINT "ticket_products_entry_ck" CHECK ("ticket_products"."entry_times" >= 1),
	CONSTRAINT "ticket_products_limits_ck" CHECK ("ticket_products"."limit_per_order" >= 0 and "ticket_products"."limit_per_id_number" >= 0),
	CONSTRAINT "ticket_products_fee_ck" CHECK ("ticket_products"."refund_fee_value" >= 0 and ("ticket_products"."refund_fee_unit" <> 2 or "ticket_products"."refund_fee_value" <= 100)),
	CONSTRAINT "ticket_products_interval_ck" CHECK ("ticket_products"."valid_from" is null or "ticket_products"."valid_to" is null or "ticket_products"."valid_from" <= "ticket_products"."valid_to")
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_calendar" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"session_id" integer,
	"date" date NOT NULL,
	"price" integer NOT NULL,
	"stock" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_calendar_stock_ck" CHECK ("price_calendar"."price" >= 0 and "price_calendar"."sold" >= 0 and "price_calendar"."sold" <= "price_calendar"."stock")
);
--> statement-breakpoint
CREATE TABLE "public_stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"date" date NOT NULL,
	"capacity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_stock_ck" CHECK ("public_stock"."sold" >= 0 and "public_stock"."sold" <= "public_stock"."capacity")
);
--> statement-breakpoint
CREATE TABLE "scenic_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"capacity" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scenic_periods_time_ck" CHECK ("scenic_periods"."start_time" < "scenic_periods"."end_time"),
	CONSTRAINT "scenic_periods_capacity_ck" CHECK ("scenic_periods"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "show_seats" (
	"id" serial PRIMARY KEY NOT NULL,
	"show_id" integer NOT NULL,
	"row" integer NOT NULL,
	"col" integer NOT NULL,
	"label" varchar(16) NOT NULL,
	"area_key" varchar(16) NOT NULL,
	"price" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"hold_ref" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "show_seats_price_ck" CHECK ("show_seats"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "theatre_shows" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"theatre_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"show_date" date NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "theatre_shows_time_ck" CHECK ("theatre_shows"."start_time" < "theatre_shows"."end_time")
);
--> statement-breakpoint
CREATE TABLE "theatres" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"rows" integer NOT NULL,
	"cols" integer NOT NULL,
	"areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seats" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "theatres_size_ck" CHECK ("theatres"."rows" between 1 and 100 and "theatres"."cols" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "gates" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(50) NOT NULL,
	"gate_type" smallint NOT NULL,
	"location" varchar(100) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"holder_name" varchar(50) NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"department" varchar(50) DEFAULT '' NOT NULL,
	"id_number" varchar(18),
	"ic_card_no" varchar(32),
	"face_image" varchar(500),
	"qr_code" varchar(64) NOT NULL,
	"read_modes" smallint[] NOT NULL,
	"gate_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_cards_validity_ck" CHECK ("staff_cards"."valid_from" < "staff_cards"."valid_to")
);
--> statement-breakpoint
ALTER TABLE "notice_templates" ADD CONSTRAINT "notice_templates_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_agreements" ADD CONSTRAINT "ticket_agreements_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_templates" ADD CONSTRAINT "print_templates_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sessions" ADD CONSTRAINT "product_sessions_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sessions" ADD CONSTRAINT "product_sessions_product_id_ticket_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."ticket_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_products" ADD CONSTRAINT "ticket_products_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_products" ADD CONSTRAINT "ticket_products_type_id_ticket_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."ticket_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_products" ADD CONSTRAINT "ticket_products_notice_id_notice_templates_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notice_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_products" ADD CONSTRAINT "ticket_products_agreement_id_ticket_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."ticket_agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_products" ADD CONSTRAINT "ticket_products_print_template_id_print_templates_id_fk" FOREIGN KEY ("print_template_id") REFERENCES "public"."print_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_calendar" ADD CONSTRAINT "price_calendar_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_calendar" ADD CONSTRAINT "price_calendar_product_id_ticket_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."ticket_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_calendar" ADD CONSTRAINT "price_calendar_session_id_product_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."product_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_stock" ADD CONSTRAINT "public_stock_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_stock" ADD CONSTRAINT "public_stock_period_id_scenic_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."scenic_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenic_periods" ADD CONSTRAINT "scenic_periods_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_seats" ADD CONSTRAINT "show_seats_show_id_theatre_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."theatre_shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theatre_shows" ADD CONSTRAINT "theatre_shows_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theatre_shows" ADD CONSTRAINT "theatre_shows_theatre_id_theatres_id_fk" FOREIGN KEY ("theatre_id") REFERENCES "public"."theatres"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theatre_shows" ADD CONSTRAINT "theatre_shows_product_id_ticket_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."ticket_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theatres" ADD CONSTRAINT "theatres_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gates" ADD CONSTRAINT "gates_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_cards" ADD CONSTRAINT "staff_cards_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_templates_scenic_idx" ON "notice_templates" USING btree ("scenic_id");--> statement-breakpoint
CREATE INDEX "ticket_agreements_scenic_idx" ON "ticket_agreements" USING btree ("scenic_id");--> statement-breakpoint
CREATE INDEX "print_templates_scenic_idx" ON "print_templates" USING btree ("scenic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "print_templates_scenic_name_uq" ON "print_templates" USING btree ("scenic_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "print_templates_one_default_uq" ON "print_templates" USING btree ("scenic_id") WHERE "print_templates"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "product_sessions_product_start_uq" ON "product_sessions" USING btree ("product_id","start_time");--> statement-breakpoint
CREATE INDEX "ticket_products_scenic_idx" ON "ticket_products" USING btree ("scenic_id","shelf_status");--> statement-breakpoint
CREATE INDEX "ticket_products_type_idx" ON "ticket_products" USING btree ("type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_types_scenic_name_uq" ON "ticket_types" USING btree ("scenic_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "price_calendar_slot_uq" ON "price_calendar" USING btree ("product_id","date",coalesce("session_id", 0));--> statement-breakpoint
CREATE INDEX "price_calendar_scenic_date_idx" ON "price_calendar" USING btree ("scenic_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "public_stock_period_date_uq" ON "public_stock" USING btree ("period_id","date");--> statement-breakpoint
CREATE INDEX "public_stock_scenic_date_idx" ON "public_stock" USING btree ("scenic_id","date");--> statement-breakpoint
CREATE INDEX "scenic_periods_scenic_idx" ON "scenic_periods" USING btree ("scenic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scenic_periods_scenic_start_uq" ON "scenic_periods" USING btree ("scenic_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "show_seats_cell_uq" ON "show_seats" USING btree ("show_id","row","col");--> statement-breakpoint
CREATE INDEX "show_seats_hold_idx" ON "show_seats" USING btree ("hold_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "theatre_shows_slot_uq" ON "theatre_shows" USING btree ("theatre_id","show_date","start_time");--> statement-breakpoint
CREATE INDEX "theatre_shows_product_idx" ON "theatre_shows" USING btree ("product_id","show_date");--> statement-breakpoint
CREATE UNIQUE INDEX "theatres_scenic_name_uq" ON "theatres" USING btree ("scenic_id","name");--> statement-breakpoint
CREATE INDEX "gates_scenic_idx" ON "gates" USING btree ("scenic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gates_scenic_code_uq" ON "gates" USING btree ("scenic_id","code");--> statement-breakpoint
CREATE INDEX "staff_cards_scenic_idx" ON "staff_cards" USING btree ("scenic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_cards_qr_uq" ON "staff_cards" USING btree ("qr_code");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_cards_scenic_id_number_uq" ON "staff_cards" USING btree ("scenic_id","id_number");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_cards_scenic_ic_uq" ON "staff_cards" USING btree ("scenic_id","ic_card_no");