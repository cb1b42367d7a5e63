import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cardMemberApi as mApi,
  cardOpenApi as oApi,
  type CardSaleOrder,
} from '../../../shared/api/card-sales.ts';
import { cardOrderApi, type CardOrderRow } from '../../../shared/api/cards.ts';
import type { PrepayAnswer } from '../../../shared/api/payments.ts';
import { queryRows } from '../../db/rows.ts';
import { useEgressAllow } from '../../lib/egress.ts';
import { data, expect400, type Page } from '../../test/replies.ts';
import { SYSTEM } from '../audit/index.ts';
import { REFUND_ATTEMPTS, sendRefunds } from '../payments/refund-sender.ts';
import { runCardPayExpiry } from './card-pay-expiry.job.ts';
import { cancelUnpaidCard } from './card-sales.service.ts';
import { openCardSales, type CardSaleWorld } from './card-sales.fixture.ts';

let s: CardSaleWorld;
beforeAll(async () => {
  s = await openCardSales(['13700007001', '13700007002']);
}, 180_000);
afterAll(() => s?.w.close());
beforeEach(() => s.w.sandbox.control.reset());

const send = (now = new Date()) => sendRefunds(s.w.db, s.w.t.config.publicUrl, now);
const intentOf = async (paymentNo: string) =>
  (
    await queryRows<{ status: string }>(
      s.w.db,
      sql`select status from pay_intents where payment_no = ${paymentNo}`,
    )
  )[0]!.status;
const cardsOf = async (orderNo: string) =>
  queryRows<{ state: number }>(
    s.w.db,
    sql`select c.state from cards c join card_orders o on o.id = c.order_id where o.order_no = ${orderNo}`,
  );
const audits = async (orderId: unknown, action: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        s.w.db,
        sql`select count(*)::int as n from audit_logs where module = 'cards' and action = ${action}
            and target_id = ${String(orderId)}`,
      )
    )[0]!.n,
  );
const listRow = async (orderNo: string) =>
  (await data<Page<CardOrderRow>>(s.w.t.call(s.staff, 'POST', cardOrderApi.page, { orderNo }))).rows[0]!;

describe('a card order paid online: prepay, the provider’s notification, C3', () => {
  it('the member pays by WeChat Pay: 201, the card issued, SMS template 4; a replayed notification changes nothing', async () => {
    // the area sends template 4 (spec §9 "pass-card payment")
    await s.w.db.execute(
      sql`insert into sms_templates (scenic_id, template, enabled, content) values (${s.scenicId}, 4, true, '畅游卡')
          on conflict (scenic_id, template) do update set enabled = true`,
    );
    const order = await s.buy();
    const pay = await data<PrepayAnswer>(s.prepay(order.orderNo));
    expect(pay).toMatchObject({ payWay: 2, amount: 9_900, scene: 'qr' });
    s.w.sandbox.control.setNotify({ twice: true });
    await s.w.sandbox.control.pay(pay.paymentNo);
    expect(s.w.notified.slice(-2).map((n) => n.status)).toEqual([204, 204]);
    const row = await s.row(order.orderNo);
    expect(row).toMatchObject({ status: 201, pay_way: 2, provider: 'wechat' });
    expect(await cardsOf(order.orderNo)).toEqual([{ state: 1 }]);
    const last = s.w.notified.at(-1)!;
    const replay = await s.w.t.app.inject({
      method: 'POST',
      url: last.url,
      headers: last.headers,
      payload: last.body,
    });
    expect(replay.statusCode).toBe(204);
    expect(await cardsOf(order.orderNo)).toHaveLength(1);
    expect(await audits(row.id, 'cardOrder.C3')).toBe(1);
    const [sms] = await queryRows<{ n: number }>(
      s.w.db,
      sql`select count(*)::int as n from outbox_messages where ref = ${order.orderNo} and template = 4`,
    );
    expect(Number(sms!.n)).toBe(1);
    // the member sees it paid; a second prepay of a paid order: 409
    const mine = await data<CardSaleOrder[]>(s.member('GET', mApi.orders));
    expect(mine.find((o) => o.orderNo === order.orderNo)).toMatchObject({ status: 201, card: { state: 1 } });
    expect((await s.prepay(order.orderNo)).statusCode).toBe(409);
  });

  it('a channel places a card (C1) and asks for a QR code; Alipay pays it; a member cannot pay it (404)', async () => {
    const placed = await data<CardSaleOrder>(
      s.open('POST', oApi.create, { kindId: s.kindId, buyer: { name: '李雷', phone: '13900005678' } }),
    );
    expect((await s.prepay(placed.orderNo)).statusCode).toBe(404);
    const pay = await data<PrepayAnswer>(
      s.open('POST', '/api/open/pay/prepay', {
        target: 'card',
        orderNo: placed.orderNo,
        payWay: 3,
        scene: 'qr',
      }),
    );
    expect(pay.codeUrl).toBeTruthy();
    await s.w.sandbox.control.pay(pay.paymentNo);
    const paid = await data<CardSaleOrder>(s.open('GET', `${oApi.query}?orderNo=${placed.orderNo}`));
    expect(paid).toMatchObject({ status: 201, payWay: 3, card: { state: 1 } });
  });

  it('a forged notification changes nothing; the query then finds it paid', async () => {
    const order = await s.buy();
    const pay = await data<PrepayAnswer>(s.prepay(order.orderNo));
    s.w.sandbox.control.setNotify({ wrongSignature: true, hold: true });
    await s.w.sandbox.control.pay(pay.paymentNo);
    await s.w.sandbox.control.releaseNotifications();
    expect(s.w.notified.at(-1)!.status).toBeGreaterThanOrEqual(400);
    expect((await s.row(order.orderNo)).status).toBe(101);
    expect(await cardsOf(order.orderNo)).toEqual([]);
    const intent = await data<{ status: string }>(
      s.member('GET', `/api/open/pay/query?paymentNo=${pay.paymentNo}`),
    );
    expect(intent.status).toBe('paid');
    expect((await s.row(order.orderNo)).status).toBe(201);
  });

  it('a payment after C4 (cancelled, or past the deadline) is recorded and refunded through the provider', async () => {
    const cancelled = await s.buy();
    const first = await data<PrepayAnswer>(s.prepay(cancelled.orderNo));
    const row = await s.row(cancelled.orderNo);
    // the payer pays just after the cancel asked the provider: the cancel itself
    await s.w.db.transaction((tx) =>
      cancelUnpaidCard(
        tx,
        { id: Number(row.id), scenicId: s.scenicId, orderNo: cancelled.orderNo },
        'cancelled',
        { username: SYSTEM, scenicId: s.scenicId },
      ),
    );
    await s.w.sandbox.control.pay(first.paymentNo);
    expect((await s.row(cancelled.orderNo)).status).toBe(501);
    expect(await s.refunds(cancelled.orderNo)).toEqual([
      expect.objectContaining({ status: 'created', amount: 9_900, reason: 'paidAfterCancel' }),
    ]);

    const late = await s.buy();
    const pay = await data<PrepayAnswer>(s.prepay(late.orderNo));
    await s.w.db.execute(
      sql`update card_orders set expires_at = now() - interval '1 minute' where order_no = ${late.orderNo}`,
    );
    await s.w.sandbox.control.pay(pay.paymentNo);
    expect(await s.row(late.orderNo)).toMatchObject({ status: 501, reason: 'timeout' });
    expect(await cardsOf(late.orderNo)).toEqual([]);

    expect(await send()).toMatchObject({ sent: 2 });
    expect(await s.refunds(cancelled.orderNo)).toEqual([
      expect.objectContaining({ status: 'done', attempts: 1 }),
    ]);
    expect(await s.refunds(late.orderNo)).toEqual([expect.objectContaining({ status: 'done' })]);
    expect(s.w.sandbox.control.payment(first.paymentNo)!.refunds).toHaveLength(1);
    expect(await listRow(late.orderNo)).toMatchObject({ status: 501, refundStatus: 'done' });
  });
});

describe('C4: the deadline job and the buyer ask the provider first', () => {
  const later = () => new Date(Date.now() + 16 * 60_000);

  it('the job: a payment made in time but not yet notified is C3, not cancelled', async () => {
    const order = await s.buy();
    const pay = await data<PrepayAnswer>(s.prepay(order.orderNo));
    s.w.sandbox.control.setNotify({ hold: true });
    await s.w.sandbox.control.pay(pay.paymentNo);
    await runCardPayExpiry(s.w.db, later());
    expect((await s.row(order.orderNo)).status).toBe(201);
    await s.w.sandbox.control.releaseNotifications();
    expect(await cardsOf(order.orderNo)).toHaveLength(1);
  });

  it('the job: an unpaid one is closed at the provider, then cancelled (501, timeout); an order without a payment too', async () => {
    const order = await s.buy();
    const pay = await data<PrepayAnswer>(s.prepay(order.orderNo));
    const idle = await s.buy(1);
    const result = await runCardPayExpiry(s.w.db, later());
    expect(result.expired).toBeGreaterThanOrEqual(2);
    expect(await s.row(order.orderNo)).toMatchObject({ status: 501, reason: 'timeout' });
    expect((await s.row(idle.orderNo)).status).toBe(501);
    expect(await intentOf(pay.paymentNo)).toBe('closed');
    expect(s.w.sandbox.control.payment(pay.paymentNo)?.status).toBe('closed');
  });

  it('the member cancels: an open payment is closed at the provider first; a paid one answers 409 and the order is paid', async () => {
    const open = await s.buy();
    const first = await data<PrepayAnswer>(s.prepay(open.orderNo));
    expect((await data<CardSaleOrder>(s.member('POST', mApi.cancel, { orderNo: open.orderNo }))).status).toBe(
      501,
    );
    expect(s.w.sandbox.control.payment(first.paymentNo)?.status).toBe('closed');

    const paid = await s.buy();
    const pay = await data<PrepayAnswer>(s.prepay(paid.orderNo, 3));
    s.w.sandbox.control.setNotify({ hold: true });
    await s.w.sandbox.control.pay(pay.paymentNo);
    expect((await s.member('POST', mApi.cancel, { orderNo: paid.orderNo })).statusCode).toBe(409);
    expect((await s.row(paid.orderNo)).status).toBe(201);
    await s.w.sandbox.control.releaseNotifications();
    expect(await cardsOf(paid.orderNo)).toHaveLength(1);
  });

  it('the provider cannot answer: 502, nothing changes; the cancel works once it answers', async () => {
    const order = await s.buy();
    const pay = await data<PrepayAnswer>(s.prepay(order.orderNo));
    useEgressAllow([]);
    try {
      expect((await s.member('POST', mApi.cancel, { orderNo: order.orderNo })).statusCode).toBe(502);
    } finally {
      useEgressAllow([new URL(s.w.sandbox.url).host]);
    }
    expect((await s.row(order.orderNo)).status).toBe(101);
    expect(await intentOf(pay.paymentNo)).toBe('pending');
    await data(s.member('POST', mApi.cancel, { orderNo: order.orderNo }));
    expect(await intentOf(pay.paymentNo)).toBe('closed');
  });
});

describe('refunds of a card order paid online go through the provider', () => {
  const paidOrder = async () => {
    const order = await s.buy();
    await s.payOnline(order.orderNo);
    return { ...order, id: Number((await s.row(order.orderNo)).id) };
  };
  const refund = (id: number) =>
    data(s.w.t.call(s.staff, 'POST', cardOrderApi.refund, { id, reason: '不想要了' }));

  it('C7 kills the card at once; the refund reaches the sandbox and ends done', async () => {
    const o = await paidOrder();
    await refund(o.id);
    expect((await s.row(o.orderNo)).status).toBe(203);
    expect(await cardsOf(o.orderNo)).toEqual([{ state: 6 }]);
    expect(await listRow(o.orderNo)).toMatchObject({ refundStatus: 'created', refundedAmount: 9_900 });
    expect(await send()).toMatchObject({ sent: 1 });
    expect(await s.refunds(o.orderNo)).toEqual([expect.objectContaining({ status: 'done', attempts: 1 })]);
    expect(await listRow(o.orderNo)).toMatchObject({ refundStatus: 'done', refundFailReason: '' });
    expect(await send()).toMatchObject({ sent: 0 });
  });

  it('a refund the provider refuses is retried with backoff, then failed with its reason, shown on the list', async () => {
    const o = await paidOrder();
    s.w.sandbox.control.setRefundMode({ mode: 'fail', reason: 'NOT_ENOUGH' });
    await refund(o.id);
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
    const row = await listRow(o.orderNo);
    expect(row.refundStatus).toBe('failed');
    expect(row.refundFailReason).toMatch(/NOT_ENOUGH/);
    expect(await audits(o.id, 'cardRefund.failed')).toBe(1);
  });
});

describe('prepay of a card order: bad input, who may ask', () => {
  it('400 naming the field; another member’s order: 404', async () => {
    const order = await s.buy();
    expect400(
      await s.member('POST', '/api/open/pay/prepay', { target: 'card', orderNo: '', payWay: 2, scene: 'qr' }),
      'orderNo',
    );
    expect400(
      await s.member('POST', '/api/open/pay/prepay', {
        target: 'card',
        orderNo: order.orderNo,
        payWay: 9,
        scene: 'qr',
      }),
      'payWay',
    );
    expect((await s.prepay(order.orderNo, 2, 1)).statusCode).toBe(404);
  });
});
