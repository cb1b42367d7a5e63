CREATE TABLE "mp_access_tokens" (
	"app_id" varchar(32) NOT NULL,
	"api_base" varchar(255) NOT NULL,
	"token_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mp_access_tokens_app_id_api_base_pk" PRIMARY KEY("app_id","api_base")
);
--> statement-breakpoint
CREATE TABLE "mp_apps" (
	"scenic_id" integer PRIMARY KEY NOT NULL,
	"app_id" varchar(32) DEFAULT '' NOT NULL,
	"secret_sealed" text DEFAULT '' NOT NULL,
	"api_base" varchar(255) DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mp_members" (
	"scenic_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"app_id" varchar(32) NOT NULL,
	"openid" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mp_members_scenic_id_member_id_pk" PRIMARY KEY("scenic_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "subscribe_consents" (
	"scenic_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"accepted" boolean DEFAULT false NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"answer" varchar(8) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscribe_consents_template_id_member_id_pk" PRIMARY KEY("template_id","member_id"),
	CONSTRAINT "subscribe_consents_remaining_ck" CHECK ("subscribe_consents"."remaining" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "subscribe_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenic_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"use" smallint DEFAULT 1 NOT NULL,
	"title" varchar(30) NOT NULL,
	"wx_template_id" varchar(64) NOT NULL,
	"fields" jsonb NOT NULL,
	"page" varchar(255) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscribe_templates_type_ck" CHECK ("subscribe_templates"."type" in (2, 3)),
	CONSTRAINT "subscribe_templates_use_ck" CHECK ("subscribe_templates"."use" in (1))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "mp_apps" ADD CONSTRAINT "mp_apps_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mp_members" ADD CONSTRAINT "mp_members_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mp_members" ADD CONSTRAINT "mp_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribe_consents" ADD CONSTRAINT "subscribe_consents_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribe_consents" ADD CONSTRAINT "subscribe_consents_template_id_subscribe_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."subscribe_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribe_consents" ADD CONSTRAINT "subscribe_consents_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribe_templates" ADD CONSTRAINT "subscribe_templates_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mp_members_openid_uq" ON "mp_members" USING btree ("scenic_id","app_id","openid");--> statement-breakpoint
CREATE INDEX "subscribe_consents_member_idx" ON "subscribe_consents" USING btree ("scenic_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribe_templates_wx_uq" ON "subscribe_templates" USING btree ("scenic_id","wx_template_id");