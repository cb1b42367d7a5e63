import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  shopAftersaleApi,
  shopOrderApi,
  shopShipCountApi,
  type ShopAftersaleRow,
  type ShopOrderDetail,
  type ShopOrderRow,
  type ShopOrderTotals,
} from '../../../../shared/api/shop-orders.ts';
import { shopPermissions } from '../../../../shared/perms/shop.ts';
import { rowsOf } from '../../../db/rows.ts';
import { createTestApp, xlsxText, type TestApp } from '../../../test/harness.ts';
import { data, expect400 } from '../../../test/replies.ts';
import { scenicAreas } from '../../scenic/index.ts';
import { shopAftersales, shopOrderLines, shopOrders } from '../shop.table.ts';

let t: TestApp;
const tok: Record<string, string> = {};
let qsh = 0;
let otherOrder = 0;
let otherAftersale = 0;
const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);
const page = (body: Record<string, unknown> = {}, who = 'shop') =>
  data<{ rows: ShopOrderRow[]; total: number }>(
    call(who, 'POST', shopOrderApi.page, { limit: 100, ...body }),
  );
const aftersales = (body: Record<string, unknown> = {}, who = 'shop') =>
  data<{ rows: ShopAftersaleRow[]; total: number }>(
    call(who, 'POST', shopAftersaleApi.page, { limit: 100, ...body }),
  );
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query))[0]!;

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  await t.grant('yunling', Object.keys(shopPermissions.shop));
  for (const name of ['shop', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  const areas = await t.database.db.select().from(scenicAreas);
  qsh = areas.find((a) => a.code === 'QSH')!.id;
  const ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
  // one order of the other area, waiting for shipment, with an open request
  const [order] = await t.database.db
    .insert(shopOrders)
    .values({
      scenicId: ylgz,
      orderNo: 'S20261101YLGZ000001',
      status: 202,
      statusBeforeRefund: 201,
      goodsAmount: 1000,
      payAmount: 1000,
      receiverName: '云岭客',
      receiverPhone: '13811112222',
      receiverAddress: '云南省昆明市',
      expiresAt: new Date(),
      paidAt: new Date(),
    })
    .returning();
  otherOrder = order!.id;
  const [line] = await t.database.db
    .insert(shopOrderLines)
    .values({
      scenicId: ylgz,
      orderId: otherOrder,
      goodsName: '云岭普洱',
      price: 1000,
      quantity: 1,
      amount: 1000,
    })
    .returning();
  const [request] = await t.database.db
    .insert(shopAftersales)
    .values({
      scenicId: ylgz,
      requestNo: 'A20261101YLGZ0000011',
      orderId: otherOrder,
      type: 2,
      statusBeforeRefund: 201,
      reason: '不想要了',
      lines: [{ lineId: line!.id, quantity: 1, amount: 1000 }],
      amount: 1000,
    })
    .returning();
  otherAftersale = request!.id;
}, 120_000);
afterAll(() => t.close());

describe('POST /shop/order/page and totals (/shop/shopOrder)', () => {
  it('lists the area’s orders newest first, phones masked, with goods summary and pay way', async () => {
    const res = await page({ limit: 20 });
    const { n } = await one<{ n: number }>(
      sql`select count(*)::int as n from shop_orders where scenic_id = ${qsh}`,
    );
    expect(res.total).toBe(n);
    expect(res.rows).toHaveLength(20);
    const times = res.rows.map((r) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    for (const r of res.rows) {
      expect(r.receiverPhone).toMatch(/^\d{3}\*+\d{4}$/);
      if (r.memberPhone) expect(r.memberPhone).toMatch(/^\d{3}\*+\d{4}$/);
      expect(r.goodsSummary).toMatch(/ × \d/);
      expect(r.pieces).toBeGreaterThan(0);
      expect(r.payWay == null).toBe(r.payTime == null);
    }
  });

  it('filters by status, number, phone, receiver, goods, tracking number and days', async () => {
    const shipped = await page({ status: 301 });
    expect(shipped.total).toBeGreaterThan(0);
    expect(shipped.rows.every((r) => r.status === 301 && r.trackingNo && r.carrier)).toBe(true);
    const sample = shipped.rows[0]!;
    expect((await page({ orderNo: sample.orderNo })).rows.map((r) => r.id)).toEqual([sample.id]);
    expect((await page({ trackingNo: sample.trackingNo })).rows.map((r) => r.id)).toEqual([sample.id]);
    const [record] = await t.database.db.select().from(shopOrders).where(eq(shopOrders.id, sample.id));
    const byPhone = await page({ phone: record!.receiverPhone });
    expect(byPhone.rows.map((r) => r.id)).toContain(sample.id);
    const byName = await page({ receiverName: record!.receiverName.slice(0, 1) });
    expect(byName.rows.every((r) => r.receiverName.includes(record!.receiverName.slice(0, 1)))).toBe(true);
    const goods = sample.goodsSummary.split(' × ')[0]!;
    const byGoods = await page({ goodsName: goods });
    expect(byGoods.total).toBeGreaterThan(0);
    expect(byGoods.rows.every((r) => r.goodsSummary.includes(goods))).toBe(true);
    const day = sample.createTime.slice(0, 10);
    const from = new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    const byDay = await page({ createDateFrom: from, createDateTo: to });
    expect(byDay.rows.map((r) => r.id)).toContain(sample.id);
    const dayOf = (iso: string) => Date.parse(iso);
    expect(
      byDay.rows.every(
        (r) =>
          dayOf(r.createTime) >= Date.parse(from) - 86_400_000 &&
          dayOf(r.createTime) < Date.parse(to) + 2 * 86_400_000,
      ),
    ).toBe(true);
    const unpaid = await page({ payDateFrom: from, payDateTo: to, status: 101 });
    expect(unpaid.total).toBe(0);
    expect((await page({ orderNo: 'S-NOPE' })).total).toBe(0);
  });

  it('sorts by pay amount and pay time either way', async () => {
    const asc = await page({ sort: 'payAmount', order: 'asc', limit: 50 });
    const amounts = asc.rows.map((r) => r.payAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const desc = await page({ sort: 'payAmount', order: 'desc', limit: 50 });
    expect(desc.rows[0]!.payAmount).toBeGreaterThanOrEqual(desc.rows.at(-1)!.payAmount);
    const paid = await page({ sort: 'payTime', order: 'desc', status: 402, limit: 50 });
    const times = paid.rows.map((r) => r.payTime!);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('totals count and sum the same filter', async () => {
    const all = await page({ status: 203, limit: 400 });
    const totals = await data<ShopOrderTotals>(call('shop', 'POST', shopOrderApi.totals, { status: 203 }));
    expect(totals.count).toBe(all.total);
    expect(totals.payAmount).toBe(all.rows.reduce((s, r) => s + r.payAmount, 0));
    expect(totals.refundedAmount).toBe(all.rows.reduce((s, r) => s + r.refundedAmount, 0));
    expect(totals.goodsAmount).toBe(all.rows.reduce((s, r) => s + r.goodsAmount, 0));
    expect(totals.pieces).toBe(all.rows.reduce((s, r) => s + r.pieces, 0));
  });

  it('exports the filtered orders as .xlsx in the caller’s language', async () => {
    const sample = (await page({ status: 201, limit: 10 })).rows[0]!;
    const res = await call('shop', 'POST', shopOrderApi.export, { status: 201 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('订单号');
    expect(text).toContain(sample.orderNo);
    expect(text).toContain('待发货');
  });

  it('refuses bad input with 400 naming the field', async () => {
    expect400(await call('shop', 'POST', shopOrderApi.page, { status: 999 }), 'status');
    expect400(
      await call('shop', 'POST', shopOrderApi.page, { createDateFrom: '2026-13-40' }),
      'createDateFrom',
    );
    expect400(await call('shop', 'POST', shopOrderApi.page, { sort: 'receiverName' }), 'sort');
    expect400(await call('shop', 'POST', shopOrderApi.totals, { payDateTo: 'tomorrow' }), 'payDateTo');
    expect400(await call('shop', 'GET', `${shopOrderApi.query}?id=abc`), 'id');
  });

  it('is refused (403) without shop:order:page', async () => {
    for (const [method, url] of [
      ['POST', shopOrderApi.page],
      ['POST', shopOrderApi.totals],
      ['POST', shopOrderApi.export],
      ['GET', `${shopOrderApi.query}?id=1`],
      ['GET', shopShipCountApi.countShipOrder],
    ] as const)
      expect((await call('staff', method, url, method === 'POST' ? {} : undefined)).statusCode, url).toBe(
        403,
      );
  });

  it('keeps each area to its own orders', async () => {
    const mine = await page({}, 'yunling');
    expect(mine.rows.map((r) => r.id)).toEqual([otherOrder]);
    expect((await page({ orderNo: 'S20261101YLGZ000001' })).total).toBe(0);
    const totals = await data<ShopOrderTotals>(call('yunling', 'POST', shopOrderApi.totals, {}));
    expect(totals).toMatchObject({ count: 1, payAmount: 1000, pieces: 1 });
  });
});

describe('GET /shop/order/query (/shop/orderQuery)', () => {
  it('answers an order with its lines, payments, shipments, refunds, after-sales, review and history', async () => {
    const { id } = await one<{ id: number }>(sql`select o.id from shop_orders o
      where o.scenic_id = ${qsh} and exists (select 1 from shop_reviews r where r.order_id = o.id)
        and exists (select 1 from shop_shipments s where s.order_id = o.id) order by o.id limit 1`);
    const d = await data<ShopOrderDetail>(call('shop', 'GET', `${shopOrderApi.query}?id=${id}`));
    expect(d.id).toBe(id);
    expect(d.lines.length).toBeGreaterThan(0);
    expect(d.goodsAmount).toBe(d.lines.reduce((s, l) => s + l.amount, 0));
    expect(d.payments).toHaveLength(1);
    expect(d.payments[0]!.amount).toBe(d.payAmount);
    expect(d.shipments[0]).toMatchObject({ operator: expect.any(String) });
    expect(d.review!.rating).toBeGreaterThanOrEqual(1);
    expect(d.receiverPhone).toMatch(/^1\d{10}$/);
    expect(d.history[0]).toMatchObject({ transition: 'S1', fromStatus: null, toStatus: 101, byMember: true });
    expect(d.history.at(-1)!.toStatus).toBe(d.status);
    const ship = d.history.find((h) => h.transition === 'S6' || h.transition === 'S17');
    expect(ship?.operator).toEqual(expect.any(String));
  });

  it('shows refunds with their lines and the after-sales request they pay', async () => {
    const { id } = await one<{ id: number }>(sql`select o.id from shop_orders o
      where o.scenic_id = ${qsh} and o.status in (203, 601) and exists
        (select 1 from shop_refunds r where r.order_id = o.id and r.aftersale_id is not null and r.status = 'done')
      order by o.id limit 1`);
    const d = await data<ShopOrderDetail>(call('shop', 'GET', `${shopOrderApi.query}?id=${id}`));
    const refund = d.refunds.find((r) => r.aftersaleId != null)!;
    expect(refund.status).toBe('done');
    expect(d.aftersales.map((a) => a.id)).toContain(refund.aftersaleId);
    expect(d.refundedAmount).toBe(
      d.refunds.filter((r) => r.status === 'done').reduce((s, r) => s + r.amount, 0),
    );
    expect(d.lines.reduce((s, l) => s + l.refundedAmount, 0)).toBe(d.refundedAmount);
  });

  it('answers 404 for another area’s order and an unknown id', async () => {
    expect((await call('shop', 'GET', `${shopOrderApi.query}?id=${otherOrder}`)).statusCode).toBe(404);
    expect((await call('shop', 'GET', `${shopOrderApi.query}?id=99999999`)).statusCode).toBe(404);
    expect((await call('yunling', 'GET', `${shopOrderApi.query}?id=${otherOrder}`)).statusCode).toBe(200);
  });
});

describe('GET /order/countShipOrder (top bar)', () => {
  it('counts the acting area’s orders waiting for shipment', async () => {
    const { n } = await one<{ n: number }>(
      sql`select count(*)::int as n from shop_orders where scenic_id = ${qsh} and status = 201`,
    );
    expect(n).toBeGreaterThan(0);
    expect(await data<number>(call('shop', 'GET', shopShipCountApi.countShipOrder))).toBe(n);
    expect(await data<number>(call('yunling', 'GET', shopShipCountApi.countShipOrder))).toBe(0);
    expect((await t.call(null, 'GET', shopShipCountApi.countShipOrder)).statusCode).toBe(401);
  });
});

describe('after-sales (/shop/aftersale)', () => {
  it('lists the area’s requests with their order, lines and masked phone', async () => {
    const res = await aftersales({ limit: 20 });
    const { n } = await one<{ n: number }>(
      sql`select count(*)::int as n from shop_aftersales where scenic_id = ${qsh}`,
    );
    expect(res.total).toBe(n);
    for (const a of res.rows) {
      expect(a.orderNo).toMatch(/^S/);
      expect(a.lines.length).toBeGreaterThan(0);
      expect(a.lines.every((l) => l.goodsName !== '')).toBe(true);
      if (a.memberPhone) expect(a.memberPhone).toMatch(/\*/);
    }
  });

  it('filters by type, status, numbers and phone; sorts by amount', async () => {
    for (const type of [1, 2])
      for (const status of [1, 2, 3, 4]) {
        const res = await aftersales({ type, status });
        expect(res.rows.every((a) => a.type === type && a.status === status)).toBe(true);
      }
    const sample = (await aftersales({ status: 2, limit: 10 })).rows[0]!;
    expect((await aftersales({ requestNo: sample.requestNo })).rows.map((a) => a.id)).toEqual([sample.id]);
    expect((await aftersales({ orderNo: sample.orderNo })).rows.map((a) => a.id)).toContain(sample.id);
    const [order] = await t.database.db.select().from(shopOrders).where(eq(shopOrders.id, sample.orderId));
    expect((await aftersales({ phone: order!.receiverPhone })).rows.map((a) => a.id)).toContain(sample.id);
    const day = sample.createTime.slice(0, 10);
    expect((await aftersales({ createDateFrom: '2020-01-01', createDateTo: '2020-01-02' })).total).toBe(0);
    expect(day).toMatch(/^\d{4}-/);
    const sorted = (await aftersales({ sort: 'amount', order: 'asc' })).rows.map((a) => a.amount);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
  });

  it('answers one request, exports, refuses bad input, a missing permission and another area', async () => {
    const sample = (await aftersales({ type: 1, limit: 10 })).rows[0]!;
    const one = await data<ShopAftersaleRow>(
      call('shop', 'GET', `${shopAftersaleApi.query}?id=${sample.id}`),
    );
    expect(one).toEqual(sample);
    const file = await call('shop', 'POST', shopAftersaleApi.export, { type: 1 });
    expect(file.statusCode).toBe(200);
    expect(xlsxText(file.rawPayload)).toContain(sample.requestNo);
    expect400(await call('shop', 'POST', shopAftersaleApi.page, { type: 3 }), 'type');
    expect400(await call('shop', 'POST', shopAftersaleApi.page, { status: 'open' }), 'status');
    expect400(await call('shop', 'POST', shopAftersaleApi.page, { sort: 'reason' }), 'sort');
    for (const [method, url] of [
      ['POST', shopAftersaleApi.page],
      ['POST', shopAftersaleApi.export],
      ['GET', `${shopAftersaleApi.query}?id=${sample.id}`],
    ] as const)
      expect((await call('staff', method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(403);
    expect((await call('shop', 'GET', `${shopAftersaleApi.query}?id=${otherAftersale}`)).statusCode).toBe(
      404,
    );
    expect((await call('yunling', 'GET', `${shopAftersaleApi.query}?id=${sample.id}`)).statusCode).toBe(404);
    expect((await aftersales({}, 'yunling')).rows.map((a) => a.id)).toEqual([otherAftersale]);
    expect((await aftersales({ requestNo: 'A20261101YLGZ0000011' })).total).toBe(0);
    const stored = await t.database.db
      .select()
      .from(shopAftersales)
      .where(and(eq(shopAftersales.id, otherAftersale)));
    expect(stored).toHaveLength(1);
  });
});
