import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopMemberApi, type ShopPlacedOrder } from '../../../../shared/api/shop.ts';
import { STOCK_MOVE } from '../../../../shared/dict/shop.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { demoAreas } from '../../../test/areas.ts';
import { memberLogin } from './shop-orders.fixture.ts';
import { shopGoods, shopOrderHistory, shopOrders, shopSkus, shopStockMoves } from '../shop.table.ts';

let t: TestApp;
let mini: string;
let qsh = 0;
let ylgz = 0;
let member = '';
let key = 0;
let skuA = 0;
let skuB = 0;

const place = (body: unknown, headers: Record<string, string> = {}, scenicId = qsh) =>
  t.call(mini, 'POST', shopMemberApi.placeOrder, body, {
    'x-scenic-id': String(scenicId),
    'x-member-token': member,
    'idempotency-key': `shop-${++key}`,
    ...headers,
  });
const receiver = {
  receiverName: '李雷',
  receiverPhone: '13900001111',
  receiverAddress: '杭州市西湖区青山路 1 号',
};
const stockOf = async (id: number) =>
  (await t.database.db.select().from(shopSkus).where(eq(shopSkus.id, id)))[0]!.stock;

beforeAll(async () => {
  t = await createTestApp();
  ({ qsh, ylgz } = await demoAreas(t.database.db));
  mini = await t.clientToken('weixinManagement');
  member = await memberLogin(t, mini, '13700001234', qsh);
  // two SKUs of goods on the shelf: 250g (stock set to 5 through the ledger) and 500g
  const [honey] = await t.database.db.select().from(shopGoods).where(eq(shopGoods.name, '农家土蜂蜜'));
  const skus = await t.database.db
    .select()
    .from(shopSkus)
    .where(eq(shopSkus.goodsId, honey!.id))
    .orderBy(asc(shopSkus.sort));
  [skuA, skuB] = [skus[0]!.id, skus[1]!.id];
});
afterAll(() => t.close());

describe('placing a shop order (S1, /api/member/shop/placeOrder)', () => {
  it('takes each SKU’s stock with a ledger row, prices the lines and waits 30 minutes for payment', async () => {
    const [a, b] = [await stockOf(skuA), await stockOf(skuB)];
    const res = await place({
      lines: [
        { skuId: skuA, quantity: 2 },
        { skuId: skuB, quantity: 1 },
      ],
      ...receiver,
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<{ data: ShopPlacedOrder }>().data;
    expect(order.status).toBe(101);
    expect(order.lines.map((l) => [l.goodsName, l.specText, l.quantity])).toEqual([
      ['农家土蜂蜜', '500g', 2],
      ['农家土蜂蜜', '1kg', 1],
    ]);
    expect(order.goodsAmount).toBe(order.lines.reduce((s, l) => s + l.price * l.quantity, 0));
    expect(order.payAmount).toBe(order.goodsAmount);
    expect(new Date(order.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect([await stockOf(skuA), await stockOf(skuB)]).toEqual([a - 2, b - 1]);
    const [row] = await t.database.db.select().from(shopOrders).where(eq(shopOrders.orderNo, order.orderNo));
    const moves = await t.database.db
      .select()
      .from(shopStockMoves)
      .where(eq(shopStockMoves.orderId, row!.id));
    expect(moves.map((m) => [m.skuId, m.delta, m.reason]).sort()).toEqual(
      [
        [skuA, -2, STOCK_MOVE.orderPlaced],
        [skuB, -1, STOCK_MOVE.orderPlaced],
      ].sort(),
    );
    const history = await t.database.db
      .select()
      .from(shopOrderHistory)
      .where(eq(shopOrderHistory.orderId, row!.id));
    expect(history.map((h) => [h.transition, h.fromStatus, h.toStatus])).toEqual([['S1', null, 101]]);
  });

  it('answers a repeated Idempotency-Key with the same order, taking the stock once', async () => {
    const before = await stockOf(skuA);
    const body = { lines: [{ skuId: skuA, quantity: 1 }], ...receiver };
    const first = await place(body, { 'idempotency-key': 'same-order' });
    const again = await place(body, { 'idempotency-key': 'same-order' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.orderNo).toBe(first.json().data.orderNo);
    expect(await stockOf(skuA)).toBe(before - 1);
    const other = await place({ ...body, remark: '另一单' }, { 'idempotency-key': 'same-order' });
    expect(other.statusCode).toBe(409);
    const missing = await place(body, { 'idempotency-key': '' });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses more than the stock with 409, taking nothing of the other lines', async () => {
    const [a, b] = [await stockOf(skuA), await stockOf(skuB)];
    const orders = (await t.database.db.select().from(shopOrders)).length;
    const res = await place({
      lines: [
        { skuId: skuA, quantity: 1 },
        { skuId: skuB, quantity: b + 1 },
      ],
      ...receiver,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().msg).toContain('库存不足');
    expect([await stockOf(skuA), await stockOf(skuB)]).toEqual([a, b]);
    expect((await t.database.db.select().from(shopOrders)).length).toBe(orders);
  });

  it('refuses goods off the shelf, SKUs of another area and bad input naming the field', async () => {
    const [off] = await t.database.db.select().from(shopGoods).where(eq(shopGoods.status, 2)).limit(1);
    const [offSku] = await t.database.db.select().from(shopSkus).where(eq(shopSkus.goodsId, off!.id));
    expect((await place({ lines: [{ skuId: offSku!.id, quantity: 1 }], ...receiver })).statusCode).toBe(409);
    const field = (res: { statusCode: number; body: string }) => {
      expect(res.statusCode, res.body).toBe(400);
      return JSON.parse(res.body).data.field as string;
    };
    expect(field(await place({ lines: [{ skuId: 99999, quantity: 1 }], ...receiver }))).toBe('lines.0.skuId');
    expect(field(await place({ lines: [{ skuId: skuA, quantity: 0 }], ...receiver }))).toBe(
      'lines.0.quantity',
    );
    expect(field(await place({ lines: [], ...receiver }))).toBe('lines');
    expect(
      field(await place({ lines: [{ skuId: skuA, quantity: 1 }], ...receiver, receiverPhone: '123' })),
    ).toBe('receiverPhone');
    const twice = await place({
      lines: [
        { skuId: skuA, quantity: 1 },
        { skuId: skuA, quantity: 1 },
      ],
      ...receiver,
    });
    expect(field(twice)).toBe('lines');
  });

  it('needs a signed-in member of the area and a member client', async () => {
    const body = { lines: [{ skuId: skuA, quantity: 1 }], ...receiver };
    // the demo's orders took stock too: none of the refused calls below may add to it
    const placed = async () =>
      (
        await t.database.db
          .select()
          .from(shopStockMoves)
          .where(and(eq(shopStockMoves.skuId, skuA), eq(shopStockMoves.reason, STOCK_MOVE.orderPlaced)))
      ).length;
    const before = await placed();
    expect((await place(body, { 'x-member-token': 'nope' })).statusCode).toBe(401);
    // the member's token is of the lake area: in the old town it is no one
    expect((await place(body, {}, ylgz)).statusCode).toBe(401);
    const staffToken = (await t.login('admin')).access_token;
    const res = await t.call(staffToken, 'POST', shopMemberApi.placeOrder, body, { 'idempotency-key': 'x' });
    // a console token is not a machine client's
    expect(res.statusCode).toBe(403);
    expect(await placed()).toBe(before);
  });
});
