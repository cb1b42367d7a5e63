ALTER TABLE "scenic_areas" ADD COLUMN "time_zone" varchar(64) DEFAULT 'Asia/Shanghai' NOT NULL;--> statement-breakpoint
-- The day of an order in order_totals_daily is its creation date on its area's clock (it was China
-- time, UTC+8, for every area: the same days as Asia/Shanghai, the default, so no row changes here).
CREATE FUNCTION "order_totals_day"(scenic integer, at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (at AT TIME ZONE coalesce((SELECT "time_zone" FROM "scenic_areas" WHERE "id" = scenic), 'Asia/Shanghai'))::date
$$;--> statement-breakpoint
-- As in 0010, plus a shared lock per area (advisory, 60062 + area) held to the end of the order's
-- transaction: a change of the area's zone takes it exclusively (rezoneOrderTotals in
-- order-totals.ts), so it waits for the deltas already written by the old zone and new deltas wait
-- for the new zone.
CREATE OR REPLACE FUNCTION "ticket_orders_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_advisory_xact_lock_shared(60062, OLD."scenic_id");
    INSERT INTO "order_totals_daily" VALUES (OLD."scenic_id", "order_totals_day"(OLD."scenic_id", OLD."created_at"),
      OLD."channel", OLD."status", OLD."pay_status", coalesce(OLD."pay_way", 0), -1,
      -OLD."total_amount", -OLD."paid_amount", -OLD."refunded_amount");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_advisory_xact_lock_shared(60062, NEW."scenic_id");
    INSERT INTO "order_totals_daily" VALUES (NEW."scenic_id", "order_totals_day"(NEW."scenic_id", NEW."created_at"),
      NEW."channel", NEW."status", NEW."pay_status", coalesce(NEW."pay_way", 0), 1,
      NEW."total_amount", NEW."paid_amount", NEW."refunded_amount");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP FUNCTION "order_totals_day"(timestamptz);
