CREATE TABLE "coupon_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"code" varchar(20) NOT NULL,
	"redeemed_by" integer,
	"redeemed_at" timestamp with time zone,
	"member_coupon_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"coupon_type" smallint DEFAULT 0 NOT NULL,
	"use_type" smallint DEFAULT 1 NOT NULL,
	"scope" smallint DEFAULT 0 NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"discount_kind" smallint DEFAULT 1 NOT NULL,
	"amount_off" integer DEFAULT 0 NOT NULL,
	"percent" smallint DEFAULT 100 NOT NULL,
	"min_spend" integer DEFAULT 0 NOT NULL,
	"validity_kind" smallint DEFAULT 1 NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"valid_days" integer DEFAULT 0 NOT NULL,
	"total_quantity" integer NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"per_member_limit" integer DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_type_check" CHECK ("coupons"."coupon_type" in (0, 1, 2)),
	CONSTRAINT "coupons_use_check" CHECK ("coupons"."use_type" in (0, 1, 2)),
	CONSTRAINT "coupons_scope_check" CHECK ("coupons"."scope" in (0, 1)),
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."discount_kind" in (1, 2)),
	CONSTRAINT "coupons_percent_check" CHECK ("coupons"."percent" between 1 and 100 and "coupons"."amount_off" >= 0 and "coupons"."min_spend" >= 0),
	CONSTRAINT "coupons_validity_check" CHECK ("coupons"."validity_kind" in (1, 2) and "coupons"."valid_days" >= 0),
	CONSTRAINT "coupons_quantity_check" CHECK ("coupons"."issued" >= 0 and "coupons"."issued" <= "coupons"."total_quantity"),
	CONSTRAINT "coupons_limit_check" CHECK ("coupons"."per_member_limit" >= 1),
	CONSTRAINT "coupons_status_check" CHECK ("coupons"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "member_coupons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"status" smallint DEFAULT 101 NOT NULL,
	"receive_way" smallint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"reserved_order_no" varchar(32),
	"used_order_no" varchar(32),
	"used_at" timestamp with time zone,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_coupons_status_check" CHECK ("member_coupons"."status" in (101, 201, 301)),
	CONSTRAINT "member_coupons_used_check" CHECK (("member_coupons"."status" = 201) = ("member_coupons"."used_order_no" is not null))
);
--> statement-breakpoint
CREATE TABLE "member_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"operation" smallint NOT NULL,
	"change" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reference" varchar(40) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_ledger_after_check" CHECK ("member_ledger"."balance_after" >= 0 and "member_ledger"."change" <> 0),
	CONSTRAINT "member_ledger_sign_check" CHECK (("member_ledger"."operation" = 2) = ("member_ledger"."change" < 0) or "member_ledger"."operation" = 5),
	CONSTRAINT "member_ledger_operation_check" CHECK ("member_ledger"."operation" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "member_level_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"from_level_id" integer,
	"to_level_id" integer,
	"reason" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"basis" smallint DEFAULT 1 NOT NULL,
	"threshold" integer DEFAULT 0 NOT NULL,
	"discount" smallint DEFAULT 100 NOT NULL,
	"benefits" varchar(1000) DEFAULT '' NOT NULL,
	"badge" varchar(500) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_levels_threshold_check" CHECK ("member_levels"."threshold" >= 0),
	CONSTRAINT "member_levels_discount_check" CHECK ("member_levels"."discount" between 1 and 100),
	CONSTRAINT "member_levels_basis_check" CHECK ("member_levels"."basis" in (1, 2)),
	CONSTRAINT "member_levels_status_check" CHECK ("member_levels"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "member_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"phone" varchar(20),
	"nickname" varchar(50) DEFAULT '' NOT NULL,
	"avatar" varchar(500) DEFAULT '' NOT NULL,
	"level_id" integer,
	"balance" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"total_spend" integer DEFAULT 0 NOT NULL,
	"source" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_balance_check" CHECK ("members"."balance" >= 0),
	CONSTRAINT "members_points_check" CHECK ("members"."points" >= 0 and "members"."total_spend" >= 0),
	CONSTRAINT "members_status_check" CHECK ("members"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "recharge_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"pay_amount" integer NOT NULL,
	"gift_amount" integer DEFAULT 0 NOT NULL,
	"remark" varchar(100) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharge_rules_amount_check" CHECK ("recharge_rules"."pay_amount" > 0 and "recharge_rules"."gift_amount" >= 0),
	CONSTRAINT "recharge_rules_status_check" CHECK ("recharge_rules"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "recharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"recharge_no" varchar(32) NOT NULL,
	"member_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"gift_amount" integer DEFAULT 0 NOT NULL,
	"rule_id" integer,
	"pay_way" smallint NOT NULL,
	"status" smallint DEFAULT 101 NOT NULL,
	"provider_txn_id" varchar(64),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharges_amount_check" CHECK ("recharges"."amount" > 0 and "recharges"."gift_amount" >= 0),
	CONSTRAINT "recharges_status_check" CHECK ("recharges"."status" in (101, 201, 103))
);
--> statement-breakpoint
CREATE TABLE "travellers" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"id_type" smallint DEFAULT 1 NOT NULL,
	"id_number" varchar(30) NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "travellers_id_type_check" CHECK ("travellers"."id_type" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD COLUMN "member_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD COLUMN "member_coupon_id" bigint;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD COLUMN "original_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD COLUMN "level_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD COLUMN "coupon_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_redeemed_by_members_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_level_history" ADD CONSTRAINT "member_level_history_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_level_history" ADD CONSTRAINT "member_level_history_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_level_history" ADD CONSTRAINT "member_level_history_from_level_id_member_levels_id_fk" FOREIGN KEY ("from_level_id") REFERENCES "public"."member_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_level_history" ADD CONSTRAINT "member_level_history_to_level_id_member_levels_id_fk" FOREIGN KEY ("to_level_id") REFERENCES "public"."member_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_levels" ADD CONSTRAINT "member_levels_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_level_id_member_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."member_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_rules" ADD CONSTRAINT "recharge_rules_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_rule_id_recharge_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."recharge_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travellers" ADD CONSTRAINT "travellers_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travellers" ADD CONSTRAINT "travellers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_codes_code_uq" ON "coupon_codes" USING btree ("scenic_id","code");--> statement-breakpoint
CREATE INDEX "coupon_codes_coupon_idx" ON "coupon_codes" USING btree ("coupon_id","id");--> statement-breakpoint
CREATE INDEX "coupons_scenic_idx" ON "coupons" USING btree ("scenic_id","id");--> statement-breakpoint
CREATE INDEX "member_coupons_scenic_idx" ON "member_coupons" USING btree ("scenic_id","received_at","id");--> statement-breakpoint
CREATE INDEX "member_coupons_member_idx" ON "member_coupons" USING btree ("member_id","coupon_id");--> statement-breakpoint
CREATE INDEX "member_coupons_coupon_idx" ON "member_coupons" USING btree ("coupon_id","status");--> statement-breakpoint
CREATE INDEX "member_coupons_expiry_idx" ON "member_coupons" USING btree ("valid_until") WHERE "member_coupons"."status" = 101;--> statement-breakpoint
CREATE INDEX "member_ledger_member_idx" ON "member_ledger" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_ledger_scenic_created_idx" ON "member_ledger" USING btree ("scenic_id","created_at");--> statement-breakpoint
CREATE INDEX "member_level_history_member_idx" ON "member_level_history" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_levels_threshold_uq" ON "member_levels" USING btree ("scenic_id","basis","threshold");--> statement-breakpoint
CREATE UNIQUE INDEX "member_sessions_token_uq" ON "member_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "member_sessions_member_idx" ON "member_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_phone_uq" ON "members" USING btree ("scenic_id","phone");--> statement-breakpoint
CREATE INDEX "members_scenic_registered_idx" ON "members" USING btree ("scenic_id","registered_at","id");--> statement-breakpoint
CREATE INDEX "members_scenic_level_idx" ON "members" USING btree ("scenic_id","level_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_rules_amount_uq" ON "recharge_rules" USING btree ("scenic_id","pay_amount");--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_no_uq" ON "recharges" USING btree ("recharge_no");--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_txn_uq" ON "recharges" USING btree ("scenic_id","provider_txn_id");--> statement-breakpoint
CREATE INDEX "recharges_scenic_created_idx" ON "recharges" USING btree ("scenic_id","created_at","id");--> statement-breakpoint
CREATE INDEX "recharges_member_idx" ON "recharges" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "travellers_member_id_number_uq" ON "travellers" USING btree ("member_id","id_type","id_number");--> statement-breakpoint
CREATE INDEX "travellers_scenic_idx" ON "travellers" USING btree ("scenic_id","id");--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_member_coupon_id_member_coupons_id_fk" FOREIGN KEY ("member_coupon_id") REFERENCES "public"."member_coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_orders_member_idx" ON "ticket_orders" USING btree ("member_id","created_at") WHERE "ticket_orders"."member_id" is not null;