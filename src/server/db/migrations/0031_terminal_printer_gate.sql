ALTER TABLE "terminals" ADD COLUMN "gate_id" integer;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "printer_state" varchar(16);--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "paper_level" smallint;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminals_gate_idx" ON "terminals" USING btree ("gate_id");