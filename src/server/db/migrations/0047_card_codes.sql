CREATE TABLE "card_code_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"kind_id" integer NOT NULL,
	"count" integer NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_code_batches_count_ck" CHECK ("card_code_batches"."count" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "card_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"kind_id" integer NOT NULL,
	"code" varchar(16) NOT NULL,
	"status" smallint DEFAULT 101 NOT NULL,
	"voided_at" timestamp with time zone,
	"card_id" integer,
	"member_id" integer,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_codes_status_ck" CHECK ("card_codes"."status" in (101, 201, 301)),
	CONSTRAINT "card_codes_void_ck" CHECK ("card_codes"."voided_at" is null or "card_codes"."status" = 101),
	CONSTRAINT "card_codes_card_ck" CHECK (("card_codes"."status" = 101) = ("card_codes"."card_id" is null))
);
--> statement-breakpoint
ALTER TABLE "card_code_batches" ADD CONSTRAINT "card_code_batches_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_code_batches" ADD CONSTRAINT "card_code_batches_kind_id_card_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."card_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_code_batches" ADD CONSTRAINT "card_code_batches_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_codes" ADD CONSTRAINT "card_codes_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_codes" ADD CONSTRAINT "card_codes_batch_id_card_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."card_code_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_codes" ADD CONSTRAINT "card_codes_kind_id_card_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."card_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_codes" ADD CONSTRAINT "card_codes_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_code_batches_scenic_idx" ON "card_code_batches" USING btree ("scenic_id","kind_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_codes_code_uq" ON "card_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "card_codes_batch_idx" ON "card_codes" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "card_codes_scenic_idx" ON "card_codes" USING btree ("scenic_id","kind_id");--> statement-breakpoint
CREATE INDEX "card_codes_card_idx" ON "card_codes" USING btree ("card_id");