import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopOrderStatus, type ShopOrderStatusCode } from '../../../../shared/dict/shop.ts';
import {
  allowedShopOrderPairs,
  SHOP_ORDER_TRANSITIONS,
  type ShopOrderTransition,
  type ShopOrderTransitionId,
} from '../../../../shared/domain/shop-order-transitions.ts';
import { AppError } from '../../../http/errors.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { scenicAreas } from '../../scenic/index.ts';
import { transitionShopOrder } from './shop-order-state.service.ts';
import { shopOrderHistory, shopOrders } from '../shop.table.ts';

const STATUSES = Object.keys(ShopOrderStatus).map(Number) as ShopOrderStatusCode[];
const BEFORE = [null, 201, 302, 401, 402] as const;
const ROWS = SHOP_ORDER_TRANSITIONS as readonly ShopOrderTransition[];

let t: TestApp;
let scenicId = 0;
let orderId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const [area] = await t.database.db.select().from(scenicAreas).where(eq(scenicAreas.code, 'QSH'));
  scenicId = area!.id;
  const [order] = await t.database.db
    .insert(shopOrders)
    .values({
      scenicId,
      orderNo: 'S-STATE-1',
      goodsAmount: 1000,
      payAmount: 1000,
      receiverName: '张三',
      receiverPhone: '13800000000',
      receiverAddress: '杭州',
      expiresAt: new Date(Date.now() + 60_000),
    })
    .returning({ id: shopOrders.id });
  orderId = order!.id;
});
afterAll(() => t.close());

/** What the table says a move from (status, before) to `to` along `id` may do. */
function allowed(id: string, from: number, before: number | null, to: number) {
  return ROWS.some(
    (r) =>
      r.id === id &&
      r.to === to &&
      r.from.includes(from as ShopOrderStatusCode) &&
      (!r.restoresBefore || before === to) &&
      (!r.before || (before !== null && r.before.includes(before as ShopOrderStatusCode))),
  );
}

describe('the shop order machine (docs/domain.md S1-S23)', () => {
  it('allows exactly the pairs of the domain table', () => {
    const pairs = allowedShopOrderPairs().map(([a, b]) => `${a}>${b}`);
    expect(new Set(pairs)).toEqual(
      new Set([
        '101>201',
        '101>102',
        '101>103',
        '103>201',
        '201>301',
        '201>202',
        '201>205',
        '301>302',
        '302>401',
        '302>601',
        '302>202',
        '401>202',
        '402>202',
        '202>205',
        '202>204',
        '202>201',
        '202>302',
        '202>401',
        '202>402',
        '204>202',
        '204>301',
        '204>401',
        '204>402',
        '204>601',
        '205>203',
        '205>205',
        '401>402',
        '401>601',
        '402>601',
        '102>601',
        '103>601',
        '203>601',
      ]),
    );
  });

  it('moves an order by compare-and-set along listed rows only, everything else 409 and unchanged', async () => {
    const db = t.database.db;
    const moves = [...new Set(ROWS.filter((r) => r.from.length).map((r) => `${r.id}>${r.to}`))];
    let accepted = 0;
    let refused = 0;
    for (const move of moves) {
      const [id, to] = move.split('>') as [ShopOrderTransitionId, string];
      for (const from of STATUSES)
        for (const before of BEFORE) {
          await db
            .update(shopOrders)
            .set({ status: from, statusBeforeRefund: before })
            .where(eq(shopOrders.id, orderId));
          const expected = allowed(id, from, before, Number(to));
          const outcome = await db
            .transaction((tx) =>
              transitionShopOrder(tx, {
                scenicId,
                orderId,
                transition: id,
                to: Number(to) as ShopOrderStatusCode,
              }),
            )
            .then(
              () => 'moved',
              (e: unknown) => (e instanceof AppError ? e.statusCode : e),
            );
          const [after] = await db.select().from(shopOrders).where(eq(shopOrders.id, orderId));
          if (expected) {
            accepted += 1;
            expect(outcome, `${move} from ${from} (before ${before})`).toBe('moved');
            expect(after!.status).toBe(Number(to));
            if (id === 'S7' || id === 'S12') expect(after!.statusBeforeRefund).toBe(from);
            if (id === 'S15' || id === 'S17') expect(after!.statusBeforeRefund).toBeNull();
          } else {
            refused += 1;
            expect(outcome, `${move} from ${from} (before ${before})`).toBe(409);
            expect([after!.status, after!.statusBeforeRefund]).toEqual([from, before]);
          }
        }
    }
    expect(accepted).toBeGreaterThan(40);
    expect(refused).toBeGreaterThan(1000);
    // every accepted move left one history row naming it
    const history = await db.select().from(shopOrderHistory).where(eq(shopOrderHistory.orderId, orderId));
    expect(history).toHaveLength(accepted);
  });

  it('answers 404 for an order of another area, and refuses S1 (creation) as a move', async () => {
    const other = scenicId + 1000;
    await expect(
      t.database.db.transaction((tx) =>
        transitionShopOrder(tx, { scenicId: other, orderId, transition: 'S6', to: 301 }),
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      t.database.db.transaction((tx) =>
        transitionShopOrder(tx, { scenicId, orderId, transition: 'S1', to: 101 }),
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
  });
});
