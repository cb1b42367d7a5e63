CREATE TABLE "distributor_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"account" varchar(8) NOT NULL,
	"kind" smallint NOT NULL,
	"change" integer NOT NULL,
	"amount_after" integer NOT NULL,
	"reference" varchar(40) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributor_ledger_after_check" CHECK ("distributor_ledger"."amount_after" >= 0 and "distributor_ledger"."change" <> 0),
	CONSTRAINT "distributor_ledger_kind_check" CHECK ("distributor_ledger"."kind" between 1 and 9),
	CONSTRAINT "distributor_ledger_sign_check" CHECK (("distributor_ledger"."account" = 'balance' and ("distributor_ledger"."kind" in (1, 3, 7) and "distributor_ledger"."change" > 0 or "distributor_ledger"."kind" in (2, 6) and "distributor_ledger"."change" < 0 or "distributor_ledger"."kind" = 9))
        or ("distributor_ledger"."account" = 'credit' and ("distributor_ledger"."kind" = 4 and "distributor_ledger"."change" > 0 or "distributor_ledger"."kind" in (3, 5) and "distributor_ledger"."change" < 0 or "distributor_ledger"."kind" = 9))
        or ("distributor_ledger"."account" = 'held' and ("distributor_ledger"."kind" = 6 and "distributor_ledger"."change" > 0 or "distributor_ledger"."kind" in (7, 8) and "distributor_ledger"."change" < 0)))
);
--> statement-breakpoint
CREATE TABLE "distributors" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"admin_id" integer,
	"company" varchar(100) NOT NULL,
	"contact" varchar(50) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 4 NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"credit_limit" integer DEFAULT 0 NOT NULL,
	"credit_used" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributors_state_check" CHECK ("distributors"."state" between 1 and 4),
	CONSTRAINT "distributors_account_check" CHECK ("distributors"."state" in (3, 4) or "distributors"."admin_id" is not null),
	CONSTRAINT "distributors_balance_check" CHECK ("distributors"."balance" >= 0 and "distributors"."held" >= 0),
	CONSTRAINT "distributors_credit_check" CHECK ("distributors"."credit_limit" >= 0 and "distributors"."credit_used" between 0 and "distributors"."credit_limit")
);
--> statement-breakpoint
ALTER TABLE "distributor_ledger" ADD CONSTRAINT "distributor_ledger_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_ledger" ADD CONSTRAINT "distributor_ledger_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_ledger" ADD CONSTRAINT "distributor_ledger_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distributor_ledger_distributor_idx" ON "distributor_ledger" USING btree ("distributor_id","id");--> statement-breakpoint
CREATE INDEX "distributor_ledger_scenic_created_idx" ON "distributor_ledger" USING btree ("scenic_id","created_at");--> statement-breakpoint
CREATE INDEX "distributor_ledger_reference_idx" ON "distributor_ledger" USING btree ("scenic_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "distributors_admin_uq" ON "distributors" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "distributors_scenic_idx" ON "distributors" USING btree ("scenic_id","id");--> statement-breakpoint
-- The ledger is append-only: a movement is corrected by a new row, never by editing one (docs/domain.md
-- "Facts in append-only records"). Only the operator's account may still be set null when it is deleted.
CREATE FUNCTION "distributor_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'distributor_ledger rows are append-only' USING ERRCODE = 'P0409';
END
$$;--> statement-breakpoint
CREATE TRIGGER "distributor_ledger_append_only" BEFORE UPDATE OF "scenic_id", "distributor_id", "account", "kind",
  "change", "amount_after", "reference", "remark", "created_at" ON "distributor_ledger"
  FOR EACH ROW EXECUTE FUNCTION "distributor_ledger_append_only"();
