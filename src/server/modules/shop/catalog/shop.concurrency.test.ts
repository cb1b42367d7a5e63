import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_MOVE } from '../../../../shared/dict/shop.ts';
import type { Database, Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { AppError } from '../../../http/errors.ts';
import { rushTransactions, closeWideApp, openWideApp } from '../../../test/concurrency.ts';
import type { TestApp } from '../../../test/harness.ts';
import { scenicAreas } from '../../scenic/index.ts';
import { moveStock } from './shop-goods.service.ts';
import { placeShopOrder } from '../orders/shop-order-placing.ts';
import { shopGoods, shopSkus, shopStockMoves } from '../shop.table.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('shop stock under concurrency (PostgreSQL)', () => {
  const BUYERS = 30;
  const STOCK = 5;
  let t: TestApp;
  let wide: Database;
  let db: Db;
  let scenicId = 0;
  const members: number[] = [];
  let seq = 0;

  beforeAll(async () => {
    ({ t, wide, db } = await openWideApp(BUYERS + 5));
    scenicId = (await db.select().from(scenicAreas).where(eq(scenicAreas.code, 'QSH')))[0]!.id;
    for (let i = 0; i < BUYERS; i += 1) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into members (scenic_id, phone) values (${scenicId}, ${`1360000${String(i).padStart(4, '0')}`}) returning id`,
      );
      members.push(Number(row!.id));
    }
  });
  afterAll(() => closeWideApp(wide, t));

  /** A new SKU on the shelf holding exactly `stock`, written through the ledger. */
  async function newSku(stock: number): Promise<number> {
    const [category] = await queryRows<{ id: number }>(
      db,
      sql`select id from shop_categories where scenic_id = ${scenicId} limit 1`,
    );
    const [goods] = await db
      .insert(shopGoods)
      .values({ scenicId, categoryId: Number(category!.id), name: `限量茶饼 ${++seq}`, status: 1 })
      .returning();
    const [sku] = await db.insert(shopSkus).values({ scenicId, goodsId: goods!.id, price: 9900 }).returning();
    await moveStock(db, { scenicId, skuId: sku!.id, delta: stock, reason: STOCK_MOVE.initial });
    return sku!.id;
  }

  /** Runs `work(tx, i)` in n transactions that are all open before any of them writes; counts the 409s. */
  async function rush(n: number, work: (tx: Db, i: number) => Promise<unknown>) {
    const result = await rushTransactions(db, n, work);
    return { ...result, conflicts: result.conflicts.length };
  }

  const receiver = {
    receiverName: '抢购',
    receiverPhone: '13600000000',
    receiverAddress: '杭州',
    remark: '',
  };

  it(`${BUYERS} buyers at once for an SKU with stock ${STOCK}: ${STOCK} orders, stock 0, never below`, async () => {
    const skuId = await newSku(STOCK);
    const result = await rush(BUYERS, (tx, i) =>
      placeShopOrder(tx, { ...receiver, scenicId, memberId: members[i]!, lines: [{ skuId, quantity: 1 }] }),
    );
    expect(result.unexpected).toEqual([]);
    expect([result.ok, result.conflicts]).toEqual([STOCK, BUYERS - STOCK]);
    expect((await db.select().from(shopSkus).where(eq(shopSkus.id, skuId)))[0]!.stock).toBe(0);
    const moves = await db.select().from(shopStockMoves).where(eq(shopStockMoves.skuId, skuId));
    // the ledger: the opening stock and one row per order, never below zero, adding up to the stock
    expect(moves.filter((m) => m.reason === STOCK_MOVE.orderPlaced)).toHaveLength(STOCK);
    expect(moves.every((m) => m.stockAfter >= 0)).toBe(true);
    expect(moves.reduce((sum, m) => sum + m.delta, 0)).toBe(0);
    const [orders] = await queryRows<{ n: number }>(
      db,
      sql`select count(distinct l.order_id)::int as n from shop_order_lines l where l.sku_id = ${skuId}`,
    );
    expect(Number(orders!.n)).toBe(STOCK);
    // the rush's orders (the demo's year of orders aside) all wait for payment
    const [waiting] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from shop_orders o
          where o.status = 101 and exists (select 1 from shop_order_lines l where l.order_id = o.id and l.sku_id = ${skuId})`,
    );
    expect(Number(waiting!.n)).toBe(STOCK);
  });

  it('CONTROL: reading the stock, then writing what was read minus one, sells more than there is', async () => {
    const skuId = await newSku(STOCK);
    const result = await rush(BUYERS, async (tx) => {
      const [sku] = await tx.select().from(shopSkus).where(eq(shopSkus.id, skuId));
      if (sku!.stock < 1) throw new AppError(409, 'shopStockNotEnough');
      // another racer may have written meanwhile: this write does not look
      await tx
        .update(shopSkus)
        .set({ stock: sku!.stock - 1 })
        .where(eq(shopSkus.id, skuId));
    });
    expect(result.unexpected).toEqual([]);
    // the same rush without the guard: more buyers succeed than the stock allowed
    expect(result.ok).toBeGreaterThan(STOCK);
  });
});
