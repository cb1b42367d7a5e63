CREATE TABLE "ticket_totals_daily" (
	"scenic_id" integer NOT NULL,
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"pay_way" smallint NOT NULL,
	"status" smallint NOT NULL,
	"tickets" integer NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_totals_daily" (
	"scenic_id" integer NOT NULL,
	"day" date NOT NULL,
	"pay_way" smallint NOT NULL,
	"kind" smallint NOT NULL,
	"count" integer NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ticket_totals_daily_scenic_day_idx" ON "ticket_totals_daily" USING btree ("scenic_id","day");--> statement-breakpoint
CREATE INDEX "money_totals_daily_scenic_day_idx" ON "money_totals_daily" USING btree ("scenic_id","day");--> statement-breakpoint
-- ticket_totals_daily: a ticket counts under its order's area, creation day (area clock), channel and
-- pay way, and its own product and status. Deltas only (minus what it was, plus what it is), as in
-- order_totals_daily (0010). The order row is read FOR SHARE, so a concurrent change of the order's
-- pay way or channel (which moves its tickets, below) and a change of a ticket are applied one after
-- the other, each on the other's committed state. The shared area lock of 0012 is taken too.
CREATE FUNCTION "order_tickets_detail_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT "scenic_id", "created_at", "channel", coalesce("pay_way", 0) AS pay_way INTO o
      FROM "ticket_orders" WHERE "id" = OLD."order_id" FOR SHARE;
    IF FOUND THEN
      PERFORM pg_advisory_xact_lock_shared(60062, o."scenic_id");
      INSERT INTO "ticket_totals_daily" VALUES (o."scenic_id", "order_totals_day"(o."scenic_id", o."created_at"),
        OLD."product_id", o."channel", o."pay_way", OLD."status", -1, -OLD."price");
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT "scenic_id", "created_at", "channel", coalesce("pay_way", 0) AS pay_way INTO o
      FROM "ticket_orders" WHERE "id" = NEW."order_id" FOR SHARE;
    IF FOUND THEN
      PERFORM pg_advisory_xact_lock_shared(60062, o."scenic_id");
      INSERT INTO "ticket_totals_daily" VALUES (o."scenic_id", "order_totals_day"(o."scenic_id", o."created_at"),
        NEW."product_id", o."channel", o."pay_way", NEW."status", 1, NEW."price");
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_tickets_detail_totals_insert_delete" AFTER INSERT OR DELETE ON "order_tickets"
  FOR EACH ROW WHEN (current_setting('scenic.bulk_load', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "order_tickets_detail_totals"();--> statement-breakpoint
CREATE TRIGGER "order_tickets_detail_totals_update" AFTER UPDATE ON "order_tickets"
  FOR EACH ROW WHEN (
    (OLD."order_id", OLD."product_id", OLD."status", OLD."price")
    IS DISTINCT FROM (NEW."order_id", NEW."product_id", NEW."status", NEW."price")
    AND current_setting('scenic.bulk_load', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "order_tickets_detail_totals"();--> statement-breakpoint
-- An order whose area, creation time, channel or pay way changes (a payment sets the pay way) moves
-- its tickets from the old key to the new one.
CREATE FUNCTION "ticket_orders_detail_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_advisory_xact_lock_shared(60062, OLD."scenic_id");
    INSERT INTO "ticket_totals_daily"
      SELECT OLD."scenic_id", "order_totals_day"(OLD."scenic_id", OLD."created_at"), t."product_id", OLD."channel",
        coalesce(OLD."pay_way", 0), t."status", -count(*), -sum(t."price")
      FROM "order_tickets" t WHERE t."order_id" = OLD."id" GROUP BY t."product_id", t."status";
    RETURN OLD;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(60062, NEW."scenic_id");
  INSERT INTO "ticket_totals_daily"
    SELECT OLD."scenic_id", "order_totals_day"(OLD."scenic_id", OLD."created_at"), t."product_id", OLD."channel",
      coalesce(OLD."pay_way", 0), t."status", -count(*), -sum(t."price")
    FROM "order_tickets" t WHERE t."order_id" = OLD."id" GROUP BY t."product_id", t."status"
    UNION ALL
    SELECT NEW."scenic_id", "order_totals_day"(NEW."scenic_id", NEW."created_at"), t."product_id", NEW."channel",
      coalesce(NEW."pay_way", 0), t."status", count(*), sum(t."price")
    FROM "order_tickets" t WHERE t."order_id" = NEW."id" GROUP BY t."product_id", t."status";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ticket_orders_detail_totals_update" AFTER UPDATE ON "ticket_orders"
  FOR EACH ROW WHEN (
    (OLD."scenic_id", OLD."created_at", OLD."channel", OLD."pay_way")
    IS DISTINCT FROM (NEW."scenic_id", NEW."created_at", NEW."channel", NEW."pay_way")
    AND current_setting('scenic.bulk_load', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "ticket_orders_detail_totals"();--> statement-breakpoint
-- An order deleted (an unpaid one, with its tickets by cascade) takes its tickets out first: once it
-- is gone, the tickets' own trigger finds no order to read their key from.
CREATE TRIGGER "ticket_orders_detail_totals_delete" BEFORE DELETE ON "ticket_orders"
  FOR EACH ROW WHEN (current_setting('scenic.bulk_load', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "ticket_orders_detail_totals"();--> statement-breakpoint
-- money_totals_daily: a payment counts (kind 1) on the area day it was confirmed while it is
-- confirmed or refunded; a refund (kind 2) on the day it was done while it is done or external, under
-- the pay way of the payment it gives back. The shared area lock of 0012: a change of zone waits.
CREATE FUNCTION "payments_money_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(60062, coalesce(NEW."scenic_id", OLD."scenic_id"));
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" IN ('confirmed', 'refunded') THEN
    INSERT INTO "money_totals_daily" VALUES (OLD."scenic_id",
      "order_totals_day"(OLD."scenic_id", coalesce(OLD."confirmed_at", OLD."created_at")), OLD."pay_way", 1, -1, -OLD."amount");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" IN ('confirmed', 'refunded') THEN
    INSERT INTO "money_totals_daily" VALUES (NEW."scenic_id",
      "order_totals_day"(NEW."scenic_id", coalesce(NEW."confirmed_at", NEW."created_at")), NEW."pay_way", 1, 1, NEW."amount");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_money_totals_insert_delete" AFTER INSERT OR DELETE ON "payments"
  FOR EACH ROW WHEN (current_setting('scenic.bulk_load', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "payments_money_totals"();--> statement-breakpoint
CREATE TRIGGER "payments_money_totals_update" AFTER UPDATE ON "payments"
  FOR EACH ROW WHEN (
    (OLD."scenic_id", OLD."status", OLD."amount", OLD."pay_way", OLD."confirmed_at", OLD."created_at")
    IS DISTINCT FROM (NEW."scenic_id", NEW."status", NEW."amount", NEW."pay_way", NEW."confirmed_at", NEW."created_at")
    AND current_setting('scenic.bulk_load', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "payments_money_totals"();--> statement-breakpoint
CREATE FUNCTION "refunds_money_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  way smallint;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(60062, coalesce(NEW."scenic_id", OLD."scenic_id"));
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" IN ('done', 'external') THEN
    SELECT "pay_way" INTO way FROM "payments" WHERE "id" = OLD."payment_id";
    INSERT INTO "money_totals_daily" VALUES (OLD."scenic_id",
      "order_totals_day"(OLD."scenic_id", coalesce(OLD."done_at", OLD."created_at")), coalesce(way, 0), 2, -1, -OLD."amount");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" IN ('done', 'external') THEN
    SELECT "pay_way" INTO way FROM "payments" WHERE "id" = NEW."payment_id";
    INSERT INTO "money_totals_daily" VALUES (NEW."scenic_id",
      "order_totals_day"(NEW."scenic_id", coalesce(NEW."done_at", NEW."created_at")), coalesce(way, 0), 2, 1, NEW."amount");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "refunds_money_totals_insert_delete" AFTER INSERT OR DELETE ON "refunds"
  FOR EACH ROW WHEN (current_setting('scenic.bulk_load', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "refunds_money_totals"();--> statement-breakpoint
CREATE TRIGGER "refunds_money_totals_update" AFTER UPDATE ON "refunds"
  FOR EACH ROW WHEN (
    (OLD."scenic_id", OLD."status", OLD."amount", OLD."payment_id", OLD."done_at", OLD."created_at")
    IS DISTINCT FROM (NEW."scenic_id", NEW."status", NEW."amount", NEW."payment_id", NEW."done_at", NEW."created_at")
    AND current_setting('scenic.bulk_load', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "refunds_money_totals"();--> statement-breakpoint
-- the facts already there
INSERT INTO "ticket_totals_daily"
  SELECT o."scenic_id", "order_totals_day"(o."scenic_id", o."created_at"), t."product_id", o."channel",
    coalesce(o."pay_way", 0), t."status", count(*), sum(t."price")
  FROM "order_tickets" t JOIN "ticket_orders" o ON o."id" = t."order_id"
  GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
INSERT INTO "money_totals_daily"
  SELECT "scenic_id", "order_totals_day"("scenic_id", coalesce("confirmed_at", "created_at")), "pay_way", 1, count(*), sum("amount")
  FROM "payments" WHERE "status" IN ('confirmed', 'refunded')
  GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "money_totals_daily"
  SELECT r."scenic_id", "order_totals_day"(r."scenic_id", coalesce(r."done_at", r."created_at")), coalesce(p."pay_way", 0), 2,
    count(*), sum(r."amount")
  FROM "refunds" r LEFT JOIN "payments" p ON p."id" = r."payment_id" WHERE r."status" IN ('done', 'external')
  GROUP BY 1, 2, 3;
