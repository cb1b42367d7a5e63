CREATE TABLE "gate_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"gate_id" integer NOT NULL,
	"device_id" varchar(64) NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"direction" varchar(8) NOT NULL,
	"entry_type" smallint,
	"read_mode" smallint NOT NULL,
	"ticket_id" bigint,
	"order_id" bigint,
	"staff_card_id" integer,
	"scanned_value" varchar(64) DEFAULT '' NOT NULL,
	"result" varchar(32) NOT NULL,
	"visitor_name" varchar(50) DEFAULT '' NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"forced" boolean DEFAULT false NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"key" varchar(128) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"scenic_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_type" smallint NOT NULL,
	"session_id" integer,
	"period_id" integer,
	"show_id" integer,
	"seat_row" integer,
	"seat_col" integer,
	"seat_label" varchar(16),
	"visit_date" date NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"price" integer NOT NULL,
	"visitor_name" varchar(50) DEFAULT '' NOT NULL,
	"visitor_id_number" varchar(18),
	"visitor_phone" varchar(20) DEFAULT '' NOT NULL,
	"code" varchar(64),
	"status" smallint NOT NULL,
	"entries_left" integer DEFAULT 1 NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"first_entry_at" timestamp with time zone,
	"print_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"scenic_id" integer NOT NULL,
	"pay_way" smallint NOT NULL,
	"provider" varchar(32) NOT NULL,
	"provider_txn_id" varchar(64),
	"amount" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_ck" CHECK ("payments"."amount" >= 0 and "payments"."refunded_amount" >= 0 and "payments"."refunded_amount" <= "payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"status_before_refund" smallint NOT NULL,
	"ticket_amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"refund_amount" integer NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"requested_by" varchar(64) NOT NULL,
	"requested_by_admin_id" integer,
	"reviewed_by_admin_id" integer,
	"reviewed_at" timestamp with time zone,
	"reject_reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_requests_amount_ck" CHECK ("refund_requests"."fee" >= 0 and "refund_requests"."refund_amount" >= 0 and "refund_requests"."fee" + "refund_requests"."refund_amount" = "refund_requests"."ticket_amount")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"payment_id" bigint NOT NULL,
	"refund_request_id" bigint,
	"ticket_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"amount" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"provider_refund_id" varchar(64),
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_ck" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"scenic_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"admin_id" integer,
	"external_no" varchar(64),
	"buyer_name" varchar(50) DEFAULT '' NOT NULL,
	"buyer_phone" varchar(20) DEFAULT '' NOT NULL,
	"buyer_id_number" varchar(18),
	"visit_date" date NOT NULL,
	"ticket_count" integer NOT NULL,
	"total_amount" integer DEFAULT 0 NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"pay_status" smallint DEFAULT 101 NOT NULL,
	"pay_way" smallint,
	"status" smallint NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_orders_money_ck" CHECK ("ticket_orders"."total_amount" >= 0 and "ticket_orders"."paid_amount" >= 0 and "ticket_orders"."refunded_amount" >= 0 and "ticket_orders"."refunded_amount" <= "ticket_orders"."paid_amount")
);
--> statement-breakpoint
ALTER TABLE "gate_events" ADD CONSTRAINT "gate_events_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_events" ADD CONSTRAINT "gate_events_ticket_id_order_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."order_tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_events" ADD CONSTRAINT "gate_events_staff_card_id_staff_cards_id_fk" FOREIGN KEY ("staff_card_id") REFERENCES "public"."staff_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD CONSTRAINT "order_tickets_order_id_ticket_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ticket_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD CONSTRAINT "order_tickets_product_id_ticket_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."ticket_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD CONSTRAINT "order_tickets_session_id_product_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."product_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD CONSTRAINT "order_tickets_period_id_scenic_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."scenic_periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD CONSTRAINT "order_tickets_show_id_theatre_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."theatre_shows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_ticket_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ticket_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_order_id_ticket_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ticket_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_ticket_id_order_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."order_tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_ticket_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ticket_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_refund_request_id_refund_requests_id_fk" FOREIGN KEY ("refund_request_id") REFERENCES "public"."refund_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gate_events_nonce_uq" ON "gate_events" USING btree ("device_id","nonce");--> statement-breakpoint
CREATE INDEX "gate_events_scenic_time_idx" ON "gate_events" USING btree ("scenic_id","scanned_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gate_events_ticket_idx" ON "gate_events" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_uq" ON "idempotency_keys" USING btree ("client_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_tickets_order_idx" ON "order_tickets" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_tickets_code_uq" ON "order_tickets" USING btree ("code");--> statement-breakpoint
CREATE INDEX "order_tickets_scenic_status_idx" ON "order_tickets" USING btree ("scenic_id","status","valid_until");--> statement-breakpoint
CREATE INDEX "order_tickets_id_number_idx" ON "order_tickets" USING btree ("visitor_id_number");--> statement-breakpoint
CREATE INDEX "order_tickets_product_idx" ON "order_tickets" USING btree ("product_id","visit_date");--> statement-breakpoint
CREATE UNIQUE INDEX "order_tickets_seat_uq" ON "order_tickets" USING btree ("show_id","seat_row","seat_col") WHERE "order_tickets"."show_id" is not null and "order_tickets"."status" not in (102, 103, 203, 502);--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_txn_uq" ON "payments" USING btree ("provider","provider_txn_id");--> statement-breakpoint
CREATE INDEX "refund_requests_scenic_status_idx" ON "refund_requests" USING btree ("scenic_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "refund_requests_order_idx" ON "refund_requests" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_open_uq" ON "refund_requests" USING btree ("ticket_id") WHERE "refund_requests"."status" = 1;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_orders_no_uq" ON "ticket_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_orders_external_uq" ON "ticket_orders" USING btree ("client_id","external_no");--> statement-breakpoint
CREATE INDEX "ticket_orders_scenic_created_idx" ON "ticket_orders" USING btree ("scenic_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ticket_orders_scenic_visit_idx" ON "ticket_orders" USING btree ("scenic_id","visit_date");--> statement-breakpoint
CREATE INDEX "ticket_orders_scenic_status_idx" ON "ticket_orders" USING btree ("scenic_id","status");--> statement-breakpoint
CREATE INDEX "ticket_orders_phone_idx" ON "ticket_orders" USING btree ("buyer_phone");--> statement-breakpoint
CREATE INDEX "ticket_orders_unpaid_idx" ON "ticket_orders" USING btree ("expires_at") WHERE "ticket_orders"."pay_status" = 101;