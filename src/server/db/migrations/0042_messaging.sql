CREATE TABLE "outbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"channel" smallint DEFAULT 1 NOT NULL,
	"template" smallint NOT NULL,
	"use" smallint DEFAULT 2 NOT NULL,
	"recipient" varchar(32) NOT NULL,
	"variables" jsonb NOT NULL,
	"event_key" varchar(96) NOT NULL,
	"client_ip" varchar(45) DEFAULT '' NOT NULL,
	"ref" varchar(64) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"platform" smallint,
	"text" varchar(600) DEFAULT '' NOT NULL,
	"result" varchar(64) DEFAULT '' NOT NULL,
	"result_message" varchar(255) DEFAULT '' NOT NULL,
	"provider_message_id" varchar(128) DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"resend_of" bigint,
	"resent_as" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_status_ck" CHECK ("outbox_messages"."status" in (0, 1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "sms_platforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"platform" smallint NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"access_key_id" varchar(128) DEFAULT '' NOT NULL,
	"secret_sealed" text DEFAULT '' NOT NULL,
	"sdk_app_id" varchar(64) DEFAULT '' NOT NULL,
	"region" varchar(64) DEFAULT '' NOT NULL,
	"endpoint" varchar(255) DEFAULT '' NOT NULL,
	"sign_name" varchar(32) DEFAULT '' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_platforms_platform_ck" CHECK ("sms_platforms"."platform" in (0, 1, 2, 9))
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"template" smallint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"template_code" varchar(64) DEFAULT '' NOT NULL,
	"sign_name" varchar(32) DEFAULT '' NOT NULL,
	"content" varchar(500) NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_templates_template_ck" CHECK ("sms_templates"."template" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "sms_uses" (
	"scenic_id" integer NOT NULL,
	"use" smallint NOT NULL,
	"platform" smallint NOT NULL,
	CONSTRAINT "sms_uses_scenic_id_use_pk" PRIMARY KEY("scenic_id","use")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_platforms" ADD CONSTRAINT "sms_platforms_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_uses" ADD CONSTRAINT "sms_uses_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_event_uq" ON "outbox_messages" USING btree ("scenic_id","event_key");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."status" in (0, 1);--> statement-breakpoint
CREATE INDEX "outbox_messages_scenic_created_idx" ON "outbox_messages" USING btree ("scenic_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_scenic_recipient_idx" ON "outbox_messages" USING btree ("scenic_id","recipient");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_platforms_scenic_platform_uq" ON "sms_platforms" USING btree ("scenic_id","platform");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_templates_scenic_template_uq" ON "sms_templates" USING btree ("scenic_id","template");