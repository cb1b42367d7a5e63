CREATE TABLE "sales_daily" (
	"scenic_id" integer NOT NULL,
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"product_type" smallint NOT NULL,
	"channel" smallint NOT NULL,
	"pay_way" smallint NOT NULL,
	"distributor_id" integer NOT NULL,
	"tickets" integer NOT NULL,
	"amount" bigint NOT NULL,
	"refunded_tickets" integer NOT NULL,
	"refunded_amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_hourly" (
	"scenic_id" integer NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"channel" smallint NOT NULL,
	"pay_way" smallint NOT NULL,
	"distributor_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"tickets" integer NOT NULL,
	"amount" bigint NOT NULL,
	"refunded_amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_daily_scenic_day_idx" ON "sales_daily" USING btree ("scenic_id","day");--> statement-breakpoint
CREATE INDEX "sales_hourly_scenic_day_idx" ON "sales_hourly" USING btree ("scenic_id","day");--> statement-breakpoint
-- The sales rollups (docs/statistics.md "Sales"). An order counts once paid (pay status 201), on the
-- area day (and hour) it was created, as the order list's days and order_totals_daily; a distribution
-- order (channel 13) under its distributor's login account (admin_id). Rows are deltas: minus what a
-- fact gave, plus what it gives now; foldSalesRollups (sales-rollup.ts) folds them.
CREATE FUNCTION "sales_local_time"(scenic integer, at timestamptz) RETURNS timestamp LANGUAGE sql STABLE AS $$
  SELECT at AT TIME ZONE coalesce((SELECT "time_zone" FROM "scenic_areas" WHERE "id" = scenic), 'Asia/Shanghai')
$$;--> statement-breakpoint
CREATE FUNCTION "sales_distributor"(channel smallint, admin integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN channel = 13 THEN coalesce(admin, 0) ELSE 0 END
$$;--> statement-breakpoint
-- What one order gives to sales_hourly, times sign (1 or -1).
CREATE FUNCTION "sales_hourly_delta"(o "ticket_orders", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  local timestamp;
BEGIN
  IF o."pay_status" <> 201 THEN RETURN; END IF;
  local := "sales_local_time"(o."scenic_id", o."created_at");
  INSERT INTO "sales_hourly" VALUES (o."scenic_id", local::date, extract(hour FROM local)::smallint, o."channel",
    coalesce(o."pay_way", 0), "sales_distributor"(o."channel", o."admin_id"), sign, sign * o."ticket_count",
    sign * o."total_amount", sign * o."refunded_amount");
END
$$;--> statement-breakpoint
-- What the tickets of one order give to sales_daily, times sign; only `ticket` when given.
CREATE FUNCTION "sales_daily_delta"(o "ticket_orders", sign integer, ticket bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF o."pay_status" <> 201 THEN RETURN; END IF;
  INSERT INTO "sales_daily"
    SELECT o."scenic_id", "sales_local_time"(o."scenic_id", o."created_at")::date, t."product_id", t."product_type",
      o."channel", coalesce(o."pay_way", 0), "sales_distributor"(o."channel", o."admin_id"), sign * count(*),
      sign * sum(t."price"), sign * count(*) FILTER (WHERE t."status" = 203),
      sign * coalesce(sum(t."price") FILTER (WHERE t."status" = 203), 0)
    FROM "order_tickets" t
    WHERE t."order_id" = o."id" AND (ticket IS NULL OR t."id" = ticket)
    GROUP BY t."product_id", t."product_type";
END
$$;--> statement-breakpoint
-- New orders (one statement may insert thousands: the demo history): one grouped insert. They have
-- no tickets yet (order_tickets references them).
CREATE FUNCTION "ticket_orders_sales_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sales_hourly"
    SELECT "scenic_id", local::date, extract(hour FROM local)::smallint, "channel", coalesce("pay_way", 0),
      "sales_distributor"("channel", "admin_id"), count(*), sum("ticket_count"), sum("total_amount"), sum("refunded_amount")
    FROM (SELECT n.*, "sales_local_time"(n."scenic_id", n."created_at") AS local FROM new_orders n WHERE n."pay_status" = 201) s
    GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ticket_orders_sales_insert" AFTER INSERT ON "ticket_orders"
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION "ticket_orders_sales_insert"();--> statement-breakpoint
-- A changed order: its own row, and its tickets when what keys them changed (paid, pay way…).
CREATE FUNCTION "ticket_orders_sales_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "sales_hourly_delta"(OLD, -1);
  PERFORM "sales_hourly_delta"(NEW, 1);
  IF (OLD."scenic_id", OLD."created_at", OLD."channel", OLD."pay_way", OLD."admin_id", OLD."pay_status" = 201)
    IS DISTINCT FROM (NEW."scenic_id", NEW."created_at", NEW."channel", NEW."pay_way", NEW."admin_id", NEW."pay_status" = 201) THEN
    PERFORM "sales_daily_delta"(OLD, -1, NULL);
    PERFORM "sales_daily_delta"(NEW, 1, NULL);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ticket_orders_sales_update" AFTER UPDATE ON "ticket_orders"
  FOR EACH ROW WHEN (
    (OLD."scenic_id", OLD."created_at", OLD."channel", OLD."pay_way", OLD."admin_id", OLD."pay_status",
      OLD."ticket_count", OLD."total_amount", OLD."refunded_amount")
    IS DISTINCT FROM
    (NEW."scenic_id", NEW."created_at", NEW."channel", NEW."pay_way", NEW."admin_id", NEW."pay_status",
      NEW."ticket_count", NEW."total_amount", NEW."refunded_amount"))
  EXECUTE FUNCTION "ticket_orders_sales_update"();--> statement-breakpoint
-- Before the delete and its cascade to the tickets: what the order and its tickets gave goes.
CREATE FUNCTION "ticket_orders_sales_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "sales_hourly_delta"(OLD, -1);
  PERFORM "sales_daily_delta"(OLD, -1, NULL);
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ticket_orders_sales_delete" BEFORE DELETE ON "ticket_orders"
  FOR EACH ROW EXECUTE FUNCTION "ticket_orders_sales_delete"();--> statement-breakpoint
-- New tickets: one grouped insert per statement, with their orders' keys.
CREATE FUNCTION "order_tickets_sales_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sales_daily"
    SELECT o."scenic_id", "sales_local_time"(o."scenic_id", o."created_at")::date, t."product_id", t."product_type",
      o."channel", coalesce(o."pay_way", 0), "sales_distributor"(o."channel", o."admin_id"), count(*), sum(t."price"),
      count(*) FILTER (WHERE t."status" = 203), coalesce(sum(t."price") FILTER (WHERE t."status" = 203), 0)
    FROM new_tickets t JOIN "ticket_orders" o ON o."id" = t."order_id"
    WHERE o."pay_status" = 201
    GROUP BY 1, 2, 3, 4, 5, 6, 7;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_tickets_sales_insert" AFTER INSERT ON "order_tickets"
  REFERENCING NEW TABLE AS new_tickets FOR EACH STATEMENT EXECUTE FUNCTION "order_tickets_sales_insert"();--> statement-breakpoint
-- A ticket refunded (or no longer), repriced or moved: its order is locked first (as the order-status
-- trigger of 0007 does), so a concurrent change of the order and of its tickets cannot both miss the
-- other's change.
CREATE FUNCTION "order_tickets_sales_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o "ticket_orders";
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT * INTO o FROM "ticket_orders" WHERE "id" = OLD."order_id" FOR UPDATE;
    IF FOUND AND o."pay_status" = 201 THEN
      INSERT INTO "sales_daily" VALUES (o."scenic_id", "sales_local_time"(o."scenic_id", o."created_at")::date,
        OLD."product_id", OLD."product_type", o."channel", coalesce(o."pay_way", 0),
        "sales_distributor"(o."channel", o."admin_id"), -1, -OLD."price", -(OLD."status" = 203)::int,
        CASE WHEN OLD."status" = 203 THEN -OLD."price" ELSE 0 END);
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW."order_id" IS DISTINCT FROM OLD."order_id" THEN
      SELECT * INTO o FROM "ticket_orders" WHERE "id" = NEW."order_id" FOR UPDATE;
    END IF;
    IF o."pay_status" = 201 THEN
      INSERT INTO "sales_daily" VALUES (o."scenic_id", "sales_local_time"(o."scenic_id", o."created_at")::date,
        NEW."product_id", NEW."product_type", o."channel", coalesce(o."pay_way", 0),
        "sales_distributor"(o."channel", o."admin_id"), 1, NEW."price", (NEW."status" = 203)::int,
        CASE WHEN NEW."status" = 203 THEN NEW."price" ELSE 0 END);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_tickets_sales_update" AFTER UPDATE ON "order_tickets"
  FOR EACH ROW WHEN ((OLD."status" = 203) IS DISTINCT FROM (NEW."status" = 203)
    OR (OLD."price", OLD."product_id", OLD."product_type", OLD."order_id")
      IS DISTINCT FROM (NEW."price", NEW."product_id", NEW."product_type", NEW."order_id"))
  EXECUTE FUNCTION "order_tickets_sales_change"();--> statement-breakpoint
CREATE TRIGGER "order_tickets_sales_delete" AFTER DELETE ON "order_tickets"
  FOR EACH ROW EXECUTE FUNCTION "order_tickets_sales_change"();--> statement-breakpoint
-- the orders already there
INSERT INTO "sales_hourly"
  SELECT "scenic_id", local::date, extract(hour FROM local)::smallint, "channel", coalesce("pay_way", 0),
    "sales_distributor"("channel", "admin_id"), count(*), sum("ticket_count"), sum("total_amount"), sum("refunded_amount")
  FROM (SELECT o.*, "sales_local_time"(o."scenic_id", o."created_at") AS local FROM "ticket_orders" o WHERE o."pay_status" = 201) s
  GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
INSERT INTO "sales_daily"
  SELECT o."scenic_id", "sales_local_time"(o."scenic_id", o."created_at")::date, t."product_id", t."product_type",
    o."channel", coalesce(o."pay_way", 0), "sales_distributor"(o."channel", o."admin_id"), count(*), sum(t."price"),
    count(*) FILTER (WHERE t."status" = 203), coalesce(sum(t."price") FILTER (WHERE t."status" = 203), 0)
  FROM "order_tickets" t JOIN "ticket_orders" o ON o."id" = t."order_id"
  WHERE o."pay_status" = 201
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
