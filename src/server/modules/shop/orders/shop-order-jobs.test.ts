import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  shopAftersaleApi,
  shopMemberOrderApi as mApi,
  shopOrderApi,
} from '../../../../shared/api/shop-orders.ts';
import { SHOP_RULES } from '../../../../shared/dict/shop.ts';
import { queryRows } from '../../../db/rows.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { scenicAreas } from '../../scenic/index.ts';
import { runShopJobs } from './shop.jobs.ts';
import { shopKit, type ShopKit } from './shop-orders.fixture.ts';

let t: TestApp;
let k: ShopKit;
let shop = '';
const DAY = 86_400_000;
const later = (ms: number) => new Date(Date.now() + ms);
const run = (now: Date) => runShopJobs(t.database.db, now);

async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return JSON.parse(r.body).data as { id: number };
}
/** An order paid from the balance and shipped by staff. */
async function shipped(skuId: number) {
  const no = await k.place([{ skuId, quantity: 1 }]);
  await k.payBalance(no);
  const order = await k.order(no);
  await ok(
    t.call(shop, 'POST', shopOrderApi.ship, { id: order.id, carrier: '顺丰', trackingNo: `SF${order.id}` }),
  );
  return no;
}
async function received(skuId: number) {
  const no = await shipped(skuId);
  await ok(k.member(mApi.confirmReceipt, { orderNo: no }));
  return no;
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  const qsh = (await t.database.db.select().from(scenicAreas)).find((a) => a.code === 'QSH')!.id;
  shop = (await t.login('shop')).access_token;
  k = await shopKit(t, qsh, ['13700003001']);
  await k.credit(k.members[0]!.id, 1_000_000);
});
afterAll(() => t.close());

describe('the shop order jobs (a controlled clock)', () => {
  it('S4: an unpaid order past expires_at is cancelled, its stock and coupon back; not before', async () => {
    const x = await k.newSku(5, 3000);
    const coupon = await k.shopCoupon(k.members[0]!.id, 2, 500);
    const no = await k.place([{ skuId: x, quantity: 2 }], { memberCouponId: coupon });
    await run(later(29 * 60_000));
    expect((await k.order(no)).status).toBe(101);
    const result = await run(later(31 * 60_000));
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect((await k.order(no)).status).toBe(103);
    expect(await k.stock(x)).toBe(5);
    const [held] = await queryRows<{ reserved_order_no: string | null }>(
      t.database.db,
      sql`select reserved_order_no from member_coupons where id = ${coupon}`,
    );
    expect(held!.reserved_order_no).toBeNull();
    expect(await k.history(no)).toEqual(['S1:101', 'S4:103']);
    // a second pass finds nothing more to do with it
    await run(later(32 * 60_000));
    expect(await k.history(no)).toEqual(['S1:101', 'S4:103']);
  });

  it(`S9 (+ S10): a shipped order is received ${SHOP_RULES.autoReceiveDays} days after shipment, its windows from then`, async () => {
    const x = await k.newSku(5, 1000);
    const no = await shipped(x);
    await run(later((SHOP_RULES.autoReceiveDays - 1) * DAY));
    expect((await k.order(no)).status).toBe(301);
    const now = later(SHOP_RULES.autoReceiveDays * DAY + 60_000);
    await run(now);
    const order = await k.order(no);
    expect(order.status).toBe(401);
    expect(order.receivedAt!.getTime()).toBe(now.getTime());
    expect(order.afterSaleUntil!.getTime()).toBe(now.getTime() + SHOP_RULES.afterSaleDays * DAY);
    expect(await k.history(no)).toEqual(['S1:101', 'S2:201', 'S6:301', 'S9:302', 'S10:401']);
  });

  it('S21 closes a pending review past review_until; S22 a reviewed order past after_sale_until', async () => {
    const x = await k.newSku(5, 1000);
    const pending = await received(x);
    const reviewed = await received(x);
    await ok(k.member(mApi.review, { orderNo: reviewed, rating: 5 }));
    const [p, r] = [await k.order(pending), await k.order(reviewed)];
    await run(new Date(r.afterSaleUntil!.getTime() - 60_000));
    expect([(await k.order(pending)).status, (await k.order(reviewed)).status]).toEqual([401, 402]);
    await run(new Date(r.afterSaleUntil!.getTime() + 60_000));
    expect([(await k.order(pending)).status, (await k.order(reviewed)).status]).toEqual([401, 601]);
    await run(new Date(p.reviewUntil!.getTime() + 60_000));
    expect((await k.order(pending)).status).toBe(601);
    expect((await k.history(pending)).at(-1)).toBe('S21:601');
    expect((await k.history(reviewed)).at(-1)).toBe('S22:601');
  });

  it('an open after-sales request is never closed by a job; a rejected one closes when the windows end (S17)', async () => {
    const x = await k.newSku(5, 1000);
    const open = await received(x);
    await ok(k.member(mApi.afterSale, { orderNo: open, type: 2, reason: '质量问题' }));
    const rejected = await received(x);
    const asked = await ok(k.member(mApi.afterSale, { orderNo: rejected, type: 2, reason: '质量问题' }));
    await ok(t.call(shop, 'POST', shopAftersaleApi.reject, { id: asked.id, reason: '无问题' }));
    const far = later(400 * DAY);
    await run(far);
    expect((await k.order(open)).status).toBe(202);
    expect((await k.order(rejected)).status).toBe(601);
    expect((await k.history(rejected)).at(-1)).toBe('S17:601');
  });

  it(`S23 archives cancelled and refunded orders ${SHOP_RULES.archiveDays} days after their last move`, async () => {
    const x = await k.newSku(5, 1000);
    const cancelled = await k.place([{ skuId: x, quantity: 1 }]);
    await ok(k.member(mApi.cancel, { orderNo: cancelled }));
    const refunded = await k.place([{ skuId: x, quantity: 1 }]);
    await k.payBalance(refunded);
    const order = await k.order(refunded);
    await ok(t.call(shop, 'POST', shopOrderApi.refund, { id: order.id, reason: '缺货' }));
    expect((await k.order(refunded)).status).toBe(203);
    await run(later((SHOP_RULES.archiveDays - 1) * DAY));
    expect([(await k.order(cancelled)).status, (await k.order(refunded)).status]).toEqual([102, 203]);
    await run(later(SHOP_RULES.archiveDays * DAY + 60_000));
    expect([(await k.order(cancelled)).status, (await k.order(refunded)).status]).toEqual([601, 601]);
    expect((await k.history(refunded)).at(-1)).toBe('S23:601');
  });
});
