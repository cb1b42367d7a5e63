CREATE TABLE "distributor_credit_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"amount" integer NOT NULL,
	"limit_after" integer NOT NULL,
	"used_after" integer NOT NULL,
	"reference" varchar(40) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributor_credit_records_kind_check" CHECK ("distributor_credit_records"."kind" in (1, 2)),
	CONSTRAINT "distributor_credit_records_repay_check" CHECK ("distributor_credit_records"."kind" = 1 or "distributor_credit_records"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "distributor_top_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"top_up_no" varchar(32) NOT NULL,
	"amount" integer NOT NULL,
	"bank_ref" varchar(64) NOT NULL,
	"transfer_date" date NOT NULL,
	"voucher" varchar(500) DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributor_top_ups_amount_check" CHECK ("distributor_top_ups"."amount" > 0),
	CONSTRAINT "distributor_top_ups_state_check" CHECK ("distributor_top_ups"."state" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "tier_id" integer;--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "review_remark" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "distributor_credit_records" ADD CONSTRAINT "distributor_credit_records_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_credit_records" ADD CONSTRAINT "distributor_credit_records_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_credit_records" ADD CONSTRAINT "distributor_credit_records_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_top_ups" ADD CONSTRAINT "distributor_top_ups_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_top_ups" ADD CONSTRAINT "distributor_top_ups_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_top_ups" ADD CONSTRAINT "distributor_top_ups_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_top_ups" ADD CONSTRAINT "distributor_top_ups_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distributor_credit_records_scenic_idx" ON "distributor_credit_records" USING btree ("scenic_id","created_at");--> statement-breakpoint
CREATE INDEX "distributor_credit_records_distributor_idx" ON "distributor_credit_records" USING btree ("distributor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "distributor_top_ups_no_uq" ON "distributor_top_ups" USING btree ("top_up_no");--> statement-breakpoint
CREATE INDEX "distributor_top_ups_scenic_idx" ON "distributor_top_ups" USING btree ("scenic_id","created_at");--> statement-breakpoint
CREATE INDEX "distributor_top_ups_distributor_idx" ON "distributor_top_ups" USING btree ("distributor_id","id");--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;