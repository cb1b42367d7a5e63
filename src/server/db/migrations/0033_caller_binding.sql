ALTER TABLE "oauth_clients" ADD COLUMN "scenic_id" integer;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "caller_kind" varchar(24);--> statement-breakpoint
ALTER TABLE "scenic_settings" ADD COLUMN "two_person_payout" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_scenic_id_scenic_areas_id_fk" FOREIGN KEY ("scenic_id") REFERENCES "public"."scenic_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "oauth_clients" c SET "scenic_id" = t."scenic_id", "caller_kind" = t."kind" FROM "terminals" t WHERE t."client_id" = c."client_id";--> statement-breakpoint
UPDATE "oauth_clients" c SET "scenic_id" = d."scenic_id", "caller_kind" = 'agency' FROM "distributors" d WHERE d."client_id" = c."client_id";--> statement-breakpoint
UPDATE "oauth_clients" SET "caller_kind" = CASE "client_id"
  WHEN 'winManagement' THEN 'winManagement'
  WHEN 'selfManagement' THEN 'selfManagement'
  WHEN 'handManagement' THEN 'handManagement'
  WHEN 'weixinManagement' THEN 'miniProgram'
  WHEN 'distributionManagement' THEN 'distribution'
  WHEN 'zowoyooManagement' THEN 'ota'
  WHEN 'pftManagement' THEN 'ota'
  WHEN 'ctripManagement' THEN 'ota'
  WHEN 'mtManagement' THEN 'ota'
END WHERE "scenic_id" IS NULL;
