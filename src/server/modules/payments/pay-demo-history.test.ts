import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { addDays, areaDay, areaDayStart } from '../../lib/area-clock.ts';
import { openPayApp, type PayApp } from './online-pay.fixture.ts';
import { replayDemoHistory, seedDemoPaymentHistory } from './pay-demo-history.ts';
import { sandboxControl } from './pay-demo.ts';
import { STATEMENT_ZONE } from './reconcile.service.ts';
import { sendRefunds } from './refund-sender.ts';

/**
 * The demo's history of WeChat Pay payments made the adapter's own: intents, transaction ids, the
 * sandbox told of them at start, the first days reconciled with the two differences the demo shows.
 */
let w: PayApp;
const now = new Date();
const today = areaDay(now, STATEMENT_ZONE);
/** noon (China time) of a day `back` days ago */
const noonOf = (back: number) =>
  new Date(areaDayStart(addDays(today, -back), STATEMENT_ZONE).getTime() + 12 * 3_600_000);
const orders: { orderNo: string; id: number }[] = [];

beforeAll(async () => {
  w = await openPayApp();
  // the history's way: orders paid by WeChat Pay 1, 2 and 2 days ago and 40 days ago (provider 'seed')
  for (const [i, back] of [1, 2, 2, 40].entries()) {
    const o = await w.order();
    orders.push(o);
    const at = new Date(noonOf(back).getTime() + i * 60_000);
    await w.db
      .execute(sql`insert into payments (order_id, scenic_id, pay_way, provider, provider_txn_id, amount, status,
        created_at, confirmed_at, updated_at)
      values (${o.id}, ${w.f.scenicId}, 2, 'seed', ${`SEED${o.orderNo}`}, 20000, 'confirmed', ${at}, ${at}, ${at})`);
  }
}, 60_000);
afterAll(() => w?.close());

describe('the demo history’s online payments', () => {
  it('the last 30 days become the adapter’s payments with intents; older ones stay the seed’s', async () => {
    await seedDemoPaymentHistory(w.db, w.f.scenicId, now);
    const payments = await queryRows<{ order_id: number; provider: string; provider_txn_id: string }>(
      w.db,
      sql`select order_id, provider, provider_txn_id from payments where order_id in (${sql.join(
        orders.map((o) => sql`${o.id}`),
        sql`, `,
      )}) order by order_id`,
    );
    expect(payments.map((p) => p.provider)).toEqual(['wechat', 'wechat', 'wechat', 'seed']);
    expect(payments[0]!.provider_txn_id).toMatch(/^4200\d{24}$/);
    const intents = await queryRows<{ status: string; target_no: string }>(
      w.db,
      sql`select status, target_no from pay_intents where provider_txn_id like '4200%' order by id`,
    );
    expect(intents).toEqual(orders.slice(0, 3).map((o) => ({ status: 'paid', target_no: o.orderNo })));
  });

  it('at start the sandbox learns them and the last three days are reconciled: one fee, one missing there', async () => {
    const config = { ...w.t.config, paySandboxUrl: w.sandbox.url };
    await replayDemoHistory(w.db, config, sandboxControl(w.sandbox.url), now);
    const statements = await queryRows<{ statement_date: string; status: string; lines: number }>(
      w.db,
      sql`select statement_date, status, lines from pay_statements where pay_way = 2 order by statement_date`,
    );
    expect(statements).toEqual([
      { statement_date: addDays(today, -3), status: 'matched', lines: 0 },
      { statement_date: addDays(today, -2), status: 'matched', lines: 1 },
      { statement_date: addDays(today, -1), status: 'matched', lines: 1 },
    ]);
    const differences = await queryRows<{ kind: string; our_amount: number; their_amount: number | null }>(
      w.db,
      sql`select kind, our_amount, their_amount from pay_differences order by statement_date`,
    );
    expect(differences).toEqual([
      { kind: 'missingThere', our_amount: 20000, their_amount: null },
      { kind: 'amountDiffers', our_amount: 20000, their_amount: 19900 },
    ]);
    // a second start tells the sandbox again (it keeps nothing) and reconciles nothing more
    await replayDemoHistory(w.db, config, sandboxControl(w.sandbox.url), now);
    expect(await queryRows(w.db, sql`select id from pay_statements`)).toHaveLength(6);
  });

  it('a staff refund of such an order goes through the sandbox', async () => {
    const o = orders[0]!;
    const tickets = await queryRows<{ id: number }>(
      w.db,
      sql`select id from order_tickets where order_id = ${o.id}`,
    );
    await w.db.execute(
      sql`update ticket_orders set pay_status = 201, paid_amount = 20000 where id = ${o.id}`,
    );
    await w.db.execute(sql`update order_tickets set status = 201 where order_id = ${o.id}`);
    await w.db.execute(sql`update ticket_products set refund_rule = 3 where id = ${w.f.regular}`);
    const res = await w.t.call(w.staff, 'POST', '/web/api/admin/order/staffRefund', {
      orderId: o.id,
      ticketIds: tickets.map((t) => Number(t.id)),
      reason: '行程取消',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sendRefunds(w.db, w.t.config.publicUrl)).toMatchObject({ sent: 1 });
    const [refund] = await queryRows<{ status: string }>(
      w.db,
      sql`select status from refunds where order_id = ${o.id}`,
    );
    expect(refund!.status).toBe('done');
  });
});
