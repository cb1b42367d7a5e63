ALTER TABLE "order_tickets" ADD COLUMN "timer_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_tickets" ADD COLUMN "timer_paused_ms" bigint DEFAULT 0 NOT NULL;