import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  shopAftersaleApi,
  shopMemberOrderApi as mApi,
  shopOrderApi,
  type ShopAftersaleMoved,
  type ShopMemberOrder,
  type ShopOrderMoved,
} from '../../../../shared/api/shop-orders.ts';
import { STOCK_MOVE } from '../../../../shared/dict/shop.ts';
import { shopPermissions } from '../../../../shared/perms/shop.ts';
import { queryRows } from '../../../db/rows.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { data, expect400 } from '../../../test/replies.ts';
import { scenicAreas } from '../../scenic/index.ts';
import { shopKit, type ShopKit } from './shop-orders.fixture.ts';
import {
  shopAftersales,
  shopOrderHistory,
  shopOrderLines,
  shopOrders,
  shopPayments,
  shopRefunds,
  shopShipments,
  shopStockMoves,
} from '../shop.table.ts';

let t: TestApp;
let k: ShopKit;
const tok: Record<string, string> = {};
const staff = (who: string, url: string, body: unknown) => t.call(tok[who]!, 'POST', url, body);

/** A body of the route that is right but for an empty order number. */
const bodyFor = (url: string): Record<string, unknown> =>
  url === mApi.review
    ? { orderNo: '', rating: 5 }
    : url === mApi.afterSale
      ? { orderNo: '', type: 2, reason: '不要了' }
      : { orderNo: '' };
const goodsSales = async (skuId: number) => {
  const [row] = await queryRows<{ sales: number }>(
    t.database.db,
    sql`select g.sales from shop_goods g join shop_skus s on s.goods_id = g.id where s.id = ${skuId}`,
  );
  return Number(row!.sales);
};
const stockMoves = async (orderNo: string, reason: number) => {
  const order = await k.order(orderNo);
  return t.database.db
    .select()
    .from(shopStockMoves)
    .where(and(eq(shopStockMoves.orderId, order.id), eq(shopStockMoves.reason, reason)));
};
/** The whole state a refused write must leave alone. */
const snapshot = async (orderNo: string) => {
  const order = await k.order(orderNo);
  const db = t.database.db;
  const count = async (table: typeof shopRefunds | typeof shopAftersales | typeof shopShipments) =>
    (await db.select().from(table).where(eq(table.orderId, order.id))).length;
  return {
    order,
    history: await k.history(orderNo),
    refunds: await count(shopRefunds),
    aftersales: await count(shopAftersales),
    shipments: await count(shopShipments),
    lines: await db.select().from(shopOrderLines).where(eq(shopOrderLines.orderId, order.id)),
    balance: await k.balance(k.members[0]!.id),
  };
};

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  const areas = await t.database.db.select().from(scenicAreas);
  const qsh = areas.find((a) => a.code === 'QSH')!.id;
  // yunling works in the other area: with every shop permission, QSH's orders are still not there
  await t.grant('yunling', Object.keys(shopPermissions.shop));
  for (const name of ['shop', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  k = await shopKit(t, qsh, ['13700002001', '13700002002']);
  await k.credit(k.members[0]!.id, 1_000_000);
});
afterAll(() => t.close());

describe('the full flow: place → pay (balance) → ship → confirm → return → receive → approve', () => {
  it('ends refunded (203) with the stock, the ledger, the balance and the sales back', async () => {
    const [x, y] = [await k.newSku(10, 5000), await k.newSku(10, 3000)];
    const me = k.members[0]!;
    const balance0 = await k.balance(me.id);
    const no = await k.place([
      { skuId: x, quantity: 2 },
      { skuId: y, quantity: 1 },
    ]);
    expect([await k.stock(x), await k.stock(y)]).toEqual([8, 9]);
    const paid = await data<{ status: number; result: string; paymentId: number }>(
      k.member(mApi.pay, { orderNo: no, payWay: 9, amount: 13000 }),
    );
    expect([paid.status, paid.result]).toEqual([201, 'paid']);
    expect(await k.balance(me.id)).toBe(balance0 - 13000);
    expect([await goodsSales(x), await goodsSales(y)]).toEqual([2, 1]);
    // the same payment again: the same answer, one debit
    const again = await data<{ result: string; paymentId: number }>(
      k.member(mApi.pay, { orderNo: no, payWay: 9, amount: 13000 }),
    );
    expect([again.result, again.paymentId]).toEqual(['duplicate', paid.paymentId]);
    expect(await k.balance(me.id)).toBe(balance0 - 13000);

    const order = await k.order(no);
    const shipped = await data<ShopOrderMoved>(
      staff('shop', shopOrderApi.ship, { id: order.id, carrier: '顺丰', trackingNo: 'SF100200' }),
    );
    expect(shipped.status).toBe(301);
    const confirmed = await data<ShopOrderMoved>(k.member(mApi.confirmReceipt, { orderNo: no }));
    expect(confirmed.status).toBe(401);
    const received = await k.order(no);
    expect(received.receivedAt).not.toBeNull();
    expect(received.afterSaleUntil!.getTime() - received.receivedAt!.getTime()).toBe(7 * 86_400_000);
    expect(received.reviewUntil!.getTime() - received.receivedAt!.getTime()).toBe(15 * 86_400_000);

    const asked = await data<ShopAftersaleMoved>(
      k.member(mApi.afterSale, {
        orderNo: no,
        type: 1,
        reason: '包装破损',
        returnCarrier: '顺丰',
        returnTrackingNo: 'SF9',
      }),
    );
    expect([asked.status, asked.amount, asked.orderStatus, asked.attempt]).toEqual([1, 13000, 202, 1]);
    // a return is approved only once its goods are back
    const early = await staff('shop', shopAftersaleApi.approve, { id: asked.id });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().msg).toContain('退货尚未收到');
    await data(staff('shop', shopAftersaleApi.receive, { id: asked.id }));
    expect([await k.stock(x), await k.stock(y)]).toEqual([10, 10]);
    expect((await stockMoves(no, STOCK_MOVE.returned)).map((m) => m.delta).sort()).toEqual([1, 2]);
    expect((await staff('shop', shopAftersaleApi.receive, { id: asked.id })).statusCode).toBe(409);
    expect(await k.stock(x)).toBe(10);

    const approved = await data<ShopAftersaleMoved>(
      staff('shop', shopAftersaleApi.approve, { id: asked.id }),
    );
    expect([approved.status, approved.orderStatus]).toEqual([2, 203]);
    expect(await k.balance(me.id)).toBe(balance0);
    expect([await goodsSales(x), await goodsSales(y)]).toEqual([0, 0]);
    const done = await k.order(no);
    expect(done.refundedAmount).toBe(13000);
    const refunds = await t.database.db.select().from(shopRefunds).where(eq(shopRefunds.orderId, done.id));
    expect(refunds.map((r) => [r.status, r.amount, r.payWay])).toEqual([['done', 13000, 9]]);
    const [payment] = await t.database.db
      .select()
      .from(shopPayments)
      .where(eq(shopPayments.orderId, done.id));
    expect(payment!.status).toBe('refunded');
    expect(await k.history(no)).toEqual([
      'S1:101',
      'S2:201',
      'S6:301',
      'S9:302',
      'S10:401',
      'S12:202',
      'S13:205',
      'S18:203',
    ]);
    // the ledger of the member: consume, then the refund
    const ledger = await queryRows<{ operation: number; change: number }>(
      t.database.db,
      sql`select operation, change from member_ledger where member_id = ${me.id} and reference = ${no} order by id`,
    );
    expect(ledger.map((l) => [Number(l.operation), Number(l.change)])).toEqual([
      [2, -13000],
      [3, 13000],
    ]);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_logs where module = 'shop' and (target_id = ${String(done.id)} or target_id = ${String(asked.id)}) order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'shopOrder.ship',
      'shopAftersale.receive',
      'shopAftersale.approve',
    ]);
    // the member sees it all
    const seen = await k.detail(no);
    expect([seen.status, seen.payWay, seen.carrier, seen.trackingNo, seen.refunds.length]).toEqual([
      203,
      9,
      '顺丰',
      'SF100200',
      1,
    ]);
  });
});

describe('merchant refunds', () => {
  it('a partial refund keeps the status, puts the pieces back and moves the amounts; the whole refund ends 203', async () => {
    const x = await k.newSku(10, 5000);
    const no = await k.place([{ skuId: x, quantity: 3 }]);
    await data(k.member(mApi.pay, { orderNo: no, payWay: 4, amount: 15000, providerTxnId: `pp-${no}` }));
    const order = await k.order(no);
    const [line] = (await k.detail(no)).lines;
    const part = await data<ShopOrderMoved>(
      staff('shop', shopOrderApi.refund, {
        id: order.id,
        reason: '缺货一件',
        lines: [{ lineId: line!.id, quantity: 1 }],
      }),
    );
    expect([part.status, part.refundedAmount]).toEqual([201, 5000]);
    expect(await k.stock(x)).toBe(8);
    expect(await goodsSales(x)).toBe(2);
    const [after] = (await k.detail(no)).lines;
    expect([after!.refundedQuantity, after!.refundedAmount]).toEqual([1, 5000]);
    // lines covering everything left: use the whole refund
    expect400(
      await staff('shop', shopOrderApi.refund, {
        id: order.id,
        reason: '全退',
        lines: [{ lineId: line!.id, quantity: 2 }],
      }),
      'lines',
    );
    expect400(
      await staff('shop', shopOrderApi.refund, {
        id: order.id,
        reason: '多退',
        lines: [{ lineId: line!.id, quantity: 3 }],
      }),
      'lines.0.quantity',
    );
    expect400(
      await staff('shop', shopOrderApi.refund, {
        id: order.id,
        reason: 'x',
        lines: [{ lineId: 999999, quantity: 1 }],
      }),
      'lines.0.lineId',
    );
    const whole = await data<ShopOrderMoved>(
      staff('shop', shopOrderApi.refund, { id: order.id, reason: '商家缺货' }),
    );
    expect([whole.status, whole.refundedAmount]).toEqual([203, 15000]);
    expect(await k.stock(x)).toBe(10);
    expect(await goodsSales(x)).toBe(0);
    expect(await k.history(no)).toEqual(['S1:101', 'S2:201', 'S8:205', 'S18:203']);
    const refunds = await t.database.db.select().from(shopRefunds).where(eq(shopRefunds.orderId, order.id));
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([
      [5000, 'done'],
      [10000, 'done'],
    ]);
  });
});

describe('coupons of the shop', () => {
  it('reserved when placed, released when cancelled, spent when paid; a ticket coupon is refused', async () => {
    const me = k.members[0]!;
    const x = await k.newSku(10, 5000);
    const couponId = await k.shopCoupon(me.id, 2, 1000);
    const no = await k.place([{ skuId: x, quantity: 1 }], { memberCouponId: couponId });
    const placed = await k.order(no);
    expect([placed.discount, placed.payAmount, placed.memberCouponId]).toEqual([1000, 4000, couponId]);
    const coupon = async () =>
      (
        await queryRows<{ status: number; reserved_order_no: string | null; used_order_no: string | null }>(
          t.database.db,
          sql`select status, reserved_order_no, used_order_no from member_coupons where id = ${couponId}`,
        )
      )[0]!;
    expect((await coupon()).reserved_order_no).toBe(no);
    await data(k.member(mApi.cancel, { orderNo: no }));
    expect((await k.order(no)).status).toBe(102);
    expect(await k.stock(x)).toBe(10);
    expect((await stockMoves(no, STOCK_MOVE.orderCancelled)).map((m) => m.delta)).toEqual([1]);
    expect(await coupon()).toMatchObject({ status: 101, reserved_order_no: null });

    const second = await k.place([{ skuId: x, quantity: 1 }], { memberCouponId: couponId });
    const mismatch = await k.member(mApi.pay, { orderNo: second, payWay: 9, amount: 5000 });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().msg).toContain('40.00');
    await data(k.member(mApi.pay, { orderNo: second, payWay: 9, amount: 4000 }));
    expect(await coupon()).toMatchObject({ status: 201, used_order_no: second, reserved_order_no: null });

    // refunded in full (S8 → S18): the coupon is the member's again, once; it then serves another order
    const paid = await k.order(second);
    await data(staff('shop', shopOrderApi.refund, { id: paid.id, reason: '缺货' }));
    expect((await k.order(second)).status).toBe(203);
    expect(await coupon()).toMatchObject({ status: 101, used_order_no: null, reserved_order_no: null });
    const third = await k.place([{ skuId: x, quantity: 1 }], { memberCouponId: couponId });
    expect((await k.order(third)).discount).toBe(1000);
    await data(k.member(mApi.cancel, { orderNo: third }));

    const ticketCoupon = await k.shopCoupon(me.id, 1, 500);
    const refused = await t.call(
      k.mini,
      'POST',
      '/api/member/shop/placeOrder',
      {
        lines: [{ skuId: x, quantity: 1 }],
        receiverName: '李雷',
        receiverPhone: '13900001111',
        receiverAddress: '杭州',
        memberCouponId: ticketCoupon,
      },
      { 'x-scenic-id': String(k.scenicId), 'x-member-token': me.token, 'idempotency-key': 'ticket-coupon' },
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().msg).toContain('不能用于商城');
    // the refunded order's piece went back on the shelf, the third order's too: nothing taken
    expect(await k.stock(x)).toBe(10);
  });
});

describe('a coupon worth more than the goods', () => {
  it('leaves one cent to pay', async () => {
    const x = await k.newSku(5, 800);
    const couponId = await k.shopCoupon(k.members[0]!.id, 0, 1000);
    const no = await k.place([{ skuId: x, quantity: 1 }], { memberCouponId: couponId });
    const order = await k.order(no);
    expect([order.discount, order.payAmount]).toEqual([799, 1]);
    await k.payBalance(no);
    expect((await k.order(no)).status).toBe(201);
  });
});

describe('member calls: input and ownership', () => {
  it('pay refuses bad input naming the field, another member’s order (404) and a payment id of another order', async () => {
    const x = await k.newSku(10, 1000);
    const no = await k.place([{ skuId: x, quantity: 1 }]);
    expect400(await k.member(mApi.pay, { orderNo: no, payWay: 4, amount: 1000 }), 'providerTxnId');
    // WeChat Pay and Alipay are confirmed by their notification only (shop-online-pay.test.ts)
    for (const payWay of [2, 3])
      expect400(
        await k.member(mApi.pay, { orderNo: no, payWay, amount: 1000, providerTxnId: `self-${payWay}` }),
        'payWay',
      );
    expect400(await k.member(mApi.pay, { orderNo: no, payWay: 5, amount: 1000 }), 'payWay');
    expect400(await k.member(mApi.pay, { payWay: 9, amount: 1000 }), 'orderNo');
    expect400(await k.member(mApi.pay, { orderNo: no, payWay: 9, amount: 0 }), 'amount');
    expect((await k.member(mApi.pay, { orderNo: no, payWay: 9, amount: 1000 }, 1)).statusCode).toBe(404);
    expect((await k.memberGet(`${mApi.order}?orderNo=${no}`, 1)).statusCode).toBe(404);
    expect((await k.member(mApi.cancel, { orderNo: no }, 1)).statusCode).toBe(404);
    await data(k.member(mApi.pay, { orderNo: no, payWay: 4, amount: 1000, providerTxnId: 'pp-shared' }));
    const other = await k.place([{ skuId: x, quantity: 1 }]);
    const stolen = await k.member(mApi.pay, {
      orderNo: other,
      payWay: 4,
      amount: 1000,
      providerTxnId: 'pp-shared',
    });
    expect(stolen.statusCode).toBe(409);
    expect((await k.order(other)).status).toBe(101);
    const same = await data<{ result: string }>(
      k.member(mApi.pay, { orderNo: no, payWay: 4, amount: 1000, providerTxnId: 'pp-shared' }),
    );
    expect(same.result).toBe('duplicate');
    expect(
      (await t.database.db.select().from(shopPayments).where(eq(shopPayments.providerTxnId, 'pp-shared')))
        .length,
    ).toBe(1);
  });

  it('lists the member’s own orders newest first, paged, and filters by status', async () => {
    const page = await data<{ rows: ShopMemberOrder[]; total: number }>(
      k.memberGet(`${mApi.orders}?page=1&limit=10`),
    );
    expect(page.total).toBeGreaterThan(3);
    const times = page.rows.map((r) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    const cancelled = await data<{ rows: ShopMemberOrder[]; total: number }>(
      k.memberGet(`${mApi.orders}?status=102`),
    );
    expect(cancelled.rows.every((r) => r.status === 102)).toBe(true);
    expect((await data<{ total: number }>(k.memberGet(mApi.orders, 1))).total).toBe(0);
    expect((await k.memberGet(`${mApi.orders}?limit=7`)).statusCode).toBe(400);
    expect400(await k.memberGet(mApi.order), 'orderNo');
    for (const url of [mApi.cancel, mApi.confirmReceipt, mApi.withdrawAfterSale, mApi.review, mApi.afterSale])
      expect400(await k.member(url, bodyFor(url)), 'orderNo');
  });
});

describe('member calls: after-sales and the machine', () => {
  it('after-sales before shipment: refund only (S7), withdrawn (S15), rejected (S14), staff ship resumes (S17)', async () => {
    const x = await k.newSku(10, 1000);
    const no = await k.place([{ skuId: x, quantity: 2 }]);
    await k.payBalance(no);
    expect400(await k.member(mApi.afterSale, { orderNo: no, type: 1, reason: '不想要了' }), 'type');
    expect400(await k.member(mApi.afterSale, { orderNo: no, type: 2, reason: '' }), 'reason');
    const asked = await data<ShopAftersaleMoved>(
      k.member(mApi.afterSale, { orderNo: no, type: 2, reason: '不想要了' }),
    );
    expect(asked.orderStatus).toBe(202);
    expect((await k.member(mApi.afterSale, { orderNo: no, type: 2, reason: '再来' })).statusCode).toBe(409);
    const withdrawn = await data<ShopAftersaleMoved>(k.member(mApi.withdrawAfterSale, { orderNo: no }));
    expect([withdrawn.status, withdrawn.orderStatus]).toEqual([4, 201]);
    expect((await k.member(mApi.withdrawAfterSale, { orderNo: no })).statusCode).toBe(409);
    const again = await data<ShopAftersaleMoved>(
      k.member(mApi.afterSale, { orderNo: no, type: 2, reason: '还是不要' }),
    );
    expect400(await staff('shop', shopAftersaleApi.reject, { id: again.id, reason: '' }), 'reason');
    const rejected = await data<ShopAftersaleMoved>(
      staff('shop', shopAftersaleApi.reject, { id: again.id, reason: '已打包' }),
    );
    expect([rejected.status, rejected.orderStatus]).toEqual([3, 204]);
    // the buyer cannot confirm receipt of an order never shipped; staff ship it (S17)
    expect((await k.member(mApi.confirmReceipt, { orderNo: no })).statusCode).toBe(409);
    const order = await k.order(no);
    const shipped = await data<ShopOrderMoved>(
      staff('shop', shopOrderApi.ship, { id: order.id, carrier: '圆通', trackingNo: 'YT1' }),
    );
    expect(shipped.status).toBe(301);
    expect(await k.history(no)).toEqual([
      'S1:101',
      'S2:201',
      'S7:202',
      'S15:201',
      'S7:202',
      'S14:204',
      'S17:301',
    ]);
    expect((await k.order(no)).statusBeforeRefund).toBeNull();
  });

  it('after-sales after receipt: inside the window, at most 3 attempts, and a refund only approved at once', async () => {
    const me = k.members[0]!;
    const x = await k.newSku(10, 1000);
    const no = await k.place([{ skuId: x, quantity: 2 }]);
    await k.payBalance(no);
    const order = await k.order(no);
    await data(staff('shop', shopOrderApi.ship, { id: order.id, carrier: '圆通', trackingNo: 'YT2' }));
    await data(k.member(mApi.confirmReceipt, { orderNo: no }));
    const [line] = (await k.detail(no)).lines;
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const asked = await data<ShopAftersaleMoved>(
        k.member(mApi.afterSale, {
          orderNo: no,
          type: 2,
          reason: `第${attempt}次`,
          lines: [{ lineId: line!.id, quantity: 1 }],
        }),
      );
      expect([asked.attempt, asked.amount]).toEqual([attempt, 1000]);
      await data(staff('shop', shopAftersaleApi.reject, { id: asked.id, reason: '不符合' }));
    }
    const fourth = await k.member(mApi.afterSale, { orderNo: no, type: 2, reason: '第4次' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().msg).toContain('3');
    // the buyer goes on: S17 from 204 (before 401) to 402 by reviewing
    expect400(await k.member(mApi.review, { orderNo: no, rating: 6 }), 'rating');
    const reviewed = await data<ShopOrderMoved>(
      k.member(mApi.review, { orderNo: no, rating: 5, content: '好' }),
    );
    expect(reviewed.status).toBe(402);
    expect((await k.member(mApi.review, { orderNo: no, rating: 4 })).statusCode).toBe(409);
    // back in 402 inside the window: still no 4th request
    expect((await k.member(mApi.afterSale, { orderNo: no, type: 2, reason: '第4次' })).statusCode).toBe(409);

    // a new order: a refund-only request after receipt is approved at once, partially: S18 with the lines' amount
    const partial = await k.place([{ skuId: x, quantity: 2 }]);
    await k.payBalance(partial);
    const before = await k.balance(me.id);
    const p = await k.order(partial);
    await data(staff('shop', shopOrderApi.ship, { id: p.id, carrier: '圆通', trackingNo: 'YT3' }));
    await data(k.member(mApi.confirmReceipt, { orderNo: partial }));
    const [pl] = (await k.detail(partial)).lines;
    const asked = await data<ShopAftersaleMoved>(
      k.member(mApi.afterSale, {
        orderNo: partial,
        type: 2,
        reason: '少发一件',
        lines: [{ lineId: pl!.id, quantity: 1 }],
      }),
    );
    const approved = await data<ShopAftersaleMoved>(
      staff('shop', shopAftersaleApi.approve, { id: asked.id }),
    );
    expect(approved.orderStatus).toBe(203);
    expect(await k.balance(me.id)).toBe(before + 1000);
    expect((await k.order(partial)).refundedAmount).toBe(1000);
    expect(await k.stock(x)).toBe(6); // nothing came back

    // the window closed: no more requests
    const late = await k.place([{ skuId: x, quantity: 1 }]);
    await k.payBalance(late);
    const l = await k.order(late);
    await data(staff('shop', shopOrderApi.ship, { id: l.id, carrier: '圆通', trackingNo: 'YT4' }));
    await data(k.member(mApi.confirmReceipt, { orderNo: late }));
    await t.database.db
      .update(shopOrders)
      .set({ afterSaleUntil: new Date(Date.now() - 1000) })
      .where(eq(shopOrders.id, l.id));
    const closed = await k.member(mApi.afterSale, { orderNo: late, type: 2, reason: '晚了' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().msg).toContain('售后期限');
  });

  it('every member action from a status outside its transitions answers 409 with nothing changed', async () => {
    const x = await k.newSku(10, 1000);
    const unpaid = await k.place([{ skuId: x, quantity: 1 }]);
    const paid = await k.place([{ skuId: x, quantity: 1 }]);
    await k.payBalance(paid);
    const tries: [string, string, Record<string, unknown>][] = [
      [unpaid, mApi.confirmReceipt, {}],
      [unpaid, mApi.afterSale, { type: 2, reason: 'x' }],
      [unpaid, mApi.withdrawAfterSale, {}],
      [unpaid, mApi.review, { rating: 5 }],
      [paid, mApi.cancel, {}],
      [paid, mApi.confirmReceipt, {}],
      [paid, mApi.review, { rating: 5 }],
      [paid, mApi.withdrawAfterSale, {}],
      [paid, mApi.pay, { payWay: 4, amount: 1000, providerTxnId: 'pp-late-other' }],
    ];
    for (const [no, url, body] of tries) {
      const before = await snapshot(no);
      const res = await k.member(url, { orderNo: no, ...body });
      expect(res.statusCode, `${url} ${res.body}`).toBe(409);
      expect(await snapshot(no)).toEqual(before);
    }
    expect(await k.stock(x)).toBe(8);
  });
});

describe('staff writes: permissions, input, areas and the machine', () => {
  it('answers 403 without the permission, 400 naming the field, 404 for another area’s order', async () => {
    const x = await k.newSku(10, 1000);
    const no = await k.place([{ skuId: x, quantity: 1 }]);
    await k.payBalance(no);
    const order = await k.order(no);
    const routes: [string, Record<string, unknown>, string, Record<string, unknown>][] = [
      [
        shopOrderApi.ship,
        { id: order.id, carrier: '顺丰', trackingNo: 'SF1' },
        'trackingNo',
        { id: order.id, carrier: '顺丰', trackingNo: '单号 1' },
      ],
      [shopOrderApi.refund, { id: order.id, reason: '缺货' }, 'reason', { id: order.id, reason: ' ' }],
      [shopOrderApi.close, { id: order.id, reason: '关闭' }, 'reason', { id: order.id }],
      [shopOrderApi.retryRefund, { refundId: 1 }, 'refundId', { refundId: 'x' }],
      [shopAftersaleApi.receive, { id: 1 }, 'id', { id: 0 }],
      [shopAftersaleApi.approve, { id: 1 }, 'note', { id: 1, note: 'x'.repeat(201) }],
      [shopAftersaleApi.reject, { id: 1, reason: '不符合' }, 'reason', { id: 1 }],
    ];
    for (const [url, good, field, bad] of routes) {
      expect((await staff('staff', url, good)).statusCode, url).toBe(403);
      expect400(await staff('shop', url, bad), field);
      expect((await staff('yunling', url, good)).statusCode, url).toBe(404);
    }
    expect((await k.order(no)).status).toBe(201);
  });

  it('every staff action from a status outside its transitions answers 409 with nothing changed', async () => {
    const x = await k.newSku(10, 1000);
    const unpaid = await k.place([{ skuId: x, quantity: 1 }]);
    const shipped = await k.place([{ skuId: x, quantity: 1 }]);
    await k.payBalance(shipped);
    const s = await k.order(shipped);
    await data(staff('shop', shopOrderApi.ship, { id: s.id, carrier: '顺丰', trackingNo: 'SF7' }));
    const u = await k.order(unpaid);
    const tries: [string, string, Record<string, unknown>][] = [
      [unpaid, shopOrderApi.ship, { id: u.id, carrier: '顺丰', trackingNo: 'SF8' }],
      [unpaid, shopOrderApi.refund, { id: u.id, reason: '退' }],
      [shipped, shopOrderApi.ship, { id: s.id, carrier: '顺丰', trackingNo: 'SF9' }],
      [shipped, shopOrderApi.refund, { id: s.id, reason: '退' }],
      [shipped, shopOrderApi.close, { id: s.id, reason: '关' }],
    ];
    for (const [no, url, body] of tries) {
      const before = await snapshot(no);
      const res = await staff('shop', url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(409);
      expect(await snapshot(no)).toEqual(before);
    }
    // a request that is no longer open
    const received = await k.place([{ skuId: x, quantity: 1 }]);
    await k.payBalance(received);
    const asked = await data<ShopAftersaleMoved>(
      k.member(mApi.afterSale, { orderNo: received, type: 2, reason: '不要了' }),
    );
    await data(k.member(mApi.withdrawAfterSale, { orderNo: received }));
    const before = await snapshot(received);
    for (const [url, body] of [
      [shopAftersaleApi.approve, { id: asked.id }],
      [shopAftersaleApi.reject, { id: asked.id, reason: '迟了' }],
      [shopAftersaleApi.receive, { id: asked.id }],
    ] as const)
      expect((await staff('shop', url, body)).statusCode, url).toBe(409);
    expect(await snapshot(received)).toEqual(before);
  });

  it('close: unpaid → 103 (S4, stock back), cancelled → 601 (S23)', async () => {
    const x = await k.newSku(5, 1000);
    const no = await k.place([{ skuId: x, quantity: 2 }]);
    const order = await k.order(no);
    const cancelled = await data<ShopOrderMoved>(
      staff('shop', shopOrderApi.close, { id: order.id, reason: '客户电话取消' }),
    );
    expect(cancelled.status).toBe(103);
    expect(await k.stock(x)).toBe(5);
    expect((await k.order(no)).closeReason).toBe('客户电话取消');
    const archived = await data<ShopOrderMoved>(
      staff('shop', shopOrderApi.close, { id: order.id, reason: '归档' }),
    );
    expect(archived.status).toBe(601);
    expect(await k.history(no)).toEqual(['S1:101', 'S4:103', 'S23:601']);
    const [h] = await t.database.db
      .select()
      .from(shopOrderHistory)
      .where(and(eq(shopOrderHistory.orderId, order.id), eq(shopOrderHistory.transition, 'S4')));
    expect(h!.adminId).not.toBeNull();
    expect((await staff('shop', shopOrderApi.close, { id: order.id, reason: '再关' })).statusCode).toBe(409);
  });

  it('a late payment after S4 is accepted when the stock is there (S5)', async () => {
    const x = await k.newSku(3, 1000);
    const no = await k.place([{ skuId: x, quantity: 2 }]);
    const order = await k.order(no);
    await data(staff('shop', shopOrderApi.close, { id: order.id, reason: '超时' }));
    const paid = await data<{ status: number; result: string }>(
      k.member(mApi.pay, { orderNo: no, payWay: 4, amount: 2000, providerTxnId: `pp-late-${no}` }),
    );
    expect([paid.status, paid.result]).toEqual([201, 'paid']);
    expect(await k.stock(x)).toBe(1);
    expect(await k.history(no)).toEqual(['S1:101', 'S4:103', 'S5:201']);
  });
});
