-- The totals trigger of 0012, with the common update (a status or an amount changes; the area and
-- the creation time do not: every check-in, payment and refund) done with one advisory lock, one
-- lookup of the area's day and one insert of both delta rows, instead of two of each.
CREATE OR REPLACE FUNCTION "ticket_orders_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  same_day date;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."scenic_id" = NEW."scenic_id" AND OLD."created_at" = NEW."created_at" THEN
    PERFORM pg_advisory_xact_lock_shared(60062, NEW."scenic_id");
    same_day := "order_totals_day"(NEW."scenic_id", NEW."created_at");
    INSERT INTO "order_totals_daily" VALUES
      (OLD."scenic_id", same_day, OLD."channel", OLD."status", OLD."pay_status", coalesce(OLD."pay_way", 0), -1,
        -OLD."total_amount", -OLD."paid_amount", -OLD."refunded_amount"),
      (NEW."scenic_id", same_day, NEW."channel", NEW."status", NEW."pay_status", coalesce(NEW."pay_way", 0), 1,
        NEW."total_amount", NEW."paid_amount", NEW."refunded_amount");
    RETURN NULL;
  END IF;
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
$$;
