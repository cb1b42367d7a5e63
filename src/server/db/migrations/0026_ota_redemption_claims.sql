ALTER TABLE "ota_redemptions" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ota_redemptions" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "ota_redemptions_due_idx" ON "ota_redemptions" USING btree ("result","ticket_id");--> statement-breakpoint
ALTER TABLE "ota_redemptions" ADD CONSTRAINT "ota_redemptions_result_ck" CHECK ("ota_redemptions"."result" in (0, 1, 2, 3));