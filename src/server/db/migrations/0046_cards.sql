CREATE TABLE "card_holder_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"admin_id" integer,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"reason" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"kind_id" integer NOT NULL,
	"buyer_name" varchar(40) DEFAULT '' NOT NULL,
	"buyer_phone" varchar(20) DEFAULT '' NOT NULL,
	"source" varchar(32) NOT NULL,
	"pay_way" smallint NOT NULL,
	"amount" integer NOT NULL,
	"status" smallint NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_orders_status_ck" CHECK ("card_orders"."status" in (101, 201, 203, 301, 401, 501, 502)),
	CONSTRAINT "card_orders_amounts_ck" CHECK ("card_orders"."amount" >= 0 and "card_orders"."refunded_amount" between 0 and "card_orders"."amount")
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"card_no" varchar(16) NOT NULL,
	"order_id" integer NOT NULL,
	"kind_id" integer NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"holder_name" varchar(40) DEFAULT '' NOT NULL,
	"holder_id_number" varchar(18) DEFAULT '' NOT NULL,
	"holder_phone" varchar(20) DEFAULT '' NOT NULL,
	"face_photo" varchar(500) DEFAULT '' NOT NULL,
	"activated_at" timestamp with time zone,
	"valid_from" date,
	"valid_until" date,
	"entries_used" integer DEFAULT 0 NOT NULL,
	"entries_today" integer DEFAULT 0 NOT NULL,
	"last_entry_day" date,
	"replaced_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_state_ck" CHECK ("cards"."state" between 1 and 6),
	CONSTRAINT "cards_entries_ck" CHECK ("cards"."entries_used" >= 0 and "cards"."entries_today" >= 0),
	CONSTRAINT "cards_validity_ck" CHECK ("cards"."valid_until" is null or "cards"."valid_until" >= "cards"."valid_from"),
	CONSTRAINT "cards_replaced_ck" CHECK (("cards"."state" = 4) = ("cards"."replaced_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "card_holder_changes" ADD CONSTRAINT "card_holder_changes_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_holder_changes" ADD CONSTRAINT "card_holder_changes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_kind_id_card_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."card_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_order_id_card_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."card_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_kind_id_card_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."card_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_replaced_by_cards_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_holder_changes_card_idx" ON "card_holder_changes" USING btree ("card_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_orders_no_uq" ON "card_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "card_orders_scenic_idx" ON "card_orders" USING btree ("scenic_id","created_at");--> statement-breakpoint
CREATE INDEX "card_orders_kind_idx" ON "card_orders" USING btree ("kind_id");--> statement-breakpoint
CREATE INDEX "card_orders_buyer_phone_idx" ON "card_orders" USING btree ("scenic_id","buyer_phone");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_no_uq" ON "cards" USING btree ("card_no");--> statement-breakpoint
CREATE INDEX "cards_scenic_idx" ON "cards" USING btree ("scenic_id","created_at");--> statement-breakpoint
CREATE INDEX "cards_order_idx" ON "cards" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "cards_holder_id_idx" ON "cards" USING btree ("scenic_id","holder_id_number");--> statement-breakpoint
CREATE INDEX "cards_holder_phone_idx" ON "cards" USING btree ("scenic_id","holder_phone");