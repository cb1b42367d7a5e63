ALTER TABLE "gate_events" ALTER COLUMN "gate_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gate_events" ALTER COLUMN "read_mode" DROP NOT NULL;