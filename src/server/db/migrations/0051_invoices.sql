CREATE TABLE "invoice_issuers" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"tax_id" varchar(18) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"bank_name" varchar(100) DEFAULT '' NOT NULL,
	"bank_account" varchar(32) DEFAULT '' NOT NULL,
	"mode" smallint DEFAULT 2 NOT NULL,
	"line_kind" varchar(1) DEFAULT 'p' NOT NULL,
	"tax_rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider" varchar(20) DEFAULT 'nuonuo' NOT NULL,
	"provider_url" varchar(300) DEFAULT '' NOT NULL,
	"app_key" varchar(64) DEFAULT '' NOT NULL,
	"app_secret_sealed" text DEFAULT '' NOT NULL,
	"access_token_sealed" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_issuers_kind_ck" CHECK ("invoice_issuers"."kind" in (1, 2)),
	CONSTRAINT "invoice_issuers_mode_ck" CHECK ("invoice_issuers"."mode" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" bigint NOT NULL,
	"seq" smallint NOT NULL,
	"item_name" varchar(60) NOT NULL,
	"tax_code" varchar(19) NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"amount" integer NOT NULL,
	"rate" integer NOT NULL,
	"tax" integer NOT NULL,
	"property" smallint DEFAULT 0 NOT NULL,
	"zero_rate" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"invoice_id" bigint NOT NULL,
	"action" varchar(16) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"ok" boolean NOT NULL,
	"request" jsonb NOT NULL,
	"answer" jsonb,
	"message" varchar(500) DEFAULT '' NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_series" (
	"issuer_id" integer PRIMARY KEY NOT NULL,
	"code" varchar(12) NOT NULL,
	"next_no" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_series_next_ck" CHECK ("invoice_series"."next_no" between 1 and 99999999)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"issuer_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"blue_id" bigint,
	"line_kind" varchar(1) NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"source" varchar(16) NOT NULL,
	"source_id" bigint NOT NULL,
	"source_no" varchar(40) NOT NULL,
	"buyer_type" smallint NOT NULL,
	"buyer_name" varchar(100) NOT NULL,
	"buyer_tax_id" varchar(20) DEFAULT '' NOT NULL,
	"buyer_address" varchar(200) DEFAULT '' NOT NULL,
	"buyer_bank" varchar(150) DEFAULT '' NOT NULL,
	"buyer_email" varchar(100) DEFAULT '' NOT NULL,
	"buyer_phone" varchar(20) DEFAULT '' NOT NULL,
	"amount" integer NOT NULL,
	"tax" integer NOT NULL,
	"seller" jsonb,
	"code" varchar(12),
	"number" varchar(8),
	"provider_serial" varchar(40),
	"tax_invoice_code" varchar(20) DEFAULT '' NOT NULL,
	"tax_invoice_no" varchar(20) DEFAULT '' NOT NULL,
	"issued_at" timestamp with time zone,
	"pdf_key" varchar(300) DEFAULT '' NOT NULL,
	"fail_reason" varchar(300) DEFAULT '' NOT NULL,
	"tax_report" smallint DEFAULT 0 NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"requested_by" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_ck" CHECK (("invoices"."kind" = 1 and "invoices"."blue_id" is null) or ("invoices"."kind" = 2 and "invoices"."blue_id" is not null)),
	CONSTRAINT "invoices_state_ck" CHECK ("invoices"."state" between 0 and 9),
	CONSTRAINT "invoices_amount_ck" CHECK ("invoices"."amount" > 0 and "invoices"."tax" >= 0 and "invoices"."tax" <= "invoices"."amount")
);
--> statement-breakpoint
ALTER TABLE "invoice_issuers" ADD CONSTRAINT "invoice_issuers_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_records" ADD CONSTRAINT "invoice_records_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_records" ADD CONSTRAINT "invoice_records_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_series" ADD CONSTRAINT "invoice_series_issuer_id_invoice_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."invoice_issuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issuer_id_invoice_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."invoice_issuers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_blue_id_invoices_id_fk" FOREIGN KEY ("blue_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_issuers_scenic_kind_uq" ON "invoice_issuers" USING btree ("scenic_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_seq_uq" ON "invoice_lines" USING btree ("invoice_id","seq");--> statement-breakpoint
CREATE INDEX "invoice_records_scenic_idx" ON "invoice_records" USING btree ("scenic_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_records_invoice_idx" ON "invoice_records" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_scenic_idx" ON "invoices" USING btree ("scenic_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_source_idx" ON "invoices" USING btree ("scenic_id","source","source_id");--> statement-breakpoint
CREATE INDEX "invoices_blue_idx" ON "invoices" USING btree ("blue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("issuer_id","code","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_live_blue_uq" ON "invoices" USING btree ("source","source_id") WHERE "invoices"."kind" = 1 and "invoices"."state" <> 7;
--> statement-breakpoint
-- The invoice transitions of docs/domain.md "E-invoices" (src/shared/domain/invoice-transitions.ts,
-- V1-V10) as a table, and a trigger that refuses any other state change of an invoice, whatever the
-- code path. invoices.test.ts checks that this table equals the TypeScript one.
CREATE TABLE "invoice_state_transitions" (
  "from_state" smallint NOT NULL,
  "to_state" smallint NOT NULL,
  PRIMARY KEY ("from_state", "to_state")
);--> statement-breakpoint
INSERT INTO "invoice_state_transitions" ("from_state", "to_state") VALUES
  (0, 9),
  (1, 3),
  (1, 6),
  (2, 9),
  (3, 4),
  (3, 5),
  (4, 3),
  (4, 6),
  (5, 3),
  (6, 7),
  (6, 8),
  (8, 6),
  (9, 1),
  (9, 2);--> statement-breakpoint
CREATE FUNCTION "invoices_guard_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.state <> 0 THEN
      RAISE EXCEPTION 'an invoice starts requested (0), not %', NEW.state USING ERRCODE = 'P0409';
    END IF;
  ELSIF NEW.state <> OLD.state AND NOT EXISTS (
    SELECT 1 FROM invoice_state_transitions WHERE from_state = OLD.state AND to_state = NEW.state
  ) THEN
    RAISE EXCEPTION 'invoice state % -> % is not allowed', OLD.state, NEW.state USING ERRCODE = 'P0409';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_guard_state" BEFORE INSERT OR UPDATE OF "state" ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoices_guard_state"();--> statement-breakpoint
-- The records of the platform's requests are append-only (docs/domain.md "Facts in append-only records"):
-- never edited (an area deleted takes its rows with it).
CREATE FUNCTION "invoice_records_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoice_records rows are append-only' USING ERRCODE = 'P0409';
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoice_records_append_only" BEFORE UPDATE ON "invoice_records"
  FOR EACH ROW EXECUTE FUNCTION "invoice_records_append_only"();
