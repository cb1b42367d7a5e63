ALTER TABLE "cards" ADD COLUMN "ic_no" varchar(32);--> statement-breakpoint
ALTER TABLE "gate_events" ADD COLUMN "card_no" varchar(16);--> statement-breakpoint
CREATE UNIQUE INDEX "cards_scenic_ic_uq" ON "cards" USING btree ("scenic_id","ic_no");--> statement-breakpoint
CREATE INDEX "gate_events_card_idx" ON "gate_events" USING btree ("card_no","scanned_at") WHERE "gate_events"."card_no" is not null;