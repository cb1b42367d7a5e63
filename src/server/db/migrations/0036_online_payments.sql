CREATE TABLE "pay_intents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"pay_way" smallint NOT NULL,
	"provider" varchar(32) NOT NULL,
	"payment_no" varchar(32) NOT NULL,
	"target" varchar(16) NOT NULL,
	"target_no" varchar(32) NOT NULL,
	"amount" integer NOT NULL,
	"scene" varchar(8) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"provider_txn_id" varchar(64),
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_intents_amount_ck" CHECK ("pay_intents"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "provider_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"target" varchar(16) NOT NULL,
	"refund_id" bigint NOT NULL,
	"refund_no" varchar(32) NOT NULL,
	"pay_way" smallint NOT NULL,
	"payment_no" varchar(32) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_intents" ADD CONSTRAINT "pay_intents_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD CONSTRAINT "provider_refunds_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_intents_payment_no_uq" ON "pay_intents" USING btree ("payment_no");--> statement-breakpoint
CREATE INDEX "pay_intents_target_idx" ON "pay_intents" USING btree ("scenic_id","target","target_no");--> statement-breakpoint
CREATE INDEX "pay_intents_pending_idx" ON "pay_intents" USING btree ("expires_at") WHERE "pay_intents"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "provider_refunds_refund_uq" ON "provider_refunds" USING btree ("target","refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_refunds_no_uq" ON "provider_refunds" USING btree ("refund_no");