CREATE TABLE "order_totals_daily" (
	"scenic_id" integer NOT NULL,
	"day" date NOT NULL,
	"channel" smallint NOT NULL,
	"status" smallint NOT NULL,
	"pay_status" smallint NOT NULL,
	"pay_way" smallint NOT NULL,
	"orders" integer NOT NULL,
	"total_amount" bigint NOT NULL,
	"paid_amount" bigint NOT NULL,
	"refunded_amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_totals_daily_scenic_day_idx" ON "order_totals_daily" USING btree ("scenic_id","day");--> statement-breakpoint
-- The day of an order is its creation date in China time (UTC+8), as everywhere in this system.
CREATE FUNCTION "order_totals_day"(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT ((at AT TIME ZONE 'UTC') + interval '8 hours')::date
$$;--> statement-breakpoint
-- Appends the change of an order as deltas: minus what it was, plus what it is. Never updates a
-- row, so concurrent transactions never wait on each other here.
CREATE FUNCTION "ticket_orders_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "order_totals_daily" VALUES (OLD."scenic_id", "order_totals_day"(OLD."created_at"),
      OLD."channel", OLD."status", OLD."pay_status", coalesce(OLD."pay_way", 0), -1,
      -OLD."total_amount", -OLD."paid_amount", -OLD."refunded_amount");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "order_totals_daily" VALUES (NEW."scenic_id", "order_totals_day"(NEW."created_at"),
      NEW."channel", NEW."status", NEW."pay_status", coalesce(NEW."pay_way", 0), 1,
      NEW."total_amount", NEW."paid_amount", NEW."refunded_amount");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- As with the order status (0007), a bulk load may switch these off for its own transaction and
-- then add its orders itself (addOrderTotals in order-totals.ts).
CREATE TRIGGER "ticket_orders_totals_insert_delete" AFTER INSERT OR DELETE ON "ticket_orders"
  FOR EACH ROW WHEN (current_setting('scenic.bulk_load', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "ticket_orders_totals"();--> statement-breakpoint
CREATE TRIGGER "ticket_orders_totals_update" AFTER UPDATE ON "ticket_orders"
  FOR EACH ROW WHEN (
    (OLD."scenic_id", OLD."created_at", OLD."channel", OLD."status", OLD."pay_status", OLD."pay_way",
      OLD."total_amount", OLD."paid_amount", OLD."refunded_amount")
    IS DISTINCT FROM
    (NEW."scenic_id", NEW."created_at", NEW."channel", NEW."status", NEW."pay_status", NEW."pay_way",
      NEW."total_amount", NEW."paid_amount", NEW."refunded_amount")
    AND current_setting('scenic.bulk_load', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "ticket_orders_totals"();--> statement-breakpoint
-- the orders already there
INSERT INTO "order_totals_daily"
  SELECT "scenic_id", "order_totals_day"("created_at"), "channel", "status", "pay_status",
    coalesce("pay_way", 0), count(*), sum("total_amount"), sum("paid_amount"), sum("refunded_amount")
  FROM "ticket_orders"
  GROUP BY 1, 2, 3, 4, 5, 6;
