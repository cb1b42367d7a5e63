import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TICKET_STATUS as S } from '../../../shared/dict/order.ts';
import { queryRows } from '../../db/rows.ts';
import { data, expect400 } from '../../test/replies.ts';
import { cancelOrder, runOrderJobs } from '../orders/index.ts';
import { openPayApp, type PayApp } from './online-pay.fixture.ts';
import { REFUND_ATTEMPTS, sendRefunds } from './refund-sender.ts';

let w: PayApp;
beforeAll(async () => {
  w = await openPayApp();
  await w.db.execute(sql`update ticket_products set refund_rule = 3 where id = ${w.f.regular}`);
}, 60_000);
afterAll(() => w?.close());
beforeEach(() => w.sandbox.control.reset());

const orderState = async (orderNo: string) => {
  const [o] = await queryRows<{
    status: number;
    pay_status: number;
    paid_amount: number;
    refunded_amount: number;
  }>(
    w.db,
    sql`select status, pay_status, paid_amount, refunded_amount from ticket_orders where order_no = ${orderNo}`,
  );
  const tickets = await queryRows<{ status: number }>(
    w.db,
    sql`select t.status from order_tickets t join ticket_orders o on o.id = t.order_id where o.order_no = ${orderNo}`,
  );
  return { ...o!, tickets: tickets.map((t) => Number(t.status)) };
};
const paymentsOf = (orderNo: string) =>
  queryRows<{ provider: string; provider_txn_id: string; amount: number; status: string }>(
    w.db,
    sql`select p.provider, p.provider_txn_id, p.amount, p.status from payments p
        join ticket_orders o on o.id = p.order_id where o.order_no = ${orderNo}`,
  );
const refundsOf = (orderNo: string) =>
  queryRows<{ id: number; status: string; amount: number; attempts: number; last_error: string }>(
    w.db,
    sql`select r.id, r.status, r.amount, pr.attempts, pr.last_error from refunds r
        join ticket_orders o on o.id = r.order_id
        left join provider_refunds pr on pr.target = 'ticket' and pr.refund_id = r.id
        where o.order_no = ${orderNo} order by r.id`,
  );

describe('paying online: prepay, the provider’s notification, T3', () => {
  it('a channel asks for a WeChat Pay QR code; the payer pays; the notification confirms the order once', async () => {
    const { orderNo } = await w.order();
    const pay = await w.prepay(orderNo);
    expect(pay).toMatchObject({ payWay: 2, amount: 20_000, scene: 'qr', params: null });
    expect(pay.codeUrl).toMatch(/^weixin:\/\/|^http/);
    w.sandbox.control.setNotify({ twice: true });
    await w.sandbox.control.pay(pay.paymentNo);
    const last = w.notified.slice(-2);
    expect(last.map((n) => n.status)).toEqual([204, 204]);
    expect(await orderState(orderNo)).toMatchObject({
      pay_status: 201,
      paid_amount: 20_000,
      tickets: [S.unused, S.unused],
    });
    const paid = await paymentsOf(orderNo);
    expect(paid).toEqual([
      expect.objectContaining({ provider: 'wechat', amount: 20_000, status: 'confirmed' }),
    ]);
    // the intent answers paid; a second prepay of a paid order is 409
    const intent = await data<{ status: string }>(
      w.open('GET', `/api/open/pay/query?paymentNo=${pay.paymentNo}`),
    );
    expect(intent.status).toBe('paid');
    expect(
      (await w.open('POST', '/api/open/pay/prepay', { orderNo, payWay: 2, scene: 'qr' })).statusCode,
    ).toBe(409);
  });

  it('Alipay pays the same way (its form-encoded notification, RSA2)', async () => {
    const { orderNo } = await w.order();
    const pay = await w.prepay(orderNo, 3);
    await w.sandbox.control.pay(pay.paymentNo);
    expect(w.notified.at(-1)!.status).toBe(200);
    expect(await paymentsOf(orderNo)).toEqual([
      expect.objectContaining({ provider: 'alipay', amount: 20_000 }),
    ]);
  });

  it('a forged notification (wrong signature) or one replayed for another area changes nothing', async () => {
    const { orderNo } = await w.order();
    const pay = await w.prepay(orderNo);
    w.sandbox.control.setNotify({ wrongSignature: true, hold: true });
    await w.sandbox.control.pay(pay.paymentNo);
    await w.sandbox.control.releaseNotifications();
    expect(w.notified.at(-1)!.status).toBeGreaterThanOrEqual(400);
    expect(await paymentsOf(orderNo)).toEqual([]);
    expect((await orderState(orderNo)).pay_status).toBe(101);
    // the genuine notification, sent to another area's address: refused there, nothing changes
    const genuine = w.notified.at(-1)!;
    const other = await w.t.app.inject({
      method: 'POST',
      url: `/api/pay/notify/${w.f.otherScenicId}/2`,
      headers: genuine.headers,
      payload: genuine.body,
    });
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    // the provider asks again with a good signature: paid
    const intent = await data<{ status: string }>(
      w.open('GET', `/api/open/pay/query?paymentNo=${pay.paymentNo}`),
    );
    expect(intent.status).toBe('paid');
    expect(await paymentsOf(orderNo)).toHaveLength(1);
  });

  it('a notification for a user-cancelled order records the payment and refunds it (T7) through the provider', async () => {
    const { orderNo, id } = await w.order();
    const pay = await w.prepay(orderNo);
    // the payer pays just after the cancel asked the provider (pay-cancel.test.ts): the cancel itself
    await cancelOrder(w.db, { scenicId: w.f.scenicId, orderId: id, by: 'customer' });
    await w.sandbox.control.pay(pay.paymentNo);
    expect(await paymentsOf(orderNo)).toHaveLength(1);
    expect(await refundsOf(orderNo)).toEqual([
      expect.objectContaining({ status: 'created', amount: 20_000 }),
    ]);
    expect(await sendRefunds(w.db, w.t.config.publicUrl)).toMatchObject({ sent: 1 });
    expect(await refundsOf(orderNo)).toEqual([expect.objectContaining({ status: 'done', attempts: 1 })]);
    expect(w.sandbox.control.payment(pay.paymentNo)?.refunds?.length ?? 1).toBe(1);
    expect((await orderState(orderNo)).tickets).toEqual([S.userCancelled, S.userCancelled]);
  });
});

describe('the expiry job asks the provider first (T5)', () => {
  const expire = async (orderNo: string, at: Date) => {
    await w.db.execute(sql`update ticket_orders set expires_at = ${at} where order_no = ${orderNo}`);
    await w.db.execute(sql`update pay_intents set expires_at = ${at} where target_no = ${orderNo}`);
  };

  it('a payment made in time but not yet notified is settled as T3, not cancelled', async () => {
    const { orderNo } = await w.order();
    const pay = await w.prepay(orderNo);
    w.sandbox.control.setNotify({ hold: true });
    await w.sandbox.control.pay(pay.paymentNo);
    await expire(orderNo, new Date(Date.now() + 1_000));
    await runOrderJobs(w.db, new Date(Date.now() + 120_000));
    expect(await orderState(orderNo)).toMatchObject({ pay_status: 201, tickets: [S.unused, S.unused] });
    // the held notification arrives later: a duplicate, nothing changes
    await w.sandbox.control.releaseNotifications();
    expect(await paymentsOf(orderNo)).toHaveLength(1);
  });

  it('an unpaid one is closed at the provider, then the order is cancelled', async () => {
    const { orderNo } = await w.order();
    const pay = await w.prepay(orderNo);
    await expire(orderNo, new Date(Date.now() - 1_000));
    await runOrderJobs(w.db, new Date());
    expect((await orderState(orderNo)).tickets).toEqual([S.systemCancelled, S.systemCancelled]);
    const intent = await data<{ status: string }>(
      w.open('GET', `/api/open/pay/query?paymentNo=${pay.paymentNo}`),
    );
    expect(intent.status).toBe('closed');
  });
});

describe('refunds move money: console refund, retries, notification (T21, T22)', () => {
  const paidOrder = async () => {
    const { orderNo, id } = await w.order();
    const pay = await w.prepay(orderNo);
    await w.sandbox.control.pay(pay.paymentNo);
    const tickets = await queryRows<{ id: number }>(
      w.db,
      sql`select id from order_tickets where order_id = ${id}`,
    );
    return { orderNo, id, ticketIds: tickets.map((t) => Number(t.id)) };
  };
  const staffRefund = (o: { id: number; ticketIds: number[] }) =>
    data(
      w.t.call(w.staff, 'POST', '/web/api/admin/order/staffRefund', {
        orderId: o.id,
        ticketIds: o.ticketIds,
        reason: '游客行程取消',
      }),
    );

  it('a console refund reaches the provider; its success makes the tickets 203', async () => {
    const o = await paidOrder();
    await staffRefund(o);
    expect((await orderState(o.orderNo)).tickets).toEqual([S.refunding, S.refunding]);
    await sendRefunds(w.db, w.t.config.publicUrl);
    expect(await orderState(o.orderNo)).toMatchObject({
      refunded_amount: 20_000,
      tickets: [S.refunded, S.refunded],
    });
    expect(await paymentsOf(o.orderNo)).toEqual([expect.objectContaining({ status: 'refunded' })]);
  });

  it('a refund the provider processes ends with its notification (T21)', async () => {
    const o = await paidOrder();
    w.sandbox.control.setRefundMode({ mode: 'processing' });
    await staffRefund(o);
    await sendRefunds(w.db, w.t.config.publicUrl);
    const [r] = await refundsOf(o.orderNo);
    expect(r!.status).toBe('transit');
    const [sent] = await queryRows<{ refund_no: string }>(
      w.db,
      sql`select refund_no from provider_refunds where refund_id = ${r!.id}`,
    );
    await w.sandbox.control.resolveRefund(sent!.refund_no, 'success');
    expect((await orderState(o.orderNo)).tickets).toEqual([S.refunded, S.refunded]);
  });

  it('a refund that fails is retried with backoff, then shows failed with the provider’s reason (T22)', async () => {
    const o = await paidOrder();
    w.sandbox.control.setRefundMode({ mode: 'fail', reason: 'NOT_ENOUGH' });
    await staffRefund(o);
    let now = new Date();
    await sendRefunds(w.db, w.t.config.publicUrl, now);
    expect(await refundsOf(o.orderNo)).toEqual([expect.objectContaining({ status: 'created', attempts: 1 })]);
    // not due again before its backoff
    expect(await sendRefunds(w.db, w.t.config.publicUrl, now)).toMatchObject({ sent: 0 });
    for (let i = 2; i <= REFUND_ATTEMPTS; i++) {
      now = new Date(now.getTime() + 3 * 3_600_000);
      await sendRefunds(w.db, w.t.config.publicUrl, now);
    }
    const [r] = await refundsOf(o.orderNo);
    expect(r).toMatchObject({ status: 'failed', attempts: REFUND_ATTEMPTS });
    expect(r!.last_error).toMatch(/NOT_ENOUGH/);
    // the refund itself keeps why, as the refund screens show it
    const [failed] = await queryRows<{ fail_reason: string }>(
      w.db,
      sql`select fail_reason from refunds where id = ${r!.id}`,
    );
    expect(failed!.fail_reason).toMatch(/NOT_ENOUGH/);
    expect((await orderState(o.orderNo)).tickets).toEqual([S.refunding, S.refunding]);
  });
});

describe('prepay: bad input, who may ask, other areas', () => {
  it('400 naming the field: an offline pay way, a missing scene; reporting WeChat Pay is 400 too', async () => {
    const { orderNo } = await w.order();
    expect400(await w.open('POST', '/api/open/pay/prepay', { orderNo, payWay: 1, scene: 'qr' }), 'payWay');
    expect400(await w.open('POST', '/api/open/pay/prepay', { orderNo, payWay: 2 }), 'scene');
    expect400(
      await w.open('POST', '/api/open/order/pay', {
        orderNo,
        payWay: 2,
        amount: 20_000,
        providerTxnId: 'wx-self-1',
      }),
      'payWay',
    );
    expect400(
      await w.open('POST', '/api/open/order/pay', {
        orderNo,
        payWay: 1,
        amount: 20_000,
        provider: 'wechat',
        providerTxnId: 'wx-self-2',
      }),
      'provider',
    );
    expect(await paymentsOf(orderNo)).toEqual([]);
  });

  it('401 without a token, 403 for a client that does not sell, 404 for another area’s order, 409 when the pay way is off', async () => {
    const { orderNo } = await w.order();
    const body = { orderNo, payWay: 2, scene: 'qr' };
    expect(
      (await w.t.call(null, 'POST', '/api/open/pay/prepay', body, { 'x-scenic-id': String(w.f.scenicId) }))
        .statusCode,
    ).toBe(401);
    const gate = await w.t.deviceToken(w.f.scenicId, 'gateDevice');
    expect(
      (
        await w.t.call(gate.token, 'POST', '/api/open/pay/prepay', body, {
          'x-scenic-id': String(w.f.scenicId),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await w.open('POST', '/api/open/pay/prepay', body, { 'x-scenic-id': String(w.f.otherScenicId) }))
        .statusCode,
    ).toBe(404);
    await w.db.execute(
      sql`update payment_settings set enabled = false where scenic_id = ${w.f.scenicId} and pay_way = 3`,
    );
    const off = await w.open('POST', '/api/open/pay/prepay', { ...body, payWay: 3 });
    expect(off.statusCode).toBe(409);
    await w.db.execute(
      sql`update payment_settings set enabled = true where scenic_id = ${w.f.scenicId} and pay_way = 3`,
    );
    expect((await w.open('GET', '/api/open/pay/query?paymentNo=P20260101AAAAAAAAAAAA')).statusCode).toBe(404);
  });
});

describe('secrets', () => {
  it('no merchant secret in any answer or log line of the whole flow above', () => {
    expect(w.answers.length).toBeGreaterThan(20);
    expect(w.logLines.length).toBeGreaterThan(20);
    for (const secret of w.secrets) {
      expect(w.answers.filter((a) => a.includes(secret))).toEqual([]);
      expect(w.logLines.filter((l) => l.includes(secret))).toEqual([]);
    }
  });
});
