CREATE TABLE "pay_differences" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"pay_way" smallint NOT NULL,
	"statement_date" date NOT NULL,
	"kind" varchar(16) NOT NULL,
	"line_kind" varchar(8) NOT NULL,
	"payment_no" varchar(32) NOT NULL,
	"refund_no" varchar(32) DEFAULT '' NOT NULL,
	"provider_txn_id" varchar(64) DEFAULT '' NOT NULL,
	"our_amount" integer,
	"their_amount" integer,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"pay_way" smallint NOT NULL,
	"statement_date" date NOT NULL,
	"status" varchar(16) DEFAULT 'running' NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL,
	"error" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD COLUMN "amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pay_differences" ADD CONSTRAINT "pay_differences_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_statements" ADD CONSTRAINT "pay_statements_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_differences_line_uq" ON "pay_differences" USING btree ("scenic_id","pay_way","statement_date","line_kind","payment_no","refund_no");--> statement-breakpoint
CREATE INDEX "pay_differences_scenic_date_idx" ON "pay_differences" USING btree ("scenic_id","statement_date");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_statements_day_uq" ON "pay_statements" USING btree ("scenic_id","pay_way","statement_date");