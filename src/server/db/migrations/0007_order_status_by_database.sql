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
DECLARE
  ids bigint[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- only the orders of tickets whose status changed (not a code reset or an entry count)
    SELECT array_agg(DISTINCT n."order_id") INTO ids
      FROM "changed_tickets" n JOIN "old_tickets" o ON o."id" = n."id"
      WHERE n."status" <> o."status";
  ELSE
    SELECT array_agg(DISTINCT "order_id") INTO ids FROM "changed_tickets";
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- Lock the orders first, in id order. The UPDATE below is a new statement, so under READ
  -- COMMITTED it sees every ticket change committed by a transaction that held one of these locks:
  -- two tickets of one order moved at once at two gates still leave the right summary.
  PERFORM 1 FROM "ticket_orders" WHERE "id" = ANY (ids) ORDER BY "id" FOR UPDATE;
  UPDATE "ticket_orders" o SET "status" = s."status", "updated_at" = now()
  FROM (
    SELECT DISTINCT ON (t."order_id") t."order_id", t."status"
    FROM "order_tickets" t
    JOIN "order_status_precedence" p ON p."status" = t."status"
    WHERE t."order_id" = ANY (ids)
    ORDER BY t."order_id", p."rank"
  ) s
  WHERE o."id" = s."order_id" AND o."status" IS DISTINCT FROM s."status";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_tickets_order_status_insert" AFTER INSERT ON "order_tickets"
  REFERENCING NEW TABLE AS "changed_tickets"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_tickets_refresh_order_status"();--> statement-breakpoint
CREATE TRIGGER "order_tickets_order_status_update" AFTER UPDATE ON "order_tickets"
  REFERENCING OLD TABLE AS "old_tickets" NEW TABLE AS "changed_tickets"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_tickets_refresh_order_status"();
