import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../shared/api/member-api.ts';
import { shopMemberApi } from '../shared/api/shop.ts';
import { openOrderApi } from '../shared/api/selling.ts';
import { queryRows } from './db/rows.ts';
import { createTestApp, type TestApp } from './test/harness.ts';
import { fieldsOf, methodsOf } from './test/route-walk.ts';
import { createOrderFixtures, type OrderFixtures } from './modules/orders/orders.fixture.ts';
import { shopKit, type ShopKit } from './modules/shop/orders/shop-orders.fixture.ts';

// Issue 28 finding 1: member B, signed in with its own member token, walks every member and selling
// route naming member A's order numbers, tickets, coupons, travellers and top-ups. Nothing of A's is
// answered or changed; the three reproduced calls answer 404 like an order that does not exist.
let t: TestApp;
let f: OrderFixtures;
let k: ShopKit;
let key = 0;
const A = 0;
const B = 1;
/** A's identifiers, by the request field that names them */
const ids: Record<string, unknown[]> = {};
let paidNo: string;
let pendingNo: string;
let secrets: string[];

const headers = (who: number, extra: Record<string, string> = {}) => ({
  'x-scenic-id': String(f.scenicId),
  'x-member-token': k.members[who]!.token,
  'idempotency-key': `sweep-${++key}`,
  ...extra,
});
const asMember = (who: number, method: 'GET' | 'POST', url: string, body?: unknown, extra = {}) =>
  t.call(k.mini, method, url, body, headers(who, extra));

/** A's rows that a walk must leave as they were. */
const stateOfA = async () =>
  queryRows(
    t.database.db,
    sql`select (select json_agg(json_build_object('no', order_no, 's', status, 'p', pay_status) order by id)
                  from ticket_orders where member_id = ${k.members[A]!.id}) as orders,
               (select json_agg(status order by id) from order_tickets where order_id in
                  (select id from ticket_orders where member_id = ${k.members[A]!.id})) as tickets,
               (select count(*)::int from refund_requests where order_id in
                  (select id from ticket_orders where member_id = ${k.members[A]!.id})) as refunds,
               (select json_agg(json_build_object('s', status, 'r', reserved_order_no) order by id)
                  from member_coupons where member_id = ${k.members[A]!.id}) as coupons,
               (select count(*)::int from travellers where member_id = ${k.members[A]!.id}) as travellers,
               (select json_agg(json_build_object('no', order_no, 's', status) order by id)
                  from shop_orders where member_id = ${k.members[A]!.id}) as shop,
               (select balance from members where id = ${k.members[A]!.id}) as balance`,
  );

const buy = (who: number, extra: Record<string, unknown> = {}, idem?: string) =>
  t.call(
    k.mini,
    'POST',
    openOrderApi.create,
    {
      buyer: { name: '游客', phone: '13900000000' },
      lines: [{ productId: f.regular, date: f.date, quantity: 1 }],
      ...extra,
    },
    headers(who, idem ? { 'idempotency-key': idem } : {}),
  );

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  f = await createOrderFixtures(db);
  await db.execute(sql`update ticket_products set channels = '{1,4,16}' where id = ${f.regular}`);
  await db.execute(sql`insert into shop_categories (scenic_id, name) values (${f.scenicId}, '特产')`);
  k = await shopKit(t, f.scenicId, ['13600001001', '13600001002']);
  // A: a paid order with its codes, an unpaid one, a coupon, a traveller, a top-up, a shop order
  const paid = await buy(A);
  paidNo = paid.json().data.orderNo;
  const total = paid.json().data.totalAmount as number;
  const pay = await asMember(A, 'POST', openOrderApi.pay, {
    orderNo: paidNo,
    // a payment reported as taken outside (WeChat Pay and Alipay are confirmed by their notification)
    payWay: 1,
    amount: total,
    providerTxnId: `cash-${paidNo}`,
  });
  expect(pay.statusCode, pay.body).toBe(200);
  secrets = (pay.json().data.order.tickets as { code: string }[]).map((x) => x.code);
  expect(secrets.length).toBeGreaterThan(0);
  pendingNo = (await buy(A)).json().data.orderNo;
  const traveller = await asMember(A, 'POST', memberApi.addTraveller, {
    name: '张三',
    idType: 1,
    idNumber: '11010519491231002X',
  });
  expect(traveller.statusCode, traveller.body).toBe(200);
  const [travellerRow] = await queryRows<{ id: number }>(
    db,
    sql`select id from travellers where member_id = ${k.members[A]!.id}`,
  );
  const memberCouponId = await k.shopCoupon(k.members[A]!.id, 1);
  const recharge = await asMember(A, 'POST', memberApi.recharge, { amount: 10000 });
  const sku = await k.newSku(10);
  await k.credit(k.members[A]!.id, 100000);
  const shopNo = await k.place([{ skuId: sku, quantity: 1 }], {}, A);
  const [ticket] = await queryRows<{ id: number }>(
    db,
    sql`select t.id from order_tickets t join ticket_orders o on o.id = t.order_id where o.order_no = ${paidNo}`,
  );
  Object.assign(ids, {
    orderNo: [paidNo, pendingNo, shopNo],
    id: [Number(travellerRow!.id), memberCouponId],
    memberCouponId: [memberCouponId],
    rechargeNo: [recharge.json().data.rechargeNo],
    ticketIds: [[Number(ticket!.id)]],
  });
}, 120_000);
afterAll(() => t.close());

describe('a member names another member’s rows', () => {
  it('gets 404 for the three reproduced calls, and A still can', async () => {
    const query = await asMember(B, 'GET', `${openOrderApi.query}?orderNo=${paidNo}`);
    expect(query.statusCode).toBe(404);
    expect(query.body).not.toContain(secrets[0]);
    expect((await asMember(B, 'POST', openOrderApi.cancel, { orderNo: pendingNo })).statusCode).toBe(404);
    expect((await asMember(B, 'POST', '/api/open/refund/apply', { orderNo: paidNo })).statusCode).toBe(404);
    // the member API's own calls: the same
    const detail = await asMember(B, 'GET', `${memberApi.orderDetail}?orderNo=${paidNo}`);
    expect(detail.statusCode).toBe(404);
    expect((await asMember(B, 'POST', memberApi.orderCancel, { orderNo: pendingNo })).statusCode).toBe(404);
    expect((await asMember(B, 'POST', memberApi.refundApply, { orderNo: paidNo })).statusCode).toBe(404);
    // and an order no one has: the same answer
    expect((await asMember(B, 'GET', `${memberApi.orderDetail}?orderNo=NOPE123`)).statusCode).toBe(404);
    // without a member token the mini-program reaches no order at all
    const bare = await t.call(k.mini, 'GET', `${openOrderApi.query}?orderNo=${paidNo}`, undefined, {
      'x-scenic-id': String(f.scenicId),
    });
    expect(bare.statusCode).toBe(401);
    const own = await asMember(A, 'GET', `${memberApi.orderDetail}?orderNo=${paidNo}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.tickets.map((x: { code: string }) => x.code)).toEqual(secrets);
  });

  it('walks every member and selling route with A’s ids: nothing of A’s answered or changed', async () => {
    const before = await stateOfA();
    const routes = t.app.routeRecords.filter(
      (r) => r.access?.kind === 'client' && r.access.callers.includes('miniProgram'),
    );
    let tried = 0;
    for (const route of routes) {
      if (route.url === memberApi.logout) continue;
      for (const method of methodsOf(route)) {
        const fields = fieldsOf(method === 'GET' ? route.schema?.querystring : route.schema?.body);
        for (const field of fields.filter((name) => ids[name])) {
          for (const value of ids[field]!) {
            const res =
              method === 'GET'
                ? await asMember(B, 'GET', `${route.url}?${field}=${encodeURIComponent(String(value))}`)
                : await asMember(B, 'POST', route.url, { [field]: value });
            const label = `${method} ${route.url} ${field}=${String(value)}: ${res.body}`;
            expect(res.statusCode, label).toBeLessThan(500);
            expect(res.statusCode === 200 && route.url !== memberApi.claim, label).toBe(false);
            for (const secret of [...secrets, paidNo, pendingNo])
              expect(res.body, label).not.toContain(secret);
            tried++;
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(20);
    expect(await stateOfA()).toEqual(before);
  });

  it('never answers A’s answer to B replaying A’s Idempotency-Key and body', async () => {
    const first = await buy(A, {}, 'shared-key-1');
    expect(first.statusCode).toBe(200);
    const replay = await buy(B, {}, 'shared-key-1');
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data.orderNo).not.toBe(first.json().data.orderNo);
    const [owner] = await queryRows<{ member_id: number }>(
      t.database.db,
      sql`select member_id from ticket_orders where order_no = ${replay.json().data.orderNo}`,
    );
    expect(Number(owner!.member_id)).toBe(k.members[B]!.id);
    // the shop's placeOrder
    const sku = await k.newSku(5);
    const body = {
      lines: [{ skuId: sku, quantity: 1 }],
      receiverName: '李雷',
      receiverPhone: '13900001111',
      receiverAddress: '杭州',
    };
    const a = await asMember(A, 'POST', shopMemberApi.placeOrder, body, {
      'idempotency-key': 'shared-key-2',
    });
    const b = await asMember(B, 'POST', shopMemberApi.placeOrder, body, {
      'idempotency-key': 'shared-key-2',
    });
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().data.orderNo).not.toBe(a.json().data.orderNo);
  });
});
