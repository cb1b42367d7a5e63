import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedTicketPairs } from '../../../shared/domain/ticket-transitions.ts';
import { TICKET_STATUS } from '../../../shared/dict/order.ts';
import { mapDbError } from '../../http/db-errors.ts';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newTicket(status: number): Promise<number> {
  const db = t.database.db;
  const [product] = rowsOf<{ id: number; scenic_id: number }>(
    await db.execute(
      sql`select id, scenic_id from ticket_products where product_type = 1 order by id limit 1`,
    ),
  );
  const [order] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into ticket_orders (order_no, scenic_id, channel, client_id, visit_date, ticket_count, status)
      values (${`T${Date.now()}${Math.random()}`.slice(0, 30)}, ${product!.scenic_id}, 1, 'winManagement', current_date, 1, ${status})
      returning id`),
  );
  const [ticket] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into order_tickets (order_id, scenic_id, product_id, product_type, visit_date, valid_from, valid_until, price, status)
      values (${order!.id}, ${product!.scenic_id}, ${product!.id}, 1, current_date, now(), now() + interval '1 day', 100, ${status})
      returning id`),
  );
  return Number(ticket!.id);
}

const setStatus = (id: number, status: number) =>
  t.database.db.execute(sql`update order_tickets set status = ${status} where id = ${id}`);

describe('ticket transition guard (migration 0004)', () => {
  it('holds exactly the pairs of the TypeScript transition table', async () => {
    const rows = rowsOf<{ from_status: number; to_status: number }>(
      await t.database.db.execute(sql`select from_status, to_status from ticket_status_transitions`),
    );
    const inDb = rows.map((r) => `${r.from_status}>${r.to_status}`).sort();
    const inCode = allowedTicketPairs()
      .map(([from, to]) => `${from}>${to}`)
      .sort();
    expect(inDb).toEqual(inCode);
  });

  it('lets a ticket move along the table', async () => {
    const id = await newTicket(TICKET_STATUS.pendingPayment);
    await setStatus(id, TICKET_STATUS.unused); // T3
    await setStatus(id, TICKET_STATUS.entered); // T9
    await setStatus(id, TICKET_STATUS.left); // T11
    await setStatus(id, TICKET_STATUS.entered); // T12
  });

  it('refuses every other status change, with a 409', async () => {
    const id = await newTicket(TICKET_STATUS.pendingPayment);
    // 101 → 302 is explicitly not allowed (pay-at-gate is 101 → 201 → 302)
    const error = await setStatus(id, TICKET_STATUS.entered).catch((e: unknown) => e);
    expect(mapDbError(error)?.statusCode).toBe(409);
    await setStatus(id, TICKET_STATUS.userCancelled); // T4
    // terminal: nothing leaves 102
    for (const to of [TICKET_STATUS.unused, TICKET_STATUS.systemCancelled, TICKET_STATUS.pendingPayment]) {
      const refused = await setStatus(id, to).catch((e: unknown) => e);
      expect(mapDbError(refused)?.statusCode, `102 → ${to}`).toBe(409);
    }
  });

  it('refuses a ticket that starts anywhere but 101 or 201', async () => {
    const error = await newTicket(TICKET_STATUS.entered).catch((e: unknown) => e);
    expect(mapDbError(error)?.statusCode).toBe(409);
  });
});
