-- The ticket transitions of domain.md (src/shared/domain/ticket-transitions.ts, T1-T25) as a table,
-- and a trigger that refuses any other status change of a ticket, whatever the code path.
-- orders.test.ts checks that this table equals the TypeScript one.
CREATE TABLE "ticket_status_transitions" (
  "from_status" smallint NOT NULL,
  "to_status" smallint NOT NULL,
  PRIMARY KEY ("from_status", "to_status")
);--> statement-breakpoint
INSERT INTO "ticket_status_transitions" ("from_status", "to_status") VALUES
  (101, 102),
  (101, 103),
  (101, 201),
  (103, 201),
  (201, 202),
  (201, 205),
  (201, 301),
  (201, 302),
  (201, 401),
  (201, 501),
  (201, 502),
  (202, 201),
  (202, 204),
  (202, 205),
  (202, 301),
  (202, 501),
  (204, 202),
  (204, 205),
  (204, 301),
  (204, 302),
  (204, 401),
  (204, 501),
  (204, 502),
  (205, 203),
  (301, 202),
  (301, 205),
  (301, 302),
  (301, 401),
  (301, 501),
  (301, 502),
  (302, 402),
  (302, 403),
  (401, 402),
  (402, 405),
  (403, 302),
  (403, 402),
  (403, 405),
  (501, 202),
  (501, 405),
  (501, 502);--> statement-breakpoint
CREATE FUNCTION "order_tickets_guard_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status NOT IN (101, 201) THEN
      RAISE EXCEPTION 'a ticket starts pending payment (101) or unused (201), not %', NEW.status
        USING ERRCODE = 'P0409';
    END IF;
  ELSIF NEW.status <> OLD.status AND NOT EXISTS (
    SELECT 1 FROM ticket_status_transitions WHERE from_status = OLD.status AND to_status = NEW.status
  ) THEN
    RAISE EXCEPTION 'ticket status % -> % is not allowed', OLD.status, NEW.status USING ERRCODE = 'P0409';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_tickets_guard_status" BEFORE INSERT OR UPDATE OF "status" ON "order_tickets"
  FOR EACH ROW EXECUTE FUNCTION "order_tickets_guard_status"();
