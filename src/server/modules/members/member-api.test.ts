import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi } from '../../../shared/api/member-api.ts';
import { openOrderApi } from '../../../shared/api/selling.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expect400 } from '../../test/replies.ts';
import { createOrderFixtures, type OrderFixtures } from '../orders/orders.fixture.ts';
import { staffRefund } from '../refunds/index.ts';
import { ledgerMismatches } from './index.ts';

let t: TestApp;
let f: OrderFixtures;
let mini: string;
let ctrip: string;
let key = 0;
let phoneSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await createOrderFixtures(t.database.db);
  // the mini-program (channel 4) may sell the fixture's regular ticket
  await t.database.db.execute(sql`update ticket_products set channels = '{1,4,16}' where id = ${f.regular}`);
  mini = await t.clientToken('weixinManagement');
  ctrip = await t.clientToken('ctripManagement');
  // the levels of the fixture area: entry 100 %, silver from 300 yuan spend at 90 %
  await t.database.db.execute(
    sql`insert into member_levels (scenic_id, name, basis, threshold, discount) values
          (${f.scenicId}, '普通', 1, 0, 100), (${f.scenicId}, '银卡', 1, 30000, 90)`,
  );
});
afterAll(() => t.close());

const db = () => t.database.db;
const call = (
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  token = mini,
) => t.call(token, method, url, body, { 'x-scenic-id': String(f.scenicId), ...headers });
const asMember = (memberToken: string) => ({ 'x-member-token': memberToken });
const newPhone = () => `139${String(10_000_000 + ++phoneSeq * 7919).slice(-8)}`;

async function signIn(phone = newPhone()) {
  const res = await call('POST', memberApi.login, { phone, nickname: '游客' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { token: string; member: { id: number; balance: number } } }>().data;
}

async function coupon(values: Partial<Record<string, string | number>> = {}): Promise<number> {
  const v = {
    name: '满100减20',
    coupon_type: 0,
    use_type: 1,
    scope: 0,
    discount_kind: 1,
    amount_off: 2000,
    percent: 100,
    min_spend: 10000,
    validity_kind: 2,
    valid_days: 30,
    total_quantity: 100,
    per_member_limit: 1,
    status: 0,
    ...values,
  };
  const [row] = await queryRows<{ id: number }>(
    db(),
    sql`insert into coupons (scenic_id, name, coupon_type, use_type, scope, discount_kind, amount_off, percent, min_spend,
          validity_kind, valid_days, total_quantity, per_member_limit, status)
        values (${f.scenicId}, ${v.name}, ${v.coupon_type}, ${v.use_type}, ${v.scope}, ${v.discount_kind}, ${v.amount_off},
          ${v.percent}, ${v.min_spend}, ${v.validity_kind}, ${v.valid_days}, ${v.total_quantity}, ${v.per_member_limit}, ${v.status})
        returning id`,
  );
  return Number(row!.id);
}

/** A top-up reported as paid by a pay way without an online provider (WeChat Pay and Alipay: topups.test.ts). */
async function topUp(memberToken: string, amount: number) {
  const started = await call('POST', memberApi.recharge, { amount, payWay: 4 }, asMember(memberToken));
  expect(started.statusCode, started.body).toBe(200);
  const { rechargeNo } = started.json<{ data: { rechargeNo: string } }>().data;
  const paid = await call(
    'POST',
    memberApi.rechargePay,
    { rechargeNo, amount, providerTxnId: `wx-${rechargeNo}` },
    asMember(memberToken),
  );
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json<{ data: { balance: number; giftAmount: number; rechargeNo: string } }>().data;
}

/** An order of two regular tickets for a signed-in member (or none), by the mini-program or `token`'s channel. */
const order = (memberToken: string | null, body: Record<string, unknown>, token = mini) =>
  call(
    'POST',
    openOrderApi.create,
    {
      buyer: { name: '游客', phone: '13900000000' },
      lines: [{ productId: f.regular, date: f.date, quantity: 2 }],
      ...body,
    },
    { 'idempotency-key': `m-${++key}`, ...(memberToken ? asMember(memberToken) : {}) },
    token,
  );

const ledgerOf = (memberId: number) =>
  queryRows<{ operation: number; change: number; balance_after: number; reference: string }>(
    db(),
    sql`select operation, change, balance_after, reference from member_ledger where member_id = ${memberId} order by id`,
  );
const memberCoupon = async (id: number) =>
  (
    await queryRows<{
      status: number;
      reserved_order_no: string | null;
      used_order_no: string | null;
      discount_amount: number;
    }>(
      db(),
      sql`select status, reserved_order_no, used_order_no, discount_amount from member_coupons where id = ${id}`,
    )
  )[0]!;

describe('signing in', () => {
  it('registers a member by phone at the entry level with the registration gifts; signs the same member in again', async () => {
    const gift = await coupon({ name: '注册礼', coupon_type: 1, min_spend: 0, amount_off: 1000 });
    const phone = newPhone();
    const first = await call('POST', memberApi.login, { phone });
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json<{
      data: { token: string; registered: boolean; member: { id: number; levelName: string } };
    }>().data;
    expect(data.registered).toBe(true);
    expect(data.member.levelName).toBe('普通');
    const held = await queryRows<{ coupon_id: number; receive_way: number }>(
      db(),
      sql`select coupon_id, receive_way from member_coupons where member_id = ${data.member.id}`,
    );
    expect(held).toEqual([{ coupon_id: gift, receive_way: 2 }]);
    const again = await call('POST', memberApi.login, { phone });
    expect(again.json<{ data: { registered: boolean; member: { id: number } } }>().data).toMatchObject({
      registered: false,
      member: { id: data.member.id },
    });
    await db().execute(sql`update coupons set status = 1 where id = ${gift}`);
    // the new sign-in's token works; the earlier session of the member on this client has ended
    const token = again.json<{ data: { token: string } }>().data.token;
    const profile = await call('GET', memberApi.profile, undefined, asMember(token));
    expect(profile.json<{ data: { id: number } }>().data.id).toBe(data.member.id);
    expect((await call('GET', memberApi.profile, undefined, asMember(data.token))).statusCode).toBe(401);
  });

  it('refuses a bad phone (400 naming it), another client (403), no or a bad member token (401), a frozen member (409)', async () => {
    const bad = await call('POST', memberApi.login, { phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('phone');
    expect((await call('POST', memberApi.login, { phone: newPhone() }, {}, ctrip)).statusCode).toBe(403);
    expect((await call('GET', memberApi.profile)).statusCode).toBe(401);
    expect((await call('GET', memberApi.profile, undefined, asMember('nope'))).statusCode).toBe(401);
    const m = await signIn();
    // the token is of this area only
    const other = await t.call(mini, 'GET', memberApi.profile, undefined, {
      'x-scenic-id': String(f.otherScenicId),
      ...asMember(m.token),
    });
    expect(other.statusCode).toBe(401);
    await db().execute(sql`update members set status = 2 where id = ${m.member.id}`);
    expect((await call('GET', memberApi.profile, undefined, asMember(m.token))).statusCode).toBe(409);
  });
});

describe('top-ups', () => {
  it('a rule of the amount adds its gift as its own ledger row; the same payment twice credits once', async () => {
    await db().execute(
      sql`insert into recharge_rules (scenic_id, pay_amount, gift_amount) values (${f.scenicId}, 10000, 1000)`,
    );
    const m = await signIn();
    const paid = await topUp(m.token, 10000);
    expect(paid).toMatchObject({ balance: 11000, giftAmount: 1000 });
    const again = await call(
      'POST',
      memberApi.rechargePay,
      { rechargeNo: paid.rechargeNo, amount: 10000, providerTxnId: `wx-${paid.rechargeNo}` },
      asMember(m.token),
    );
    expect(again.json<{ data: { balance: number } }>().data.balance).toBe(11000);
    expect(await ledgerOf(m.member.id)).toEqual([
      { operation: 1, change: 10000, balance_after: 10000, reference: paid.rechargeNo },
      { operation: 4, change: 1000, balance_after: 11000, reference: paid.rechargeNo },
    ]);
    const plain = await topUp(m.token, 5000);
    expect(plain).toMatchObject({ balance: 16000, giftAmount: 0 });
  });

  it('refuses a wrong amount, zero, and another member’s top-up; nothing credited', async () => {
    const m = await signIn();
    const started = await call('POST', memberApi.recharge, { amount: 3000, payWay: 4 }, asMember(m.token));
    const { rechargeNo } = started.json<{ data: { rechargeNo: string } }>().data;
    const wrong = await call(
      'POST',
      memberApi.rechargePay,
      { rechargeNo, amount: 2999, providerTxnId: 'x1' },
      asMember(m.token),
    );
    expect(wrong.statusCode).toBe(409);
    expect((await call('POST', memberApi.recharge, { amount: 0 }, asMember(m.token))).statusCode).toBe(400);
    const other = await signIn();
    const stolen = await call(
      'POST',
      memberApi.rechargePay,
      { rechargeNo, amount: 3000, providerTxnId: 'x2' },
      asMember(other.token),
    );
    expect(stolen.statusCode).toBe(404);
    expect(await ledgerOf(m.member.id)).toEqual([]);
    expect(await ledgerOf(other.member.id)).toEqual([]);
  });

  it('refuses a reported payment of a WeChat Pay or Alipay top-up, naming payWay (the provider confirms those)', async () => {
    const m = await signIn();
    for (const payWay of [2, 3]) {
      const started = await call('POST', memberApi.recharge, { amount: 3000, payWay }, asMember(m.token));
      const { rechargeNo } = started.json<{ data: { rechargeNo: string } }>().data;
      expect400(
        await call(
          'POST',
          memberApi.rechargePay,
          { rechargeNo, amount: 3000, providerTxnId: `self-${rechargeNo}` },
          asMember(m.token),
        ),
        'payWay',
      );
    }
    expect(await ledgerOf(m.member.id)).toEqual([]);
  });
});

describe('buying as a member', () => {
  it('claims a coupon and pays with the balance: level discount first, then the coupon; coupon used, ledger row, level up', async () => {
    const couponId = await coupon({ name: '满100减20 领券' });
    const m = await signIn();
    await topUp(m.token, 60000);
    const center = await call('GET', memberApi.couponCenter, undefined, asMember(m.token));
    expect(center.json<{ data: { couponId: number }[] }>().data.map((c) => c.couponId)).toContain(couponId);
    const claimed = await call('POST', memberApi.claim, { couponId }, asMember(m.token));
    expect(claimed.statusCode, claimed.body).toBe(200);
    const { memberCouponId } = claimed.json<{ data: { memberCouponId: number } }>().data;
    // the limit is one per member
    expect((await call('POST', memberApi.claim, { couponId }, asMember(m.token))).statusCode).toBe(409);

    const res = await order(m.token, { memberCouponId, payNow: { payWay: 9 } });
    expect(res.statusCode, res.body).toBe(200);
    const placed = res.json<{
      data: {
        orderNo: string;
        status: number;
        totalAmount: number;
        originalAmount: number;
        couponDiscount: number;
        tickets: { price: number }[];
      };
    }>().data;
    // 2 × 100 yuan at level 普通 (100 %), minus 20 yuan
    expect(placed).toMatchObject({
      status: 201,
      originalAmount: 20000,
      couponDiscount: 2000,
      totalAmount: 18000,
    });
    expect(placed.tickets.reduce((s, x) => s + x.price, 0)).toBe(18000);
    expect(await memberCoupon(memberCouponId)).toMatchObject({
      status: 201,
      used_order_no: placed.orderNo,
      discount_amount: 2000,
    });
    const ledger = await ledgerOf(m.member.id);
    expect(ledger.at(-1)).toEqual({
      operation: 2,
      change: -18000,
      balance_after: 42000,
      reference: placed.orderNo,
    });

    // 180 yuan spent: not yet silver (300); another 2 tickets make 380: silver, and its 10 % applies next
    const second = await order(m.token, { payNow: { payWay: 9 } });
    expect(second.json<{ data: { totalAmount: number } }>().data.totalAmount).toBe(20000);
    const third = await order(m.token, { payNow: { payWay: 9 } });
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json<{ data: { totalAmount: number; levelDiscount: number } }>().data).toMatchObject({
      totalAmount: 18000,
      levelDiscount: 2000,
    });
    const profile = await call('GET', memberApi.profile, undefined, asMember(m.token));
    expect(profile.json<{ data: { levelName: string; balance: number } }>().data).toMatchObject({
      levelName: '银卡',
      balance: 60000 - 18000 - 20000 - 18000,
    });
    const orders = await call('GET', memberApi.orders, undefined, asMember(m.token));
    expect(orders.json<{ data: unknown[] }>().data).toHaveLength(3);
  });

  it('not enough balance: 409 and nothing written (no order, coupon still free, balance unchanged)', async () => {
    const couponId = await coupon({ name: '满100减20 余额不足' });
    const m = await signIn();
    await topUp(m.token, 5000);
    const { memberCouponId } = (await call('POST', memberApi.claim, { couponId }, asMember(m.token))).json<{
      data: { memberCouponId: number };
    }>().data;
    const before = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ticket_orders`);
    const res = await order(m.token, { memberCouponId, payNow: { payWay: 9 } });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ msg: string }>().msg).toContain('余额不足');
    const after = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ticket_orders`);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(await memberCoupon(memberCouponId)).toMatchObject({ status: 101, reserved_order_no: null });
    expect(await ledgerOf(m.member.id)).toHaveLength(1);
  });

  it('refuses a coupon or pay way 9 without a member, another member’s coupon, a coupon below its minimum', async () => {
    const couponId = await coupon({ name: '满300减50', min_spend: 30000, amount_off: 5000 });
    const m = await signIn();
    const other = await signIn();
    const { memberCouponId } = (await call('POST', memberApi.claim, { couponId }, asMember(m.token))).json<{
      data: { memberCouponId: number };
    }>().data;
    // the mini-program buys only for a signed-in member; another channel never for one
    expect((await order(null, { memberCouponId })).statusCode).toBe(401);
    const byChannel = (body: Record<string, unknown>) => order(null, body, ctrip);
    expect((await byChannel({ memberCouponId })).statusCode).toBe(400);
    expect((await byChannel({ payNow: { payWay: 9 } })).statusCode).toBe(400);
    expect((await order(other.token, { memberCouponId })).statusCode).toBe(404);
    const below = await order(m.token, { memberCouponId });
    expect(below.statusCode).toBe(409);
    expect(await memberCoupon(memberCouponId)).toMatchObject({ status: 101, reserved_order_no: null });
    // pay way 9 cannot be confirmed afterwards: the balance pays only at T2
    const unpaid = (await order(m.token, {})).json<{ data: { orderNo: string; totalAmount: number } }>().data;
    const pay = await call(
      'POST',
      openOrderApi.pay,
      { orderNo: unpaid.orderNo, payWay: 9, amount: unpaid.totalAmount, providerTxnId: 'b-1' },
      { 'idempotency-key': `m-${++key}`, ...asMember(m.token) },
    );
    expect(pay.statusCode).toBe(400);
  });

  it('an unpaid order reserves the coupon; cancelling releases it; paying spends it', async () => {
    const couponId = await coupon({ name: '满100减20 预留', per_member_limit: 2 });
    const m = await signIn();
    const claim = async () =>
      (await call('POST', memberApi.claim, { couponId }, asMember(m.token))).json<{
        data: { memberCouponId: number };
      }>().data.memberCouponId;
    const mc = await claim();
    const first = (await order(m.token, { memberCouponId: mc })).json<{
      data: { orderNo: string; totalAmount: number };
    }>().data;
    expect(await memberCoupon(mc)).toMatchObject({ status: 101, reserved_order_no: first.orderNo });
    // held: a second order cannot use it
    expect((await order(m.token, { memberCouponId: mc })).statusCode).toBe(409);
    const cancel = await call(
      'POST',
      openOrderApi.cancel,
      { orderNo: first.orderNo },
      { 'idempotency-key': `m-${++key}`, ...asMember(m.token) },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await memberCoupon(mc)).toMatchObject({ status: 101, reserved_order_no: null });
    const second = (await order(m.token, { memberCouponId: mc })).json<{
      data: { orderNo: string; totalAmount: number };
    }>().data;
    expect(second.totalAmount).toBe(18000);
    const pay = await call(
      'POST',
      openOrderApi.pay,
      { orderNo: second.orderNo, payWay: 1, amount: 18000, providerTxnId: `cash-${second.orderNo}` },
      { 'idempotency-key': `m-${++key}`, ...asMember(m.token) },
    );
    expect(pay.statusCode, pay.body).toBe(200);
    expect(await memberCoupon(mc)).toMatchObject({ status: 201, used_order_no: second.orderNo });
  });

  it('a refund of a balance-paid order goes back to the balance at once (operation 3); the ledger adds up', async () => {
    const m = await signIn();
    await topUp(m.token, 30000);
    const placed = (await order(m.token, { payNow: { payWay: 9 } })).json<{
      data: { orderNo: string; tickets: { id: number }[] };
    }>().data;
    const [o] = await queryRows<{ id: number }>(
      db(),
      sql`select id from ticket_orders where order_no = ${placed.orderNo}`,
    );
    const [admin] = await queryRows<{ id: number }>(
      db(),
      sql`select id from admins where username = 'admin'`,
    );
    await staffRefund(db(), {
      scenicId: f.scenicId,
      orderId: Number(o!.id),
      ticketIds: [placed.tickets[0]!.id],
      reason: 'weather',
      adminId: Number(admin!.id),
      adminName: 'admin',
    });
    const ledger = await ledgerOf(m.member.id);
    expect(ledger.at(-1)).toEqual({
      operation: 3,
      change: 10000,
      balance_after: 20000,
      reference: placed.orderNo,
    });
    const [ticket] = await queryRows<{ status: number }>(
      db(),
      sql`select status from order_tickets where id = ${placed.tickets[0]!.id}`,
    );
    expect(Number(ticket!.status)).toBe(203);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('a redeem code gives one coupon, once', async () => {
    const couponId = await coupon({ name: '兑换码券', coupon_type: 2 });
    await db().execute(
      sql`insert into coupon_codes (scenic_id, coupon_id, code) values (${f.scenicId}, ${couponId}, 'ABCD2345EFGH')`,
    );
    const m = await signIn();
    const other = await signIn();
    const first = await call('POST', memberApi.redeem, { code: 'abcd2345efgh' }, asMember(m.token));
    expect(first.statusCode, first.body).toBe(200);
    expect(
      (await call('POST', memberApi.redeem, { code: 'ABCD2345EFGH' }, asMember(other.token))).statusCode,
    ).toBe(409);
    expect(
      (await call('POST', memberApi.redeem, { code: 'ZZZZ9999ZZZZ' }, asMember(other.token))).statusCode,
    ).toBe(404);
    // not claimable in the coupon centre
    expect((await call('POST', memberApi.claim, { couponId }, asMember(other.token))).statusCode).toBe(409);
    const mine = await call('GET', memberApi.coupons, undefined, asMember(m.token));
    expect(mine.json<{ data: { couponId: number }[] }>().data.map((c) => c.couponId)).toEqual([couponId]);
  });
});

describe('travellers', () => {
  it('saves, lists and removes the member’s own travellers; a bad ID number is a 400, a duplicate 409', async () => {
    const m = await signIn();
    const other = await signIn();
    const add = (body: unknown, token = m.token) =>
      call('POST', memberApi.addTraveller, body, asMember(token));
    const saved = await add({
      name: '张三',
      idType: 1,
      idNumber: '110101199001010015',
      phone: '13900000001',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { id } = saved.json<{ data: { id: number } }>().data;
    expect((await add({ name: '张三', idNumber: '110101199001010015' })).statusCode).toBe(409);
    const bad = await add({ name: '李四', idNumber: '110101199001010016' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('idNumber');
    const list = await call('GET', memberApi.travellers, undefined, asMember(m.token));
    expect(list.json<{ data: { idNumber: string }[] }>().data).toEqual([
      expect.objectContaining({ idNumber: '110101199001010015' }),
    ]);
    expect(
      (await call('GET', `${memberApi.deleteTraveller}?id=${id}`, undefined, asMember(other.token)))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `${memberApi.deleteTraveller}?id=${id}`, undefined, asMember(m.token))).statusCode,
    ).toBe(200);
  });
});

describe('sign-in by SMS code (template 1)', () => {
  const codeSentTo = async (phone: string) => {
    const [row] = await queryRows<{ code: string }>(
      db(),
      sql`select variables->>'code' as code from outbox_messages
          where scenic_id = ${f.scenicId} and template = 1 and recipient = ${phone} order by id desc limit 1`,
    );
    return row?.code ?? '';
  };

  it('sends a code through the outbox; a wrong code is a 400 on code, the right one signs in once', async () => {
    // the area has no verification template yet: 409
    const phone = newPhone();
    expect((await call('POST', memberApi.smsCode, { phone })).statusCode).toBe(409);
    await db().execute(
      sql`insert into sms_templates (scenic_id, template, content) values (${f.scenicId}, 1, '验证码\${code}')`,
    );
    const sent = await call('POST', memberApi.smsCode, { phone });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ data: { resendAfterSeconds: number } }>().data.resendAfterSeconds).toBe(60);
    const code = await codeSentTo(phone);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await queryRows<{ code_hash: string }>(
      db(),
      sql`select code_hash from sms_codes where phone = ${phone}`,
    );
    expect(stored!.code_hash).not.toContain(code);
    // again within a minute: 429 saying how long to wait
    const soon = await call('POST', memberApi.smsCode, { phone });
    expect(soon.statusCode).toBe(429);
    expect(soon.json<{ msg: string }>().msg).toMatch(/\d+ 秒后/);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect400(await call('POST', memberApi.login, { phone, code: wrong }), 'code');
    expect400(await call('POST', memberApi.login, { phone, code: '12ab' }), 'code');
    const ok = await call('POST', memberApi.login, { phone, code });
    expect(ok.statusCode, ok.body).toBe(200);
    // used once
    expect400(await call('POST', memberApi.login, { phone, code }), 'code');
    expect400(await call('POST', memberApi.smsCode, { phone: '1234' }), 'phone');
  });

  it('five wrong tries kill the code', async () => {
    const phone = newPhone();
    expect((await call('POST', memberApi.smsCode, { phone })).statusCode).toBe(200);
    const code = await codeSentTo(phone);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      expect400(await call('POST', memberApi.login, { phone, code: wrong }), 'code');
    expect400(await call('POST', memberApi.login, { phone, code }), 'code');
  });

  it('five codes an hour per phone, twenty per address (429 beyond)', async () => {
    const { sendVerificationCode } = await import('../messaging/index.ts');
    const phone = newPhone();
    const start = Date.now();
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    for (let i = 0; i < 5; i++)
      await sendVerificationCode(db(), {
        scenicId: f.scenicId,
        phone,
        clientIp: '203.0.113.9',
        now: at(i * 2),
      });
    await expect(
      sendVerificationCode(db(), { scenicId: f.scenicId, phone, clientIp: '203.0.113.9', now: at(11) }),
    ).rejects.toMatchObject({ statusCode: 429, msgKey: 'smsCodeLimit' });
    // an hour after the first, one more
    await sendVerificationCode(db(), { scenicId: f.scenicId, phone, clientIp: '203.0.113.9', now: at(61) });
    // 4 of the first five are still within the hour, and the one at 61: 15 more make 20
    for (let i = 0; i < 15; i++)
      await sendVerificationCode(db(), {
        scenicId: f.scenicId,
        phone: newPhone(),
        clientIp: '203.0.113.9',
        now: at(62),
      });
    await expect(
      sendVerificationCode(db(), {
        scenicId: f.scenicId,
        phone: newPhone(),
        clientIp: '203.0.113.9',
        now: at(62),
      }),
    ).rejects.toMatchObject({ statusCode: 429, msgKey: 'smsCodeLimit' });
  });
});
