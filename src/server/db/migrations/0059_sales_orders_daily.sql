-- The sales rollups of 0057, split for speed (docs/statistics.md "Sales"): the order-level figures per
-- day, channel, pay way and distributor move to sales_orders_daily, and sales_hourly keeps only the
-- day, hour and channel (sales by hour of day), so a year's read is a few thousand rows of each.
CREATE TABLE "sales_orders_daily" (
	"scenic_id" integer NOT NULL,
	"day" date NOT NULL,
	"channel" smallint NOT NULL,
	"pay_way" smallint NOT NULL,
	"distributor_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"tickets" integer NOT NULL,
	"amount" bigint NOT NULL,
	"refunded_amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_orders_daily_scenic_day_idx" ON "sales_orders_daily" USING btree ("scenic_id","day");--> statement-breakpoint
-- what sales_hourly holds, without its hours
INSERT INTO "sales_orders_daily"
  SELECT "scenic_id", "day", "channel", "pay_way", "distributor_id", sum("orders"), sum("tickets"), sum("amount"),
    sum("refunded_amount")
  FROM "sales_hourly"
  GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
-- rows that now share a key are deltas of it; the fold merges them
ALTER TABLE "sales_hourly" DROP COLUMN "pay_way";--> statement-breakpoint
ALTER TABLE "sales_hourly" DROP COLUMN "distributor_id";--> statement-breakpoint
-- What one order gives to sales_orders_daily and sales_hourly, times sign (1 or -1).
CREATE OR REPLACE FUNCTION "sales_hourly_delta"(o "ticket_orders", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  local timestamp;
BEGIN
  IF o."pay_status" <> 201 THEN RETURN; END IF;
  local := "sales_local_time"(o."scenic_id", o."created_at");
  INSERT INTO "sales_orders_daily" VALUES (o."scenic_id", local::date, o."channel", coalesce(o."pay_way", 0),
    "sales_distributor"(o."channel", o."admin_id"), sign, sign * o."ticket_count", sign * o."total_amount",
    sign * o."refunded_amount");
  INSERT INTO "sales_hourly" VALUES (o."scenic_id", local::date, extract(hour FROM local)::smallint, o."channel",
    sign, sign * o."ticket_count", sign * o."total_amount", sign * o."refunded_amount");
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ticket_orders_sales_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sales_orders_daily"
    SELECT "scenic_id", local::date, "channel", coalesce("pay_way", 0), "sales_distributor"("channel", "admin_id"),
      count(*), sum("ticket_count"), sum("total_amount"), sum("refunded_amount")
    FROM (SELECT n.*, "sales_local_time"(n."scenic_id", n."created_at") AS local FROM new_orders n WHERE n."pay_status" = 201) s
    GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO "sales_hourly"
    SELECT "scenic_id", local::date, extract(hour FROM local)::smallint, "channel", count(*), sum("ticket_count"),
      sum("total_amount"), sum("refunded_amount")
    FROM (SELECT n.*, "sales_local_time"(n."scenic_id", n."created_at") AS local FROM new_orders n WHERE n."pay_status" = 201) s
    GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END
$$;
