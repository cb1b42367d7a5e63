ALTER TABLE "card_refunds" DROP CONSTRAINT "card_refunds_status_ck";--> statement-breakpoint
ALTER TABLE "card_orders" ALTER COLUMN "pay_way" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_status_ck" CHECK ("card_refunds"."status" in ('created', 'transit', 'done', 'failed', 'external'));--> statement-breakpoint
-- an unpaid order (C1) and one cancelled unpaid (C4) have no pay way: 0 is a redeem code (paid at once)
UPDATE "card_orders" SET "pay_way" = NULL WHERE "paid_at" IS NULL;