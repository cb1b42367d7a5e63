CREATE TABLE "sms_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"phone" varchar(20) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"client_ip" varchar(45) DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_codes" ADD CONSTRAINT "sms_codes_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("scenic_id","phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_idx" ON "sms_codes" USING btree ("client_ip","created_at");