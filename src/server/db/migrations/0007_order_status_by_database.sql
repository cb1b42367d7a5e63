DROP INDEX "ticket_orders_scenic_status_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_target_idx" ON "audit_logs" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "ticket_orders_scenic_status_created_idx" ON "ticket_orders" USING btree ("scenic_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "ticket_orders_scenic_channel_created_idx" ON "ticket_orders" USING btree ("scenic_id","channel","created_at","id");--> statement-breakpoint
-- An order's status is the summary of its tickets' (domain.md: status per ticket): the first status
-- of this precedence that any ticket has (ORDER_STATUS_PRECEDENCE in ticket-state.service.ts;
-- orders.test.ts checks that this table equals it). The database keeps it, in the statement that
-- moves the tickets, so no code path can forget it and no extra round trip is spent on it.
CREATE TABLE "order_status_precedence" (
  "status" smallint PRIMARY KEY,
  "rank" smallint NOT NULL UNIQUE
);--> statement-breakpoint
INSERT INTO "order_status_precedence" ("status", "rank") VALUES
  (101, 1), (202, 2), (205, 3), (401, 4), (302, 5), (403, 6), (301, 7), (201, 8),
  (204, 9), (402, 10), (405, 11), (501, 12), (203, 13), (502, 14), (103, 15), (102, 16);--> statement-breakpoint
CREATE FUNCTION "order_tickets_refresh_order_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Lock the order first. The UPDATE below is a new statement, so under READ COMMITTED it sees
  -- every ticket change committed by a transaction that held this lock: two tickets of one order
  -- moved at once at two gates still leave the right summary.
  PERFORM 1 FROM "ticket_orders" WHERE "id" = NEW."order_id" FOR UPDATE;
  UPDATE "ticket_orders" o SET "status" = s."status", "updated_at" = now()
  FROM (
    SELECT p."status"
    FROM "order_tickets" t
    JOIN "order_status_precedence" p ON p."status" = t."status"
    WHERE t."order_id" = NEW."order_id"
    ORDER BY p."rank"
    LIMIT 1
  ) s
  WHERE o."id" = NEW."order_id" AND o."status" IS DISTINCT FROM s."status";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Row triggers (fired at the end of the statement, so they see all of it): with the WHEN clause, a
-- change that moves no status (an entry count, a new code) costs nothing. A bulk load (the demo
-- history of `npm run seed`) may switch them off for its own transaction with
-- set_config('scenic.bulk_load', 'on', true), and then sets the statuses itself
-- (recomputeOrderStatuses in ticket-state.service.ts).
CREATE TRIGGER "order_tickets_order_status_insert" AFTER INSERT ON "order_tickets"
  FOR EACH ROW WHEN (current_setting('scenic.bulk_load', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "order_tickets_refresh_order_status"();--> statement-breakpoint
CREATE TRIGGER "order_tickets_order_status_update" AFTER UPDATE OF "status" ON "order_tickets"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status"
    AND current_setting('scenic.bulk_load', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "order_tickets_refresh_order_status"();
