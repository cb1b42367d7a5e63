CREATE TABLE "gate_traffic_hourly" (
	"scenic_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"gate_id" integer NOT NULL,
	"entry_type" smallint NOT NULL,
	"entries" integer NOT NULL,
	"exits" integer NOT NULL,
	"denied" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "origin_daily" (
	"scenic_id" integer NOT NULL,
	"day" date NOT NULL,
	"province" smallint NOT NULL,
	"tickets" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "gate_traffic_hourly_scenic_hour_idx" ON "gate_traffic_hourly" USING btree ("scenic_id","hour");--> statement-breakpoint
CREATE INDEX "origin_daily_scenic_day_idx" ON "origin_daily" USING btree ("scenic_id","day");--> statement-breakpoint
-- The hour of a gate event in gate_traffic_hourly: its start in UTC, whatever the area's zone.
CREATE FUNCTION "gate_traffic_hour"(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$$;--> statement-breakpoint
-- Appends the change of a gate event as deltas (minus what it was, plus what it is): never updates
-- a row, so concurrent scans never wait on each other here. Also during a bulk load.
CREATE FUNCTION "gate_events_traffic"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "gate_traffic_hourly" VALUES (OLD."scenic_id", "gate_traffic_hour"(OLD."scanned_at"),
      coalesce(OLD."gate_id", 0), coalesce(OLD."entry_type", 0), -((OLD."direction" = 'entry')::int),
      -((OLD."direction" = 'exit')::int), -((OLD."direction" = 'denied')::int));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "gate_traffic_hourly" VALUES (NEW."scenic_id", "gate_traffic_hour"(NEW."scanned_at"),
      coalesce(NEW."gate_id", 0), coalesce(NEW."entry_type", 0), (NEW."direction" = 'entry')::int,
      (NEW."direction" = 'exit')::int, (NEW."direction" = 'denied')::int);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "gate_events_traffic_insert_delete" AFTER INSERT OR DELETE ON "gate_events"
  FOR EACH ROW EXECUTE FUNCTION "gate_events_traffic"();--> statement-breakpoint
CREATE TRIGGER "gate_events_traffic_update" AFTER UPDATE ON "gate_events"
  FOR EACH ROW WHEN (
    (OLD."scenic_id", OLD."scanned_at", OLD."gate_id", OLD."entry_type", OLD."direction")
    IS DISTINCT FROM (NEW."scenic_id", NEW."scanned_at", NEW."gate_id", NEW."entry_type", NEW."direction"))
  EXECUTE FUNCTION "gate_events_traffic"();--> statement-breakpoint
-- the gate events already there
INSERT INTO "gate_traffic_hourly"
  SELECT "scenic_id", "gate_traffic_hour"("scanned_at"), coalesce("gate_id", 0), coalesce("entry_type", 0),
    count(*) FILTER (WHERE "direction" = 'entry'), count(*) FILTER (WHERE "direction" = 'exit'),
    count(*) FILTER (WHERE "direction" = 'denied')
  FROM "gate_events" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- A ticket counts as a visitor of its visit day while it is sold and not cancelled, refunded,
-- withdrawn or void (docs/product.md §4 statuses).
CREATE FUNCTION "origin_counts"(status smallint) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status IN (201, 202, 205, 301, 302, 401, 402, 403, 405, 501)
$$;--> statement-breakpoint
-- The province (docs/product.md §9 codes 11-91) of an ID number's first two digits; 0: none.
CREATE FUNCTION "id_province"(id varchar) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN left(id, 2) IN ('11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34',
    '35', '36', '37', '41', '42', '43', '44', '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64',
    '65', '71', '81', '82', '91') THEN left(id, 2)::smallint ELSE 0::smallint END
$$;--> statement-breakpoint
CREATE FUNCTION "order_tickets_origin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND "origin_counts"(OLD."status") THEN
    INSERT INTO "origin_daily" VALUES (OLD."scenic_id", OLD."visit_date", "id_province"(OLD."visitor_id_number"), -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND "origin_counts"(NEW."status") THEN
    INSERT INTO "origin_daily" VALUES (NEW."scenic_id", NEW."visit_date", "id_province"(NEW."visitor_id_number"), 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_tickets_origin_insert" AFTER INSERT ON "order_tickets"
  FOR EACH ROW WHEN ("origin_counts"(NEW."status")) EXECUTE FUNCTION "order_tickets_origin"();--> statement-breakpoint
CREATE TRIGGER "order_tickets_origin_delete" AFTER DELETE ON "order_tickets"
  FOR EACH ROW WHEN ("origin_counts"(OLD."status")) EXECUTE FUNCTION "order_tickets_origin"();--> statement-breakpoint
-- a check-in (201 → 302) counts before and after: no row
CREATE TRIGGER "order_tickets_origin_update" AFTER UPDATE ON "order_tickets"
  FOR EACH ROW WHEN (
    "origin_counts"(OLD."status") IS DISTINCT FROM "origin_counts"(NEW."status")
    OR ("origin_counts"(NEW."status") AND (OLD."scenic_id", OLD."visit_date", "id_province"(OLD."visitor_id_number"))
      IS DISTINCT FROM (NEW."scenic_id", NEW."visit_date", "id_province"(NEW."visitor_id_number"))))
  EXECUTE FUNCTION "order_tickets_origin"();--> statement-breakpoint
-- the tickets already there
INSERT INTO "origin_daily"
  SELECT "scenic_id", "visit_date", "id_province"("visitor_id_number"), count(*)
  FROM "order_tickets" WHERE "origin_counts"("status") GROUP BY 1, 2, 3;
