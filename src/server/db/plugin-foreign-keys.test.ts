import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { rowsOf } from './rows.ts';

// The foreign keys from an order into the tables of modules that plug into orders are kept in SQL,
// not in orders' Drizzle schema (0034_plugin_foreign_keys.sql, docs/architecture.md "Extension
// points"): the database must still have each, with its delete rule.

const KEPT = [
  ['ticket_orders', 'departure_id', 'travel_departures', 'r'],
  ['ticket_orders', 'member_id', 'members', 'n'],
  ['ticket_orders', 'member_coupon_id', 'member_coupons', 'n'],
  ['ticket_orders', 'tier_id', 'price_tiers', 'r'],
  ['order_tickets', 'period_id', 'scenic_periods', 'r'],
  ['order_tickets', 'show_id', 'theatre_shows', 'r'],
  ['order_tickets', 'departure_id', 'travel_departures', 'r'],
  ['distributors', 'tier_id', 'price_tiers', 'r'],
  ['terminals', 'gate_id', 'gates', 'n'],
] as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('foreign keys into plug-in tables', () => {
  it('are in the database, each with its delete rule and its note', async () => {
    const found = rowsOf<{ source: string; col: string; target: string; rule: string; note: string | null }>(
      await t.database.db.execute(sql`
        select c.conrelid::regclass::text as source, a.attname as col, c.confrelid::regclass::text as target,
          c.confdeltype::text as rule, obj_description(c.oid, 'pg_constraint') as note
        from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.conrelid::regclass::text in ('ticket_orders', 'order_tickets', 'distributors', 'terminals')`),
    );
    for (const [source, col, target, rule] of KEPT) {
      const key = found.find((f) => f.source === source && f.col === col);
      expect(key, `${source}.${col}`).toMatchObject({ target, rule });
      expect(key?.note).toContain('kept in SQL');
    }
  });

  it('refuse a ticket naming a show, or an order naming a tier, that does not exist', async () => {
    const db = t.database.db;
    const [ticket] = rowsOf<{ id: number; order_id: number }>(
      await db.execute(sql`select id, order_id from order_tickets order by id limit 1`),
    );
    expect(ticket, 'the test database has demo tickets').toBeDefined();
    await expect(
      db.execute(sql`update order_tickets set show_id = -1 where id = ${ticket!.id}`),
    ).rejects.toMatchObject({ cause: { constraint: 'order_tickets_show_id_theatre_shows_id_fk' } });
    await expect(
      db.execute(sql`update ticket_orders set tier_id = -1 where id = ${ticket!.order_id}`),
    ).rejects.toMatchObject({ cause: { constraint: 'ticket_orders_tier_id_price_tiers_id_fk' } });
  });
});
