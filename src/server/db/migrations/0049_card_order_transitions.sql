-- The card order transitions of docs/domain.md "Travel card" (src/shared/domain/card-order-transitions.ts,
-- C1-C10) as a table, and a trigger that refuses any other status change of a card order, whatever the
-- code path. card-order-transitions.test.ts checks that this table equals the TypeScript one.
CREATE TABLE "card_order_status_transitions" (
  "from_status" smallint NOT NULL,
  "to_status" smallint NOT NULL,
  PRIMARY KEY ("from_status", "to_status")
);--> statement-breakpoint
INSERT INTO "card_order_status_transitions" ("from_status", "to_status") VALUES
  (101, 201),
  (101, 501),
  (201, 301),
  (201, 203),
  (201, 501),
  (301, 401),
  (301, 203),
  (301, 502),
  (301, 501),
  (401, 203),
  (401, 502),
  (401, 501);--> statement-breakpoint
CREATE FUNCTION "card_orders_guard_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status NOT IN (101, 201) THEN
      RAISE EXCEPTION 'a card order starts unpaid (101) or paid (201), not %', NEW.status
        USING ERRCODE = 'P0409';
    END IF;
  ELSIF NEW.status <> OLD.status AND NOT EXISTS (
    SELECT 1 FROM card_order_status_transitions WHERE from_status = OLD.status AND to_status = NEW.status
  ) THEN
    RAISE EXCEPTION 'card order status % -> % is not allowed', OLD.status, NEW.status USING ERRCODE = 'P0409';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "card_orders_guard_status" BEFORE INSERT OR UPDATE OF "status" ON "card_orders"
  FOR EACH ROW EXECUTE FUNCTION "card_orders_guard_status"();
