import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cardOrderApi, type CardOrderRow } from '../../../shared/api/cards.ts';
import { queryRows } from '../../db/rows.ts';
import { data, expect400, type Page } from '../../test/replies.ts';
import { REFUND_ATTEMPTS, sendRefunds } from '../payments/refund-sender.ts';
import { openCardSales, type CardSaleWorld } from './card-sales.fixture.ts';

// A card refund the provider refused to the end (docs/payments.md "Travel cards"): staff send it
// again (retryRefund) or record it as paid back outside the system (refundOutside).

let s: CardSaleWorld;
let others: Record<'admin' | 'staff', string>;
beforeAll(async () => {
  s = await openCardSales(['13700008001']);
  // admin acts in another area than YLGZ; staff has no card permission
  others = {
    admin: (await s.w.t.login('admin')).access_token,
    staff: (await s.w.t.login('staff')).access_token,
  };
}, 180_000);
afterAll(() => s?.w.close());
beforeEach(() => s.w.sandbox.control.reset());

let clock = new Date();
const send = () => sendRefunds(s.w.db, s.w.t.config.publicUrl, clock);
const call = (url: string, body: unknown, token = s.staff) => s.w.t.call(token, 'POST', url, body);
const listRow = async (orderNo: string) =>
  (await data<Page<CardOrderRow>>(call(cardOrderApi.page, { orderNo }))).rows[0]!;
const audits = async (orderId: number, action: string) =>
  queryRows<{ after: Record<string, unknown> }>(
    s.w.db,
    sql`select after from audit_logs where module = 'cards' and action = ${action}
        and target_id = ${String(orderId)} order by id`,
  );

/** Orders paid by WeChat Pay and refunded by staff, whose refunds the provider refuses to the last attempt. */
async function failedRefunds(n: number) {
  const orders: { orderNo: string; id: number }[] = [];
  for (let i = 0; i < n; i++) {
    const order = await s.buy();
    await s.payOnline(order.orderNo);
    orders.push({ orderNo: order.orderNo, id: Number((await s.row(order.orderNo)).id) });
  }
  s.w.sandbox.control.setRefundMode({ mode: 'fail', reason: 'NOT_ENOUGH' });
  for (const o of orders) await data(call(cardOrderApi.refund, { id: o.id, reason: '不想要了' }));
  for (let i = 1; i <= REFUND_ATTEMPTS; i++) {
    clock = new Date(clock.getTime() + 3 * 3_600_000);
    await send();
  }
  for (const o of orders)
    expect(await s.refunds(o.orderNo)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: REFUND_ATTEMPTS }),
    ]);
  s.w.sandbox.control.setRefundMode({ mode: 'success' });
  return orders;
}

describe('a failed card refund: sent again, or paid back outside', () => {
  it('retryRefund: the refund waits for the sender again, which sends it once more; a second retry is 409', async () => {
    const [o] = await failedRefunds(1);
    const row = await data<CardOrderRow>(call(cardOrderApi.retryRefund, { id: o!.id }));
    expect(row).toMatchObject({ id: o!.id, status: 203, refundStatus: 'created', refundFailReason: '' });
    const [audit] = await audits(o!.id, 'cardRefund.retry');
    expect(audit!.after).toMatchObject({ status: 'created', amount: 9_900 });
    expect((await call(cardOrderApi.retryRefund, { id: o!.id })).statusCode).toBe(409);

    expect(await send()).toMatchObject({ sent: 1 });
    expect(await s.refunds(o!.orderNo)).toEqual([
      expect.objectContaining({ status: 'done', attempts: REFUND_ATTEMPTS + 1 }),
    ]);
    expect(await listRow(o!.orderNo)).toMatchObject({ refundStatus: 'done' });
    expect(s.w.sandbox.control.payment((await paymentNo(o!.orderNo))!)!.refunds).toHaveLength(1);
    // done: neither way forward applies any more
    expect((await call(cardOrderApi.retryRefund, { id: o!.id })).statusCode).toBe(409);
    expect((await call(cardOrderApi.refundOutside, { id: o!.id, reason: '现金' })).statusCode).toBe(409);
  });

  it('retried and refused again: failed at once with the reason (one more attempt a retry)', async () => {
    const [o] = await failedRefunds(1);
    await data(call(cardOrderApi.retryRefund, { id: o!.id }));
    s.w.sandbox.control.setRefundMode({ mode: 'fail', reason: 'ACCOUNT_FROZEN' });
    await send();
    const row = await listRow(o!.orderNo);
    expect(row.refundStatus).toBe('failed');
    expect(row.refundFailReason).toMatch(/ACCOUNT_FROZEN/);
  });

  it('refundOutside: external with the reason audited; the sender never sends it; no second move (409)', async () => {
    const [o] = await failedRefunds(1);
    const row = await data<CardOrderRow>(
      call(cardOrderApi.refundOutside, { id: o!.id, reason: '已现金退还游客' }),
    );
    expect(row).toMatchObject({ status: 203, refundStatus: 'external', refundedAmount: 9_900 });
    const [audit] = await audits(o!.id, 'cardRefund.outside');
    expect(audit!.after).toMatchObject({ status: 'external', amount: 9_900, reason: '已现金退还游客' });
    const [refund] = await queryRows<{ done_at: Date | null }>(
      s.w.db,
      sql`select r.done_at from card_refunds r join card_orders o on o.id = r.order_id
          where o.order_no = ${o!.orderNo}`,
    );
    expect(refund!.done_at).not.toBeNull();
    expect(await send()).toMatchObject({ sent: 0 });
    expect((await call(cardOrderApi.refundOutside, { id: o!.id, reason: '再来' })).statusCode).toBe(409);
    expect((await call(cardOrderApi.retryRefund, { id: o!.id })).statusCode).toBe(409);
  });

  it('409 for an order whose refund did not fail (waiting, or paid offline)', async () => {
    const order = await s.buy();
    await s.payOnline(order.orderNo);
    const id = Number((await s.row(order.orderNo)).id);
    await data(call(cardOrderApi.refund, { id, reason: '不想要了' }));
    expect((await call(cardOrderApi.retryRefund, { id })).statusCode).toBe(409);
    expect((await call(cardOrderApi.refundOutside, { id, reason: '现金' })).statusCode).toBe(409);
    expect(await s.refunds(order.orderNo)).toEqual([expect.objectContaining({ status: 'created' })]);
  });

  it('400 naming the field; 403 without the permission; 404 for another area’s order', async () => {
    const [o] = await failedRefunds(1);
    expect400(await call(cardOrderApi.retryRefund, {}), 'id');
    expect400(await call(cardOrderApi.retryRefund, { id: 'x' }), 'id');
    expect400(await call(cardOrderApi.refundOutside, { id: o!.id }), 'reason');
    expect400(await call(cardOrderApi.refundOutside, { id: o!.id, reason: 'x'.repeat(201) }), 'reason');
    expect((await call(cardOrderApi.retryRefund, { id: o!.id }, others.staff)).statusCode).toBe(403);
    expect(
      (await call(cardOrderApi.refundOutside, { id: o!.id, reason: '现金' }, others.staff)).statusCode,
    ).toBe(403);
    expect((await call(cardOrderApi.retryRefund, { id: o!.id }, others.admin)).statusCode).toBe(404);
    expect(
      (await call(cardOrderApi.refundOutside, { id: o!.id, reason: '现金' }, others.admin)).statusCode,
    ).toBe(404);
    // nothing moved
    expect(await s.refunds(o!.orderNo)).toEqual([expect.objectContaining({ status: 'failed' })]);
  });
});

async function paymentNo(orderNo: string) {
  const [row] = await queryRows<{ payment_no: string }>(
    s.w.db,
    sql`select payment_no from pay_intents where target = 'card' and target_no = ${orderNo}`,
  );
  return row?.payment_no;
}
