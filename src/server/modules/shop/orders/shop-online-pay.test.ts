import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PrepayAnswer } from '../../../../shared/api/payments.ts';
import {
  shopAftersaleApi,
  shopMemberOrderApi as mApi,
  shopOrderApi,
} from '../../../../shared/api/shop-orders.ts';
import { queryRows } from '../../../db/rows.ts';
import { data, expect400 } from '../../../test/replies.ts';
import { REFUND_ATTEMPTS, sendRefunds } from '../../payments/refund-sender.ts';
import { openShopPay, payOnline, type ShopPayWorld } from './shop-online-pay.fixture.ts';
import { memberLogin } from './shop-orders.fixture.ts';
import { runShopJobs } from './shop.jobs.ts';
import { cancelByMember, closeOrder } from './shop-order-actions.ts';

let s: ShopPayWorld;
beforeAll(async () => {
  s = await openShopPay(['13700005001', '13700005002']);
}, 60_000);
afterAll(() => s?.w.close());
beforeEach(() => s.w.sandbox.control.reset());

const send = (now = new Date()) => sendRefunds(s.w.db, s.w.t.config.publicUrl, now);
const staff = (url: string, body: unknown) => s.w.t.call(s.staff, 'POST', url, body);
const audits = async (orderNo: string) =>
  (
    await queryRows<{ n: number }>(
      s.w.db,
      sql`select count(*)::int as n from audit_logs where module = 'shop' and action = 'pay' and target_id = ${orderNo}`,
    )
  )[0]!.n;

describe('a shop order paid online: prepay, the provider’s notification, S2', () => {
  it('a member asks for a WeChat Pay payment; the notification pays the order once; a replayed one changes nothing', async () => {
    const { orderNo, skuId } = await s.order(2);
    const pay = await data<PrepayAnswer>(s.prepay(orderNo));
    expect(pay).toMatchObject({ payWay: 2, amount: 10_000, scene: 'qr', params: null });
    s.w.sandbox.control.setNotify({ twice: true });
    await s.w.sandbox.control.pay(pay.paymentNo);
    expect(s.w.notified.slice(-2).map((n) => n.status)).toEqual([204, 204]);
    const order = await s.k.order(orderNo);
    expect([order.status, order.paidAt]).toEqual([201, expect.any(Date)]);
    expect(await s.k.history(orderNo)).toEqual(['S1:101', 'S2:201']);
    expect(await s.payments(orderNo)).toEqual([
      expect.objectContaining({ provider: 'wechat', pay_way: 2, amount: 10_000, status: 'confirmed' }),
    ]);
    // the same notification once more, as a provider retries it
    const last = s.w.notified.at(-1)!;
    const replay = await s.w.t.app.inject({
      method: 'POST',
      url: last.url,
      headers: last.headers,
      payload: last.body,
    });
    expect(replay.statusCode).toBe(204);
    expect(await s.payments(orderNo)).toHaveLength(1);
    expect(await s.k.history(orderNo)).toEqual(['S1:101', 'S2:201']);
    expect(await audits(orderNo)).toBe(1);
    expect(await s.k.stock(skuId)).toBe(8);
    // the member sees the payment paid; a second prepay of a paid order is 409
    const intent = await data<{ status: string; target: string }>(
      s.w.t.call(s.k.mini, 'GET', `/api/open/pay/query?paymentNo=${pay.paymentNo}`, undefined, {
        'x-scenic-id': String(s.k.scenicId),
        'x-member-token': s.k.members[0]!.token,
      }),
    );
    expect(intent).toMatchObject({ status: 'paid', target: 'shop' });
    expect((await s.prepay(orderNo)).statusCode).toBe(409);
  });

  it('Alipay pays the same way; the member detail shows the pay way', async () => {
    const { orderNo } = await s.order(1);
    await payOnline(s, orderNo, 3);
    expect(s.w.notified.at(-1)!.status).toBe(200);
    expect(await s.payments(orderNo)).toEqual([expect.objectContaining({ provider: 'alipay', pay_way: 3 })]);
    expect((await s.k.detail(orderNo)).payWay).toBe(3);
  });

  it('a payment after S4 is S5 when the stock is there', async () => {
    const { orderNo } = await s.order(1);
    const pay = await data<PrepayAnswer>(s.prepay(orderNo));
    const order = await s.k.order(orderNo);
    // the payer pays just after the close asked the provider: the close itself (S4)
    await s.w.db.transaction((tx) =>
      closeOrder(tx, { scenicId: order.scenicId, id: order.id, reason: '超时', adminId: null }),
    );
    await s.w.sandbox.control.pay(pay.paymentNo);
    expect(await s.k.history(orderNo)).toEqual(['S1:101', 'S4:103', 'S5:201']);
  });

  it('a payment the order cannot take (cancelled by the buyer, or paid twice) is recorded and given back through the provider', async () => {
    const cancelled = await s.order(1);
    const first = await data<PrepayAnswer>(s.prepay(cancelled.orderNo));
    const placed = await s.k.order(cancelled.orderNo);
    await s.w.db.transaction((tx) =>
      cancelByMember(tx, { scenicId: placed.scenicId, memberId: placed.memberId!, orderNo: placed.orderNo }),
    );
    await s.w.sandbox.control.pay(first.paymentNo);
    expect((await s.k.order(cancelled.orderNo)).status).toBe(102);
    expect(await s.refunds(cancelled.orderNo)).toEqual([
      expect.objectContaining({ status: 'created', amount: 5000 }),
    ]);

    const twice = await s.order(1);
    const byWeChat = await data<PrepayAnswer>(s.prepay(twice.orderNo, 2));
    const byAlipay = await data<PrepayAnswer>(s.prepay(twice.orderNo, 3));
    await s.w.sandbox.control.pay(byWeChat.paymentNo);
    await s.w.sandbox.control.pay(byAlipay.paymentNo);
    const paid = await s.k.order(twice.orderNo);
    expect([paid.status, paid.refundedAmount]).toEqual([201, 0]);
    expect((await s.payments(twice.orderNo)).map((p) => p.provider)).toEqual(['wechat', 'alipay']);

    expect(await send()).toMatchObject({ sent: 2 });
    expect(await s.refunds(cancelled.orderNo)).toEqual([expect.objectContaining({ status: 'done' })]);
    expect(await s.refunds(twice.orderNo)).toEqual([
      expect.objectContaining({ status: 'done', amount: 5000 }),
    ]);
    expect((await s.payments(twice.orderNo)).map((p) => p.status)).toEqual(['confirmed', 'refunded']);
    expect(s.w.sandbox.control.payment(byAlipay.paymentNo)!.refunds).toHaveLength(1);
    expect((await s.k.order(twice.orderNo)).status).toBe(201);
  });
});

describe('the shop’s expiry job asks the provider first (S4)', () => {
  const later = () => new Date(Date.now() + 31 * 60_000);

  it('a payment made in time but not yet notified is S2, not cancelled', async () => {
    const { orderNo } = await s.order(1);
    const pay = await data<PrepayAnswer>(s.prepay(orderNo));
    s.w.sandbox.control.setNotify({ hold: true });
    await s.w.sandbox.control.pay(pay.paymentNo);
    await runShopJobs(s.w.db, later());
    expect(await s.k.history(orderNo)).toEqual(['S1:101', 'S2:201']);
    await s.w.sandbox.control.releaseNotifications();
    expect(await s.payments(orderNo)).toHaveLength(1);
  });

  it('an unpaid one is closed at the provider, then cancelled (stock back)', async () => {
    const { orderNo, skuId } = await s.order(2, 2);
    const pay = await data<PrepayAnswer>(s.prepay(orderNo));
    await runShopJobs(s.w.db, later());
    expect(await s.k.history(orderNo)).toEqual(['S1:101', 'S4:103']);
    expect(await s.k.stock(skuId)).toBe(2);
    const [intent] = await queryRows<{ status: string }>(
      s.w.db,
      sql`select status from pay_intents where payment_no = ${pay.paymentNo}`,
    );
    expect(intent!.status).toBe('closed');
  });
});

describe('a person cancels or closes an order whose payment is in flight (S3, S4)', () => {
  it('the member cancels: the open payment is closed at the provider first, the stock comes back', async () => {
    const { orderNo, skuId } = await s.order(2, 2);
    const pay = await data<PrepayAnswer>(s.prepay(orderNo));
    await data(s.k.member(mApi.cancel, { orderNo }));
    expect(await s.k.history(orderNo)).toEqual(['S1:101', 'S3:102']);
    expect(await s.k.stock(skuId)).toBe(2);
    expect(s.w.sandbox.control.payment(pay.paymentNo)?.status).toBe('closed');
  });

  it('staff close an order the payer paid but whose notification is late: S2, and the close answers 409', async () => {
    const { orderNo } = await s.order(1);
    const pay = await data<PrepayAnswer>(s.prepay(orderNo, 3));
    s.w.sandbox.control.setNotify({ hold: true });
    await s.w.sandbox.control.pay(pay.paymentNo);
    const order = await s.k.order(orderNo);
    expect((await staff(shopOrderApi.close, { id: order.id, reason: '买家要求' })).statusCode).toBe(409);
    expect(await s.k.history(orderNo)).toEqual(['S1:101', 'S2:201']);
    await s.w.sandbox.control.releaseNotifications();
    expect(await s.payments(orderNo)).toHaveLength(1);
  });

  it('another member’s order number: 404, its payment untouched', async () => {
    const { orderNo } = await s.order(1);
    const pay = await data<PrepayAnswer>(s.prepay(orderNo));
    expect((await s.k.member(mApi.cancel, { orderNo }, 1)).statusCode).toBe(404);
    expect(s.w.sandbox.control.payment(pay.paymentNo)?.status).toBe('pending');
  });
});

describe('refunds of a shop order paid online move money (S18, S19)', () => {
  const paidOrder = async () => {
    const o = await s.order(2);
    await payOnline(s, o.orderNo);
    return { ...o, id: (await s.k.order(o.orderNo)).id };
  };

  it('a merchant refund waits for the refund sender, reaches the provider and ends S18', async () => {
    const o = await paidOrder();
    await data(staff(shopOrderApi.refund, { id: o.id, reason: '缺货' }));
    expect((await s.k.order(o.orderNo)).status).toBe(205);
    expect(await s.refunds(o.orderNo)).toEqual([
      expect.objectContaining({ status: 'created', amount: 10_000 }),
    ]);
    expect(await send()).toMatchObject({ sent: 1 });
    expect(await s.refunds(o.orderNo)).toEqual([expect.objectContaining({ status: 'done', attempts: 1 })]);
    expect(await s.k.history(o.orderNo)).toEqual(['S1:101', 'S2:201', 'S8:205', 'S18:203']);
    expect(await s.payments(o.orderNo)).toEqual([expect.objectContaining({ status: 'refunded' })]);
    expect(await send()).toMatchObject({ sent: 0 });
  });

  it('an approved after-sales refund the provider processes ends with its notification', async () => {
    const o = await paidOrder();
    s.w.sandbox.control.setRefundMode({ mode: 'processing' });
    const asked = await data<{ id: number }>(
      s.k.member(mApi.afterSale, { orderNo: o.orderNo, type: 2, reason: '不要了' }),
    );
    await data(staff(shopAftersaleApi.approve, { id: asked.id }));
    await send();
    const [sent] = await s.refunds(o.orderNo);
    expect(sent!.status).toBe('transit');
    await s.w.sandbox.control.resolveRefund(sent!.sent_no!, 'success');
    expect(await s.refunds(o.orderNo)).toEqual([expect.objectContaining({ status: 'done' })]);
    expect((await s.k.order(o.orderNo)).status).toBe(203);
  });

  it('a refund that fails is retried with backoff, then failed with the provider’s reason (S19); staff send it again or record it paid outside', async () => {
    const o = await paidOrder();
    const other = await paidOrder();
    s.w.sandbox.control.setRefundMode({ mode: 'fail', reason: 'NOT_ENOUGH' });
    await data(staff(shopOrderApi.refund, { id: o.id, reason: '缺货' }));
    await data(staff(shopOrderApi.refund, { id: other.id, reason: '缺货' }));
    let now = new Date();
    await send(now);
    expect(await s.refunds(o.orderNo)).toEqual([expect.objectContaining({ status: 'created', attempts: 1 })]);
    expect(await send(now)).toMatchObject({ sent: 0 });
    for (let i = 2; i <= REFUND_ATTEMPTS; i++) {
      now = new Date(now.getTime() + 3 * 3_600_000);
      await send(now);
    }
    const [failed] = await s.refunds(o.orderNo);
    expect(failed).toMatchObject({ status: 'failed', attempts: REFUND_ATTEMPTS });
    expect(failed!.fail_reason).toMatch(/NOT_ENOUGH/);
    expect(failed!.last_error).toMatch(/NOT_ENOUGH/);
    expect(await s.k.history(o.orderNo)).toEqual(['S1:101', 'S2:201', 'S8:205', 'S19:205']);

    // sent again by staff: left for the sender, which succeeds this time
    s.w.sandbox.control.setRefundMode({ mode: 'success' });
    const again = await data<{ status: string; orderStatus: number }>(
      staff(shopOrderApi.retryRefund, { refundId: failed!.id }),
    );
    expect(again).toMatchObject({ status: 'created', orderStatus: 205 });
    await send(now);
    expect((await s.k.order(o.orderNo)).status).toBe(203);

    // recorded as paid back outside the system
    const [gone] = await s.refunds(other.orderNo);
    const outside = await data<{ status: string; orderStatus: number }>(
      staff(shopOrderApi.retryRefund, { refundId: gone!.id, external: true, note: '现金退回' }),
    );
    expect(outside).toMatchObject({ status: 'external', orderStatus: 203 });
  });
});

describe('prepay of a shop order: bad input, who may ask, other areas', () => {
  it('400 naming the field; reporting WeChat Pay or Alipay through the member API is 400 too', async () => {
    const { orderNo } = await s.order(1);
    expect400(await s.prepay(orderNo, 2, 0, { scene: 'card' }), 'scene');
    expect400(await s.prepay(orderNo, 1 as 2), 'payWay');
    expect400(await s.prepay(orderNo, 2, 0, { target: 'cards' }), 'target');
    expect400(await s.prepay('', 2), 'orderNo');
    for (const payWay of [2, 3])
      expect400(
        await s.k.member(mApi.pay, { orderNo, payWay, amount: 5000, providerTxnId: `self-${payWay}` }),
        'payWay',
      );
    expect(await s.payments(orderNo)).toEqual([]);
  });

  it('401 without a token or a member; 404 for another member’s order and another area’s', async () => {
    const { orderNo } = await s.order(1);
    const body = { target: 'shop', orderNo, payWay: 2, scene: 'qr' };
    const area = { 'x-scenic-id': String(s.k.scenicId) };
    expect((await s.w.t.call(null, 'POST', '/api/open/pay/prepay', body, area)).statusCode).toBe(401);
    expect((await s.w.t.call(s.k.mini, 'POST', '/api/open/pay/prepay', body, area)).statusCode).toBe(401);
    // a channel never acts for a member
    expect((await s.w.open('POST', '/api/open/pay/prepay', body)).statusCode).toBe(401);
    expect((await s.prepay(orderNo, 2, 1)).statusCode).toBe(404);
    const elsewhere = await memberLogin(s.w.t, s.k.mini, '13700005001', s.w.f.otherScenicId);
    const other = await s.w.t.call(s.k.mini, 'POST', '/api/open/pay/prepay', body, {
      'x-scenic-id': String(s.w.f.otherScenicId),
      'x-member-token': elsewhere,
    });
    expect(other.statusCode).toBe(404);
    // the payment asked by the owner is not another member's to query
    const pay = await data<PrepayAnswer>(s.prepay(orderNo));
    const peek = await s.w.t.call(
      s.k.mini,
      'GET',
      `/api/open/pay/query?paymentNo=${pay.paymentNo}`,
      undefined,
      {
        ...area,
        'x-member-token': s.k.members[1]!.token,
      },
    );
    expect(peek.statusCode).toBe(404);
  });
});
