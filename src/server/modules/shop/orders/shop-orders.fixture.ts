import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { memberApi } from '../../../../shared/api/member-api.ts';
import { shopMemberApi } from '../../../../shared/api/shop.ts';
import { shopMemberOrderApi, type ShopMemberOrder } from '../../../../shared/api/shop-orders.ts';
import { BALANCE_OP } from '../../../../shared/dict/members.ts';
import { STOCK_MOVE } from '../../../../shared/dict/shop.ts';
import { queryRows } from '../../../db/rows.ts';
import type { TestApp } from '../../../test/harness.ts';
import { giveCoupon } from '../../coupons/index.ts';
import { creditBalance } from '../../members/index.ts';
import { moveStock } from '../catalog/shop-goods.service.ts';
import { shopGoods, shopOrderHistory, shopOrders, shopSkus } from '../shop.table.ts';

/** Test helpers of the shop order lifecycle (HTTP on PGlite and the PostgreSQL tests): not a route. */
export interface ShopKit {
  scenicId: number;
  mini: string;
  /** a signed-in member's token and id */
  members: { token: string; id: number }[];
  newSku(stock: number, price?: number): Promise<number>;
  place(
    lines: { skuId: number; quantity: number }[],
    extra?: Record<string, unknown>,
    who?: number,
  ): Promise<string>;
  member(url: string, body: unknown, who?: number): ReturnType<TestApp['call']>;
  memberGet(url: string, who?: number): ReturnType<TestApp['call']>;
  detail(orderNo: string, who?: number): Promise<ShopMemberOrder>;
  order(orderNo: string): Promise<typeof shopOrders.$inferSelect>;
  history(orderNo: string): Promise<string[]>;
  stock(skuId: number): Promise<number>;
  balance(memberId: number): Promise<number>;
  credit(memberId: number, amount: number): Promise<void>;
  shopCoupon(memberId: number, useType?: number, amountOff?: number): Promise<number>;
  payBalance(orderNo: string, who?: number): Promise<void>;
}

let seq = 0;

export async function shopKit(t: TestApp, scenicId: number, phones: string[]): Promise<ShopKit> {
  const db = t.database.db;
  const mini = await t.clientToken('weixinManagement');
  const members: { token: string; id: number }[] = [];
  for (const phone of phones) {
    const login = await t.call(mini, 'POST', memberApi.login, { phone }, { 'x-scenic-id': String(scenicId) });
    expect(login.statusCode, login.body).toBe(200);
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`select id from members where scenic_id = ${scenicId} and phone = ${phone}`,
    );
    members.push({ token: login.json<{ data: { token: string } }>().data.token, id: Number(row!.id) });
  }
  const headers = (who: number) => ({
    'x-scenic-id': String(scenicId),
    'x-member-token': members[who]!.token,
  });
  const kit: ShopKit = {
    scenicId,
    mini,
    members,
    async newSku(stock, price = 5000) {
      const [category] = await queryRows<{ id: number }>(
        db,
        sql`select id from shop_categories where scenic_id = ${scenicId} order by id limit 1`,
      );
      const [goods] = await db
        .insert(shopGoods)
        .values({ scenicId, categoryId: Number(category!.id), name: `测试好物 ${++seq}`, status: 1 })
        .returning();
      const [sku] = await db.insert(shopSkus).values({ scenicId, goodsId: goods!.id, price }).returning();
      if (stock > 0)
        await moveStock(db, { scenicId, skuId: sku!.id, delta: stock, reason: STOCK_MOVE.initial });
      return sku!.id;
    },
    async place(lines, extra = {}, who = 0) {
      const res = await t.call(
        mini,
        'POST',
        shopMemberApi.placeOrder,
        {
          lines,
          receiverName: '李雷',
          receiverPhone: '13900001111',
          receiverAddress: '杭州市西湖区',
          ...extra,
        },
        { ...headers(who), 'idempotency-key': `kit-${++seq}-${Date.now()}` },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { orderNo: string } }>().data.orderNo;
    },
    member: (url, body, who = 0) => t.call(mini, 'POST', url, body, headers(who)),
    memberGet: (url, who = 0) => t.call(mini, 'GET', url, undefined, headers(who)),
    async detail(orderNo, who = 0) {
      const res = await kit.memberGet(`${shopMemberOrderApi.order}?orderNo=${orderNo}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: ShopMemberOrder }>().data;
    },
    async order(orderNo) {
      return (await db.select().from(shopOrders).where(eq(shopOrders.orderNo, orderNo)))[0]!;
    },
    async history(orderNo) {
      const order = await kit.order(orderNo);
      const rows = await db
        .select()
        .from(shopOrderHistory)
        .where(eq(shopOrderHistory.orderId, order.id))
        .orderBy(shopOrderHistory.id);
      return rows.map((h) => `${h.transition}:${h.toStatus}`);
    },
    async stock(skuId) {
      return (
        await db
          .select()
          .from(shopSkus)
          .where(and(eq(shopSkus.id, skuId)))
      )[0]!.stock;
    },
    async balance(memberId) {
      const [row] = await queryRows<{ balance: number }>(
        db,
        sql`select balance from members where id = ${memberId}`,
      );
      return Number(row!.balance);
    },
    async credit(memberId, amount) {
      await db.transaction((tx) =>
        creditBalance(tx, { scenicId, memberId, operation: BALANCE_OP.topUp, amount, reference: 'test' }),
      );
    },
    async shopCoupon(memberId, useType = 2, amountOff = 1000) {
      const [coupon] = await queryRows<{ id: number }>(
        db,
        sql`insert into coupons (scenic_id, name, use_type, amount_off, min_spend, validity_kind, valid_days, total_quantity, status)
          values (${scenicId}, ${`商城券 ${++seq}`}, ${useType}, ${amountOff}, 0, 2, 30, 10, 0) returning id`,
      );
      return (
        await db.transaction((tx) =>
          giveCoupon(tx, { scenicId, couponId: Number(coupon!.id), memberId, receiveWay: 1 }),
        )
      ).memberCouponId;
    },
    async payBalance(orderNo, who = 0) {
      const order = await kit.order(orderNo);
      const res = await kit.member(
        shopMemberOrderApi.pay,
        { orderNo, payWay: 9, amount: order.payAmount },
        who,
      );
      expect(res.statusCode, res.body).toBe(200);
    },
  };
  return kit;
}

/** Signs a member in by phone through the mini-program's client token `mini`, in `scenicId`: its token. */
export async function memberLogin(
  t: TestApp,
  mini: string,
  phone: string,
  scenicId: number,
): Promise<string> {
  const login = await t.call(mini, 'POST', memberApi.login, { phone }, { 'x-scenic-id': String(scenicId) });
  expect(login.statusCode, login.body).toBe(200);
  return login.json<{ data: { token: string } }>().data.token;
}
