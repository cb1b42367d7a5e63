DROP INDEX "gate_events_scenic_time_idx";--> statement-breakpoint
DROP INDEX "refund_requests_scenic_status_idx";--> statement-breakpoint
DROP INDEX "ticket_orders_scenic_created_idx";--> statement-breakpoint
CREATE INDEX "gate_events_scenic_time_idx" ON "gate_events" USING btree ("scenic_id","scanned_at");--> statement-breakpoint
CREATE INDEX "refund_requests_scenic_status_idx" ON "refund_requests" USING btree ("scenic_id","status","created_at");--> statement-breakpoint
CREATE INDEX "ticket_orders_scenic_created_idx" ON "ticket_orders" USING btree ("scenic_id","created_at","id");