import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { openWidePool, rush } from '../../test/concurrency.ts';
import { data } from '../../test/replies.ts';
import { openPayApp, type PayApp } from './online-pay.fixture.ts';
import { receiveNotification } from './online-pay.service.ts';
import { sendRefunds } from './refund-sender.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)('online payments under concurrency (PostgreSQL)', () => {
  let w: PayApp;
  let wide: Database;

  beforeAll(async () => {
    w = await openPayApp();
    wide = await openWidePool(w.db, 15);
    await w.db.execute(sql`update ticket_products set refund_rule = 3 where id = ${w.f.regular}`);
  }, 60_000);
  afterAll(async () => {
    await wide?.close();
    await w?.close();
  });

  it('the same notification 10 times at once gives one payment, T3 once', async () => {
    const { orderNo } = await w.order();
    const pay = await w.prepay(orderNo);
    w.intercept = true;
    await w.sandbox.control.pay(pay.paymentNo);
    w.intercept = false;
    const note = w.notified.at(-1)!;
    const replies = await rush(10, () =>
      receiveNotification(
        wide.db,
        { publicUrl: w.t.config.publicUrl, log: w.t.app.log, scenicId: w.f.scenicId, payWay: 2 },
        { headers: note.headers, rawBody: note.body },
      ),
    );
    expect(replies.unexpected).toEqual([]);
    expect(replies.values.map((r) => r.status)).toEqual(Array(10).fill(204));
    const rows = await queryRows<{ n: number; paid: number }>(
      w.db,
      sql`select count(*)::int as n, sum(p.amount)::int as paid from payments p
          join ticket_orders o on o.id = p.order_id where o.order_no = ${orderNo}`,
    );
    expect(rows[0]).toEqual({ n: 1, paid: 20_000 });
    const audits = await queryRows<{ n: number }>(
      w.db,
      sql`select count(*)::int as n from audit_logs where target_id = ${orderNo} and action = 'pay'`,
    );
    expect(audits[0]!.n).toBe(1);
  });

  it('five senders at once send a due refund once', async () => {
    const { orderNo, id } = await w.order();
    const pay = await w.prepay(orderNo);
    await w.sandbox.control.pay(pay.paymentNo);
    const tickets = await queryRows<{ id: number }>(
      w.db,
      sql`select id from order_tickets where order_id = ${id}`,
    );
    await data(
      w.t.call(w.staff, 'POST', '/web/api/admin/order/staffRefund', {
        orderId: id,
        ticketIds: tickets.map((t) => Number(t.id)),
        reason: '并发退款',
      }),
    );
    const before = w.sandbox.control.received().requests.filter((r) => r.path.includes('refund')).length;
    await rush(5, () => sendRefunds(wide.db, w.t.config.publicUrl));
    const sent =
      w.sandbox.control.received().requests.filter((r) => r.path.includes('refund')).length - before;
    expect(sent).toBe(1);
    const refunds = await queryRows<{ status: string; attempts: number }>(
      w.db,
      sql`select r.status, pr.attempts from refunds r join provider_refunds pr on pr.refund_id = r.id
          where r.order_id = ${id}`,
    );
    expect(refunds).toEqual([{ status: 'done', attempts: 1 }]);
  });
});
