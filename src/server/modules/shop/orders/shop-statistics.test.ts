import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopStatisticsApi as api, type ShopStatistics } from '../../../../shared/api/shop-statistics.ts';
import { createTestApp, xlsxText, type TestApp } from '../../../test/harness.ts';
import { expect400 } from '../../../test/replies.ts';
import { scenicAreas } from '../../scenic/index.ts';
import { shopCategories, shopGoods, shopOrderLines, shopOrders, shopRefunds } from '../shop.table.ts';

let t: TestApp;
const tok: Record<string, string> = {};
let qsh = 0;
let ylgz = 0;
let honey = 0;
let tea = 0;
let specialties = 0;
let teaCategory = 0;
let seq = 0;

const call = (who: string, url: string, body: unknown) => t.call(tok[who]!, 'POST', url, body);
async function stats(who: string, body: Record<string, unknown>): Promise<ShopStatistics> {
  const res = await call(who, api.query, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ShopStatistics }>().data;
}

/** An order straight in the database: lines of [goodsId, name, price, quantity]; freight on top. */
async function order(
  scenicId: number,
  status: number,
  paidAt: string | null,
  lines: [number | null, string, number, number][],
  freight = 0,
) {
  const goodsAmount = lines.reduce((s, [, , price, qty]) => s + price * qty, 0);
  const [o] = await t.database.db
    .insert(shopOrders)
    .values({
      scenicId,
      orderNo: `STAT${++seq}`,
      status,
      goodsAmount,
      freight,
      payAmount: goodsAmount + freight,
      receiverName: '李雷',
      receiverPhone: '13900001111',
      receiverAddress: '杭州市西湖区青山路 1 号',
      expiresAt: new Date('2026-03-01T00:00:00Z'),
      paidAt: paidAt ? new Date(paidAt) : null,
    })
    .returning();
  const rows = await t.database.db
    .insert(shopOrderLines)
    .values(
      lines.map(([goodsId, goodsName, price, quantity]) => ({
        scenicId,
        orderId: o!.id,
        goodsId,
        goodsName,
        price,
        quantity,
        amount: price * quantity,
      })),
    )
    .returning();
  return { order: o!, lines: rows };
}

async function refund(
  scenicId: number,
  orderId: number,
  status: string,
  doneAt: string | null,
  amount: number,
  lines: { lineId: number; quantity: number; amount: number }[],
  reason = '',
) {
  await t.database.db.insert(shopRefunds).values({
    scenicId,
    orderId,
    refundNo: `RSTAT${++seq}`,
    payWay: 2,
    amount,
    lines,
    status,
    reason,
    doneAt: doneAt ? new Date(doneAt) : null,
  });
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  const areas = await t.database.db.select().from(scenicAreas);
  qsh = areas.find((a) => a.code === 'QSH')!.id;
  ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
  const goods = await t.database.db.select().from(shopGoods).where(eq(shopGoods.scenicId, qsh));
  honey = goods.find((g) => g.name === '农家土蜂蜜')!.id;
  tea = goods.find((g) => g.name === '明前龙井')!.id;
  const cats = await t.database.db.select().from(shopCategories).where(eq(shopCategories.scenicId, qsh));
  specialties = cats.find((c) => c.name === '特产美食')!.id;
  teaCategory = cats.find((c) => c.name === '茶叶')!.id;
  // this file's database starts without the demo's year of shop orders: the sums below are of its own
  await t.database.db.delete(shopOrders).where(eq(shopOrders.scenicId, qsh));
  await t.grant('yunling', ['shop:statistics:page']);
  for (const name of ['shop', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;

  // QSH is on Asia/Shanghai (UTC+8): 2026-03-01 runs from 2026-02-28T16:00Z to 2026-03-01T16:00Z
  const a = await order(
    qsh,
    301,
    '2026-02-28T16:00:00Z',
    [
      [honey, '农家土蜂蜜', 6800, 2],
      [tea, '明前龙井', 26800, 1],
    ],
    1000,
  );
  await order(qsh, 201, '2026-02-28T15:59:59Z', [[honey, '农家土蜂蜜', 6800, 5]]); // the day before
  const c = await order(qsh, 302, '2026-03-02T15:59:59Z', [[honey, '农家土蜂蜜', 6800, 1]]);
  await order(qsh, 301, '2026-03-02T16:00:00Z', [[honey, '农家土蜂蜜', 6800, 4]]); // the day after
  await order(qsh, 101, null, [[tea, '明前龙井', 26800, 3]]); // unpaid
  const cancelled = await order(qsh, 102, null, [[tea, '明前龙井', 26800, 3]]); // cancelled unpaid
  await order(ylgz, 201, '2026-03-01T04:00:00Z', [[null, '云岭纪念品', 1500, 2]]); // another area
  // a refund of one jar of honey of A, done on 03-02 (area time); the freight paid back outside on 03-02
  await refund(qsh, a.order.id, 'done', '2026-03-02T02:00:00Z', 6800, [
    { lineId: a.lines[0]!.id, quantity: 1, amount: 6800 },
  ]);
  await refund(qsh, a.order.id, 'external', '2026-03-01T20:00:00Z', 1000, []);
  // not counted: not done yet, failed, done after the range
  await refund(qsh, a.order.id, 'created', null, 26800, [
    { lineId: a.lines[1]!.id, quantity: 1, amount: 26800 },
  ]);
  await refund(qsh, a.order.id, 'failed', '2026-03-01T05:00:00Z', 26800, [
    { lineId: a.lines[1]!.id, quantity: 1, amount: 26800 },
  ]);
  // the system gave back a second payment of C and a payment after the buyer cancelled: no sale's refund
  await refund(qsh, c.order.id, 'done', '2026-03-02T03:00:00Z', 6800, [], 'paidTwice');
  await refund(qsh, cancelled.order.id, 'done', '2026-03-02T03:00:00Z', 80_400, [], 'paidAfterCancel');
  await refund(qsh, c.order.id, 'done', '2026-03-02T16:30:00Z', 6800, [
    { lineId: c.lines[0]!.id, quantity: 1, amount: 6800 },
  ]);
});
afterAll(() => t.close());

describe('sales statistics (/shop/salesStatistics)', () => {
  it('counts paid orders on the area day of payment and refunds on the day they were done', async () => {
    const s = await stats('shop', { from: '2026-03-01', to: '2026-03-02' });
    expect(s.timeZone).toBe('Asia/Shanghai');
    expect(s.days).toEqual([
      { day: '2026-03-01', orders: 1, pieces: 3, salesAmount: 41_400, refundAmount: 0, netAmount: 41_400 },
      { day: '2026-03-02', orders: 1, pieces: 1, salesAmount: 6800, refundAmount: 7800, netAmount: -1000 },
    ]);
    expect(s.totals).toEqual({
      orders: 2,
      pieces: 4,
      salesAmount: 48_200,
      refundAmount: 7800,
      netAmount: 40_400,
      refunds: 2,
    });
    expect(
      s.goods.map((g) => [g.goodsId, g.orders, g.pieces, g.amount, g.refundedPieces, g.refundedAmount]),
    ).toEqual([
      [tea, 1, 1, 26_800, 0, 0],
      [honey, 2, 3, 20_400, 1, 6800],
    ]);
    expect(s.goods[0]!.categoryName).toBe('特产美食 / 茶叶');
    expect(
      s.categories.map((c) => [c.categoryId, c.categoryName, c.orders, c.pieces, c.amount, c.refundedAmount]),
    ).toEqual([
      [teaCategory, '特产美食 / 茶叶', 1, 1, 26_800, 0],
      [specialties, '特产美食', 2, 3, 20_400, 6800],
    ]);
  });

  it('fills days without sales with zeros', async () => {
    const s = await stats('shop', { from: '2026-02-27', to: '2026-03-04' });
    expect(s.days.map((d) => d.day)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ]);
    expect(s.days.map((d) => d.salesAmount)).toEqual([0, 34_000, 41_400, 6800, 27_200, 0]);
    expect(s.days.map((d) => d.refundAmount)).toEqual([0, 0, 0, 7800, 6800, 0]);
  });

  it('with a goods or category filter counts the matching lines (a top-level category includes its children)', async () => {
    const byTea = await stats('shop', { from: '2026-03-01', to: '2026-03-02', goodsId: tea });
    expect(byTea.totals).toEqual({
      orders: 1,
      pieces: 1,
      salesAmount: 26_800,
      refundAmount: 0,
      netAmount: 26_800,
      refunds: 0,
    });
    const top = await stats('shop', { from: '2026-03-01', to: '2026-03-02', categoryId: specialties });
    // the lines' amounts: no freight, and the freight paid back outside is no goods refund
    expect(top.totals).toEqual({
      orders: 2,
      pieces: 4,
      salesAmount: 47_200,
      refundAmount: 6800,
      netAmount: 40_400,
      refunds: 1,
    });
    const child = await stats('shop', { from: '2026-03-01', to: '2026-03-02', categoryId: teaCategory });
    expect(child.goods.map((g) => g.goodsId)).toEqual([tea]);
    expect(child.totals.salesAmount).toBe(26_800);
  });

  it('shows another area its own sales only', async () => {
    const s = await stats('yunling', { from: '2026-03-01', to: '2026-03-02' });
    expect(s.totals).toMatchObject({ orders: 1, pieces: 2, salesAmount: 3000, refundAmount: 0 });
    expect(s.goods.map((g) => [g.goodsId, g.goodsName, g.categoryName])).toEqual([
      [null, '云岭纪念品', '（已删除）'],
    ]);
    // a category of another area filters everything out
    const other = await stats('yunling', { from: '2026-03-01', to: '2026-03-02', categoryId: specialties });
    expect(other.totals.orders).toBe(0);
  });

  it('exports the daily series with a total row, the goods and the categories', async () => {
    const res = await call('shop', api.export, { from: '2026-03-01', to: '2026-03-02' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('商城每日销售');
    const text = xlsxText(res.rawPayload);
    for (const s of ['日期', '净销售额', '2026-03-01', '2026-03-02', '合计', '482', '404'])
      expect(text).toContain(s);
    const goods = xlsxText(
      (await call('shop', api.export, { from: '2026-03-01', to: '2026-03-02', sheet: 'goods' })).rawPayload,
    );
    for (const s of ['明前龙井', '农家土蜂蜜', '退款件数']) expect(goods).toContain(s);
    const cats = xlsxText(
      (await call('shop', api.export, { from: '2026-03-01', to: '2026-03-02', sheet: 'category' }))
        .rawPayload,
    );
    expect(cats).toContain('特产美食 / 茶叶');
  });

  it('refuses a bad range, naming the field', async () => {
    expect400(await call('shop', api.query, { from: '2026-03-02', to: '2026-03-01' }), 'to');
    expect400(await call('shop', api.query, { from: '2025-01-01', to: '2026-01-02' }), 'to');
    expect400(await call('shop', api.query, { from: '2026-3-1', to: '2026-03-02' }), 'from');
    expect400(await call('shop', api.export, { from: '2026-03-01', to: '2026-03-02', sheet: 'x' }), 'sheet');
    // 366 days is allowed
    expect((await call('shop', api.query, { from: '2025-01-01', to: '2026-01-01' })).statusCode).toBe(200);
  });

  it('needs shop:statistics:page', async () => {
    expect((await call('staff', api.query, { from: '2026-03-01', to: '2026-03-02' })).statusCode).toBe(403);
    expect((await call('staff', api.export, { from: '2026-03-01', to: '2026-03-02' })).statusCode).toBe(403);
  });
});
