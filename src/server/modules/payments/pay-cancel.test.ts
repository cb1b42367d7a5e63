import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TICKET_STATUS as S } from '../../../shared/dict/order.ts';
import { queryRows } from '../../db/rows.ts';
import { useEgressAllow } from '../../lib/egress.ts';
import { data } from '../../test/replies.ts';
import { openPayApp, type PayApp } from './online-pay.fixture.ts';

/**
 * A person cancels an unpaid order while its payment is in flight at WeChat Pay or Alipay: the
 * provider is asked first, outside the cancel's transaction (pay-expiry.ts settleBeforeCancel).
 */
let w: PayApp;
beforeAll(async () => {
  w = await openPayApp();
}, 60_000);
afterAll(() => w?.close());
beforeEach(() => w.sandbox.control.reset());

const ticketsOf = async (orderNo: string) =>
  (
    await queryRows<{ status: number }>(
      w.db,
      sql`select t.status from order_tickets t join ticket_orders o on o.id = t.order_id
          where o.order_no = ${orderNo} order by t.id`,
    )
  ).map((t) => Number(t.status));
const intentOf = async (paymentNo: string) =>
  (
    await queryRows<{ status: string }>(
      w.db,
      sql`select status from pay_intents where payment_no = ${paymentNo}`,
    )
  )[0]!.status;
const staffCancel = (id: number) => w.t.call(w.staff, 'POST', '/web/api/admin/order/cancel', { id });

describe('cancelling an order whose payment is in flight', () => {
  it('staff cancel (T5): the open payment is closed at the provider first, then the order is cancelled', async () => {
    const { orderNo, id } = await w.order();
    const pay = await w.prepay(orderNo);
    const res = await staffCancel(id);
    expect(res.statusCode).toBe(200);
    expect(await ticketsOf(orderNo)).toEqual([S.systemCancelled, S.systemCancelled]);
    expect(await intentOf(pay.paymentNo)).toBe('closed');
    expect(w.sandbox.control.payment(pay.paymentNo)?.status).toBe('closed');
    // the payer can no longer pay it: the sandbox refuses a closed payment
    expect(() => w.sandbox.control.pay(pay.paymentNo)).toThrow(/closed/);
  });

  it('paid at the provider but not yet notified: recorded as paid (T3), and the cancel answers 409', async () => {
    const { orderNo, id } = await w.order();
    const pay = await w.prepay(orderNo, 3);
    w.sandbox.control.setNotify({ hold: true });
    await w.sandbox.control.pay(pay.paymentNo);
    const res = await staffCancel(id);
    expect(res.statusCode).toBe(409);
    expect(await ticketsOf(orderNo)).toEqual([S.unused, S.unused]);
    expect(await intentOf(pay.paymentNo)).toBe('paid');
    // the held notification arrives later: a duplicate, one payment
    await w.sandbox.control.releaseNotifications();
    const payments = await queryRows<{ n: number }>(
      w.db,
      sql`select count(*)::int as n from payments p join ticket_orders o on o.id = p.order_id
          where o.order_no = ${orderNo}`,
    );
    expect(Number(payments[0]!.n)).toBe(1);
  });

  it('the provider cannot answer: 502 in the user’s language, nothing changes; the channel’s own cancel (T4) works once it answers', async () => {
    const { orderNo, id } = await w.order();
    const pay = await w.prepay(orderNo);
    useEgressAllow([]);
    try {
      const en = await w.t.call(
        w.staff,
        'POST',
        '/web/api/admin/order/cancel',
        { id },
        { 'accept-language': 'en' },
      );
      expect(en.statusCode).toBe(502);
      expect(en.json<{ msg: string }>().msg).toContain('was not cancelled');
      const zh = await w.open('POST', '/api/open/order/cancel', { orderNo });
      expect(zh.statusCode).toBe(502);
      expect(zh.json<{ msg: string }>().msg).toContain('订单未取消');
    } finally {
      useEgressAllow([new URL(w.sandbox.url).host]);
    }
    expect(await ticketsOf(orderNo)).toEqual([S.pendingPayment, S.pendingPayment]);
    expect(await intentOf(pay.paymentNo)).toBe('pending');
    await data(w.open('POST', '/api/open/order/cancel', { orderNo }));
    expect(await ticketsOf(orderNo)).toEqual([S.userCancelled, S.userCancelled]);
    expect(await intentOf(pay.paymentNo)).toBe('closed');
  });

  it('another channel’s order number: 404, and its payment is not touched', async () => {
    const { orderNo } = await w.order();
    const pay = await w.prepay(orderNo);
    await w.db.execute(
      sql`update ticket_orders set scenic_id = ${w.f.otherScenicId} where order_no = ${orderNo}`,
    );
    try {
      expect((await w.open('POST', '/api/open/order/cancel', { orderNo })).statusCode).toBe(404);
      expect(await intentOf(pay.paymentNo)).toBe('pending');
      expect(w.sandbox.control.payment(pay.paymentNo)?.status).toBe('pending');
    } finally {
      await w.db.execute(
        sql`update ticket_orders set scenic_id = ${w.f.scenicId} where order_no = ${orderNo}`,
      );
    }
  });
});
