import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopMemberOrderApi as mApi, shopOrderApi } from '../../../../shared/api/shop-orders.ts';
import type { Database, Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { openWidePool, rush } from '../../../test/concurrency.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { scenicAreas } from '../../scenic/index.ts';
import { approveAfterSale } from './shop-aftersale.service.ts';
import { payShopOrder } from './shop-order-payment.ts';
import { shopKit, type ShopKit } from './shop-orders.fixture.ts';
import { runShopJobs } from './shop.jobs.ts';
import { shopPayments, shopRefunds, shopStockMoves } from '../shop.table.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('shop orders under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let wide: Database;
  let db: Db;
  let k: ShopKit;
  let shop = '';

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimit: 1000 });
    wide = await openWidePool(t.database.db, 15);
    db = wide.db;
    const qsh = (await db.select().from(scenicAreas).where(eq(scenicAreas.code, 'QSH')))[0]!.id;
    shop = (await t.login('shop')).access_token;
    k = await shopKit(t, qsh, ['13700004001', '13700004002']);
    await k.credit(k.members[0]!.id, 1_000_000);
  });
  afterAll(async () => {
    await wide?.close();
    await t?.close();
  });

  const pay = (orderNo: string, body: { payWay: number; amount: number; providerTxnId?: string }, who = 0) =>
    db.transaction((tx) =>
      payShopOrder(tx, { orderNo, ...body, scenicId: k.scenicId, memberId: k.members[who]!.id }),
    );
  const ledgerOk = async (skuId: number) => {
    const moves = await db.select().from(shopStockMoves).where(eq(shopStockMoves.skuId, skuId));
    expect(moves.every((m) => m.stockAfter >= 0)).toBe(true);
    expect(moves.reduce((sum, m) => sum + m.delta, 0)).toBe(await k.stock(skuId));
  };

  it('a late payment racing the expiry job follows S5: paid (201), the stock taken once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const x = await k.newSku(4, 1000);
      const no = await k.place([{ skuId: x, quantity: 2 }]);
      const result = await rush<unknown>(2, (i) =>
        i === 0
          ? runShopJobs(db, new Date(Date.now() + 31 * 60_000))
          : pay(no, { payWay: 4, amount: 2000, providerTxnId: `pp-race-${no}` }),
      );
      expect(result.unexpected).toEqual([]);
      expect((await k.order(no)).status).toBe(201);
      expect(await k.stock(x)).toBe(2);
      await ledgerOk(x);
      const history = await k.history(no);
      expect([
        ['S1:101', 'S2:201'],
        ['S1:101', 'S4:103', 'S5:201'],
      ]).toContainEqual(history);
    }
  });

  it('a late payment after S4 when the stock is gone is recorded and refunded; the order stays 103', async () => {
    const x = await k.newSku(2, 1000);
    const no = await k.place([{ skuId: x, quantity: 2 }]);
    await runShopJobs(db, new Date(Date.now() + 31 * 60_000));
    expect((await k.order(no)).status).toBe(103);
    // another buyer takes the stock back meanwhile
    await k.place([{ skuId: x, quantity: 2 }], {}, 1);
    const late = await pay(no, { payWay: 4, amount: 2000, providerTxnId: `pp-gone-${no}` });
    expect([late.status, late.result]).toEqual([103, 'refunded']);
    const order = await k.order(no);
    expect([order.status, order.refundedAmount]).toEqual([103, 2000]);
    const refunds = await db.select().from(shopRefunds).where(eq(shopRefunds.orderId, order.id));
    expect(refunds.map((r) => [r.status, r.amount])).toEqual([['done', 2000]]);
    const [payment] = await db.select().from(shopPayments).where(eq(shopPayments.orderId, order.id));
    expect(payment!.status).toBe('refunded');
    expect(await k.stock(x)).toBe(0);
    await ledgerOk(x);
    // a balance payment of it is refused, nothing debited
    const before = await k.balance(k.members[0]!.id);
    await expect(pay(no, { payWay: 9, amount: 2000 })).rejects.toMatchObject({ statusCode: 409 });
    expect(await k.balance(k.members[0]!.id)).toBe(before);
  });

  it('the same payment confirmed 10 times at once: one payment, one debit, the rest duplicates', async () => {
    const x = await k.newSku(10, 1500);
    const byProvider = await k.place([{ skuId: x, quantity: 1 }]);
    const wx = await rush(10, () =>
      pay(byProvider, { payWay: 4, amount: 1500, providerTxnId: `pp-10-${byProvider}` }),
    );
    expect(wx.unexpected).toEqual([]);
    expect(wx.values.map((v) => v.result).sort()).toEqual(
      ['duplicate', ...Array(8).fill('duplicate'), 'paid'].sort(),
    );
    const order = await k.order(byProvider);
    expect((await db.select().from(shopPayments).where(eq(shopPayments.orderId, order.id))).length).toBe(1);

    const byBalance = await k.place([{ skuId: x, quantity: 1 }]);
    const me = k.members[0]!.id;
    const before = await k.balance(me);
    const bal = await rush(10, () => pay(byBalance, { payWay: 9, amount: 1500 }));
    expect(bal.unexpected).toEqual([]);
    expect(bal.values.filter((v) => v.result === 'paid')).toHaveLength(1);
    expect(await k.balance(me)).toBe(before - 1500);
    const debits = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from member_ledger where member_id = ${me} and reference = ${byBalance}`,
    );
    expect(Number(debits[0]!.n)).toBe(1);
    expect((await k.order(byBalance)).status).toBe(201);
  });

  it('two staff approving the same after-sales request at once: one refund', async () => {
    const x = await k.newSku(10, 2500);
    const no = await k.place([{ skuId: x, quantity: 2 }]);
    await k.payBalance(no);
    const asked = await k.member(mApi.afterSale, { orderNo: no, type: 2, reason: '不要了' });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json<{ data: { id: number } }>().data.id;
    const me = k.members[0]!.id;
    const before = await k.balance(me);
    const result = await rush(2, () =>
      db.transaction((tx) => approveAfterSale(tx, { scenicId: k.scenicId, id, note: '', adminId: null })),
    );
    expect(result.unexpected).toEqual([]);
    expect([result.ok, result.conflicts]).toEqual([1, 1]);
    const order = await k.order(no);
    expect([order.status, order.refundedAmount]).toEqual([203, 5000]);
    expect((await db.select().from(shopRefunds).where(eq(shopRefunds.orderId, order.id))).length).toBe(1);
    expect(await k.balance(me)).toBe(before + 5000);
    expect(await k.stock(x)).toBe(10);
    await ledgerOk(x);
  });

  it('the jobs on two instances at once move each order once', async () => {
    const x = await k.newSku(20, 1000);
    const orders: string[] = [];
    for (let i = 0; i < 6; i += 1) orders.push(await k.place([{ skuId: x, quantity: 1 }]));
    const shipped = await k.place([{ skuId: x, quantity: 1 }]);
    await k.payBalance(shipped);
    const s = await k.order(shipped);
    const res = await t.call(shop, 'POST', shopOrderApi.ship, {
      id: s.id,
      carrier: '顺丰',
      trackingNo: 'SF77',
    });
    expect(res.statusCode, res.body).toBe(200);
    const now = new Date(Date.now() + 11 * 86_400_000);
    const result = await rush(3, () => runShopJobs(db, now));
    expect(result.unexpected).toEqual([]);
    // on this clock the archive (S23) may follow in the same pass; no move is ever made twice
    for (const no of orders) {
      const history = await k.history(no);
      expect(history.slice(0, 2)).toEqual(['S1:101', 'S4:103']);
      expect(history.slice(2)).toEqual(history.length === 3 ? ['S23:601'] : []);
    }
    expect(await k.history(shipped)).toEqual(['S1:101', 'S2:201', 'S6:301', 'S9:302', 'S10:401']);
    expect(await k.stock(x)).toBe(19);
    await ledgerOk(x);
  });
});
