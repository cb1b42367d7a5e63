import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  couponApi as api,
  couponCodeApi as codeApi,
  couponRecordApi as recordApi,
  CouponUpdateSchema,
  REDEEM_CODE_ALPHABET,
  type CouponCodeRow,
  type CouponOption,
  type CouponProductOption,
  type CouponRecordRow,
  type CouponRow,
} from '../../../shared/api/coupons.ts';
import { auditLogApi } from '../../../shared/api/logs.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { demoAreas } from '../../test/areas.ts';
import { members } from '../members/index.ts';
import { ticketOrders } from '../orders/index.ts';
import { runCouponJobs } from './coupons.jobs.ts';
import { giveCoupon, redeemCode } from './coupons.service.ts';
import { couponCodes, memberCoupons } from './coupons.table.ts';

// Over HTTP on a real database: /promotion/ticcoupon (coupons, pickers, redeem codes, staff issue),
// /promotion/couponRecord, the coupon services and the expiry job.
let t: TestApp;
let db: Db;
const tok: Record<string, string> = {};
let qsh: number;
let ylgz: number;
/** Members of the tests (phones outside the demo's range), in the demo area and in the other one. */
const mem: number[] = [];
let foreignMember: number;

const ALL = [
  'admin:coupon:page',
  'admin:coupon:edit',
  'admin:coupon:codes',
  'admin:coupon:issue',
  'admin:couponRecord:page',
] as const;

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);

function expectStatus(res: { statusCode: number; body: string }, status: number, field?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (field !== undefined) expect(JSON.parse(res.body).data?.field).toBe(field);
}

const data = <T>(res: { statusCode: number; body: string; json: () => unknown }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
};

const list = async (body: Record<string, unknown> = {}, who = 'admin') =>
  data<{ rows: CouponRow[]; total: number }>(await call(who, 'POST', api.page, { limit: 100, ...body }));

const records = async (body: Record<string, unknown> = {}, who = 'admin') =>
  data<{ rows: CouponRecordRow[]; total: number }>(
    await call(who, 'POST', recordApi.page, { limit: 100, ...body }),
  );

const byName = async (name: string) => (await list({ name })).rows.find((r) => r.name === name)!;

const FIXED = { validityKind: 1, validFrom: '2030-01-01', validTo: '2030-12-31' };

async function create(body: Record<string, unknown>, who = 'admin') {
  return data<CouponRow>(await call(who, 'POST', api.create, { totalQuantity: 100, ...FIXED, ...body }));
}

const phone = (n: number) => `100000${String(n).padStart(5, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  db = t.database.db;
  ({ qsh, ylgz } = await demoAreas(db));
  const made = await db
    .insert(members)
    .values(
      Array.from({ length: 6 }, (_, i) => ({ scenicId: qsh, phone: phone(i + 1), nickname: `测试${i + 1}` })),
    )
    .returning({ id: members.id });
  mem.push(...made.map((m) => m.id));
  const [foreign] = await db
    .insert(members)
    .values({ scenicId: ylgz, phone: phone(99), nickname: '外区' })
    .returning({ id: members.id });
  foreignMember = foreign!.id;
  await t.grant('staff', ['admin:coupon:page', 'admin:couponRecord:page']);
  await t.grant('yunling', ALL);
  for (const name of ['admin', 'staff', 'yunling', 'shop']) tok[name] = (await t.login(name)).access_token;
});
afterAll(() => t.close());

describe('demo coupons', () => {
  it('keeps each coupon’s given-out count equal to the member coupons it has', async () => {
    const counts = rowsOf<{ id: number; issued: number; held: number }>(
      await db.execute(sql`select c.id, c.issued, (select count(*)::int from member_coupons m where m.coupon_id = c.id) as held
            from coupons c`),
    );
    expect(counts.length).toBeGreaterThanOrEqual(6);
    for (const c of counts) expect(Number(c.issued), `coupon ${c.id}`).toBe(Number(c.held));
    // no used coupon without a real order
    const fake = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from member_coupons m
            where m.status = 201 and not exists (select 1 from ticket_orders o where o.order_no = m.used_order_no)`),
    );
    expect(Number(fake[0]!.n)).toBe(0);
    // with the members module's demo members: a few hundred held, unused and expired
    const [{ n: demoMembers } = { n: 0 }] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from members where scenic_id = ${qsh} and phone not like '100000%'`,
      ),
    );
    if (Number(demoMembers) >= 520) {
      const states = rowsOf<{ status: number; n: number }>(
        await db.execute(
          sql`select status, count(*)::int as n from member_coupons where scenic_id = ${qsh} group by status`,
        ),
      );
      const by = new Map(states.map((s) => [Number(s.status), Number(s.n)]));
      expect(by.get(101)).toBeGreaterThan(200);
      expect(by.get(301)).toBeGreaterThan(100);
      // expired ones are past their end, unused ones are not
      const wrong = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from member_coupons
              where (status = 301 and valid_until > now()) or (status = 101 and valid_until <= now())`),
      );
      expect(Number(wrong[0]!.n)).toBe(0);
    }
  });

  it('lists six coupons over every type, use and scope, one off the shelf, with 50 codes', async () => {
    const { rows, total } = await list();
    expect(total).toBe(6);
    expect(new Set(rows.map((r) => r.couponType))).toEqual(new Set([0, 1, 2]));
    expect(new Set(rows.map((r) => r.useType))).toEqual(new Set([0, 1, 2]));
    expect(rows.filter((r) => r.status === 1).map((r) => r.name)).toEqual(['国庆特惠']);
    const percent = rows.find((r) => r.name === '门票9折')!;
    expect(percent).toMatchObject({ discountKind: 2, percent: 90, scope: 1 });
    expect(percent.productNames).toHaveLength(2);
    const code = rows.find((r) => r.name === '兑换码券')!;
    expect(code.codes).toBe(50);
    const redeemed = await db
      .select()
      .from(couponCodes)
      .where(and(eq(couponCodes.couponId, code.id), sql`${couponCodes.redeemedBy} is not null`));
    expect(code.codesRedeemed).toBe(redeemed.length);
    for (const r of redeemed) expect(r.memberCouponId).not.toBeNull();
  });
});

describe('coupons (/promotion/ticcoupon)', () => {
  it('filters by name, type, use and status, and sorts by quantity', async () => {
    expect((await list({ name: '满100' })).rows.map((r) => r.name)).toEqual(['满100减20']);
    expect((await list({ couponType: 2 })).rows.map((r) => r.name)).toEqual(['兑换码券']);
    expect((await list({ useType: 2 })).rows.map((r) => r.name)).toEqual(['商城满50减5']);
    expect((await list({ status: 1 })).rows.map((r) => r.name)).toEqual(['国庆特惠']);
    const sorted = (await list({ sort: 'totalQuantity', order: 'desc' })).rows.map((r) => r.totalQuantity);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
  });

  it('creates, reads, edits, shelves and deletes a coupon, each change audited', async () => {
    const made = await create({
      name: '测试满减',
      amountOff: 1550,
      minSpend: 5000,
      percent: 80,
      validDays: 9,
    });
    // the unused terms of the chosen kinds are reset
    expect(made).toMatchObject({
      amountOff: 1550,
      minSpend: 5000,
      percent: 100,
      validDays: 0,
      status: 1,
      issued: 0,
      used: 0,
      couponType: 0,
      useType: 1,
    });
    expect(data<CouponRow>(await call('admin', 'GET', `${api.query}?id=${made.id}`)).name).toBe('测试满减');

    const edited = data<CouponRow>(
      await call('admin', 'POST', api.update, {
        id: made.id,
        discountKind: 2,
        percent: 85,
        validityKind: 2,
        validDays: 7,
      }),
    );
    expect(edited).toMatchObject({
      discountKind: 2,
      percent: 85,
      amountOff: 0,
      validFrom: null,
      validDays: 7,
    });

    expectStatus(await call('admin', 'POST', api.status, { ids: [made.id], status: 0 }), 200);
    expect((await byName('测试满减')).status).toBe(0);
    expectStatus(await call('admin', 'GET', `${api.delete}?id=${made.id}`), 200);
    expectStatus(await call('admin', 'GET', `${api.query}?id=${made.id}`), 404);

    const audit = data<{ rows: { action: string; targetId: string }[] }>(
      await call('admin', 'POST', auditLogApi.page, { module: 'promotion', limit: 20 }),
    );
    expect(audit.rows.filter((r) => r.targetId === String(made.id)).map((r) => r.action)).toEqual([
      'delete',
      'status',
      'update',
      'create',
    ]);
  });

  it('limits a coupon to chosen tickets of the area only', async () => {
    const products = data<CouponProductOption[]>(await call('admin', 'GET', api.productOptions));
    expect(products.length).toBeGreaterThan(1);
    const [a, b] = products;
    const made = await create({
      name: '指定票券',
      scope: 1,
      productIds: [b!.id, a!.id],
      discountKind: 2,
      percent: 95,
    });
    expect(made.productIds).toEqual([b!.id, a!.id]);
    expect(made.productNames).toEqual([b!.name, a!.name]);
    // back to all products: the list is emptied
    const all = data<CouponRow>(await call('admin', 'POST', api.update, { id: made.id, scope: 0 }));
    expect(all.productIds).toEqual([]);

    const foreign = await db.execute(sql`select id from ticket_products where scenic_id = ${ylgz} limit 1`);
    const foreignId = rowsOf<{ id: number }>(foreign)[0]?.id ?? 999_999;
    expectStatus(
      await call('admin', 'POST', api.create, {
        name: '外区票',
        totalQuantity: 5,
        ...FIXED,
        amountOff: 100,
        scope: 1,
        productIds: [a!.id, foreignId],
      }),
      400,
      'productIds',
    );
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const before = (await list()).total;
    const bad: [Record<string, unknown>, string][] = [
      [{ name: '', amountOff: 100 }, 'name'],
      [{ name: '无额', amountOff: 0 }, 'amountOff'],
      [{ name: '超门槛', amountOff: 6000, minSpend: 5000 }, 'amountOff'],
      [{ name: '全价', discountKind: 2, percent: 100 }, 'percent'],
      [{ name: '无票', amountOff: 100, scope: 1, productIds: [] }, 'productIds'],
      [{ name: '商城指定', amountOff: 100, useType: 2, scope: 1, productIds: [1] }, 'scope'],
      [{ name: '倒序', amountOff: 100, validFrom: '2030-02-01', validTo: '2030-01-01' }, 'validTo'],
      [{ name: '无天数', amountOff: 100, validityKind: 2, validDays: 0 }, 'validDays'],
      [{ name: '无总量', amountOff: 100, totalQuantity: 0 }, 'totalQuantity'],
      [{ name: '多余', amountOff: 100, extra: 1 }, 'extra'],
    ];
    for (const [body, field] of bad)
      expectStatus(
        await call('admin', 'POST', api.create, { totalQuantity: 10, ...FIXED, ...body }),
        400,
        field,
      );
    expect((await list()).total).toBe(before);

    // an update is checked on the merged record
    const general = await byName('满100减20');
    expectStatus(await call('admin', 'POST', api.update, { id: general.id, scope: 1 }), 400, 'productIds');
    expectStatus(
      await call('admin', 'POST', api.update, { id: general.id, validTo: '2000-01-01' }),
      400,
      'validTo',
    );
    expectStatus(
      await call('admin', 'POST', api.update, { id: general.id, couponType: 2 }),
      400,
      'couponType',
    );
    // the edit form sends every term: they are checked before anything is sent
    const terms = {
      id: general.id,
      useType: 1,
      scope: 0,
      productIds: [],
      discountKind: 2,
      amountOff: 0,
      percent: 100,
      minSpend: 0,
      validityKind: 2,
      validFrom: null,
      validTo: null,
      validDays: 30,
    };
    expect(CouponUpdateSchema.safeParse(terms).error?.issues[0]?.path).toEqual(['percent']);
    expect(CouponUpdateSchema.safeParse({ ...terms, percent: 90 }).success).toBe(true);
  });

  it('keeps the total at least what was given out, and refuses to delete a coupon given out', async () => {
    const made = await create({ name: '少量券', amountOff: 100, totalQuantity: 3, status: 0 });
    await db.transaction((tx) =>
      giveCoupon(tx, { scenicId: qsh, couponId: made.id, memberId: mem[0]!, receiveWay: 1 }),
    );
    await db.transaction((tx) =>
      giveCoupon(tx, { scenicId: qsh, couponId: made.id, memberId: mem[1]!, receiveWay: 1 }),
    );
    expectStatus(
      await call('admin', 'POST', api.update, { id: made.id, totalQuantity: 1 }),
      409,
      'totalQuantity',
    );
    expect(
      data<CouponRow>(await call('admin', 'POST', api.update, { id: made.id, totalQuantity: 2 }))
        .totalQuantity,
    ).toBe(2);
    const refused = await call('admin', 'GET', `${api.delete}?id=${made.id}`);
    expectStatus(refused, 409);
    expect(refused.json().msg).toContain('少量券');
    expect((await byName('少量券')).issued).toBe(2);
  });

  it('exports the filtered coupons as .xlsx', async () => {
    const res = await call('admin', 'POST', api.export, { couponType: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('新人注册礼');
    expect(text).toContain('满 50 减 10 元');
    expect(text).not.toContain('满100减20');
  });

  it('answers the pickers of docs/product.md §7: selectList and selectCouByIds', async () => {
    const onShelf = data<CouponOption[]>(await call('admin', 'GET', api.selectList));
    expect(onShelf.every((c) => c.status === 0)).toBe(true);
    expect(onShelf.map((c) => c.name)).not.toContain('国庆特惠');
    expect(onShelf.map((c) => c.name)).toEqual(
      expect.arrayContaining(['新人注册礼', '满100减20', '商城满50减5']),
    );
    const tickets = data<CouponOption[]>(await call('admin', 'GET', `${api.selectList}?useType=1`));
    expect(new Set(tickets.map((c) => c.useType))).toEqual(new Set([0, 1]));
    const gift = onShelf.find((c) => c.name === '新人注册礼')!;
    expect(gift.remaining).toBe(10000 - (await byName('新人注册礼')).issued);

    const ended = await byName('国庆特惠');
    const byIds = data<CouponOption[]>(
      await call('admin', 'GET', `${api.selectCouByIds}?ids=${gift.id},${ended.id}`),
    );
    expect(byIds.map((c) => c.name)).toEqual(['新人注册礼', '国庆特惠']);
    expectStatus(await call('admin', 'GET', `${api.selectCouByIds}?ids=1,x`), 400, 'ids');
    // another area's coupons are left out
    expect(
      data<CouponOption[]>(await call('yunling', 'GET', `${api.selectCouByIds}?ids=${gift.id}`)),
    ).toEqual([]);
    expect(data<CouponOption[]>(await call('yunling', 'GET', api.selectList))).toEqual([]);
  });

  it('refuses callers without the permission (403)', async () => {
    expectStatus(await call('shop', 'POST', api.page, {}), 403);
    expectStatus(await call('shop', 'POST', recordApi.page, {}), 403);
    expectStatus(await call('shop', 'GET', api.selectList), 403);
    // staff may look, not change
    expectStatus(await call('staff', 'POST', api.page, {}), 200);
    const general = await byName('满100减20');
    expectStatus(
      await call('staff', 'POST', api.create, { name: 'x', totalQuantity: 1, amountOff: 1, ...FIXED }),
      403,
    );
    expectStatus(await call('staff', 'POST', api.update, { id: general.id, name: 'x' }), 403);
    expectStatus(await call('staff', 'POST', api.status, { ids: [general.id], status: 1 }), 403);
    expectStatus(await call('staff', 'GET', `${api.delete}?id=${general.id}`), 403);
    expectStatus(await call('staff', 'POST', api.generateCodes, { id: general.id, count: 1 }), 403);
    expectStatus(await call('staff', 'POST', codeApi.page, { couponId: general.id }), 403);
    expectStatus(await call('staff', 'POST', api.issue, { couponId: general.id, phones: [phone(1)] }), 403);
    expect((await byName('满100减20')).name).toBe('满100减20');
  });

  it('hides another area’s coupons, codes and member coupons (404 on writes)', async () => {
    const general = await byName('满100减20');
    const code = await byName('兑换码券');
    expect((await list({}, 'yunling')).total).toBe(0);
    expectStatus(await call('yunling', 'GET', `${api.query}?id=${general.id}`), 404);
    expectStatus(await call('yunling', 'POST', api.update, { id: general.id, name: '改' }), 404);
    expectStatus(await call('yunling', 'POST', api.status, { ids: [general.id], status: 1 }), 404);
    expectStatus(await call('yunling', 'GET', `${api.delete}?id=${general.id}`), 404);
    expectStatus(await call('yunling', 'POST', api.generateCodes, { id: code.id, count: 1 }), 404);
    expectStatus(
      await call('yunling', 'POST', api.issue, { couponId: general.id, memberIds: [foreignMember] }),
      404,
    );
    expect(
      data<{ total: number }>(await call('yunling', 'POST', codeApi.page, { couponId: code.id })).total,
    ).toBe(0);
    expect((await records({}, 'yunling')).total).toBe(0);
    expect((await byName('满100减20')).status).toBe(0);
    // and the area's coupon cannot go to another area's member
    expectStatus(
      await call('admin', 'POST', api.issue, { couponId: general.id, memberIds: [foreignMember] }),
      409,
      'memberIds',
    );
  });
});

describe('redeem codes', () => {
  it('generates unguessable codes of a redeem-code coupon, never more than its total, and exports them', async () => {
    const coupon = await create({ name: '码券', couponType: 2, amountOff: 500, totalQuantity: 8, status: 0 });
    const made = data<{ created: number; total: number }>(
      await call('admin', 'POST', api.generateCodes, { id: coupon.id, count: 5 }),
    );
    expect(made).toEqual({ created: 5, total: 5 });
    const page = data<{ rows: CouponCodeRow[]; total: number }>(
      await call('admin', 'POST', codeApi.page, { couponId: coupon.id }),
    );
    expect(page.total).toBe(5);
    const pattern = new RegExp(`^[${REDEEM_CODE_ALPHABET}]{12}$`);
    for (const r of page.rows) expect(r.code).toMatch(pattern);
    expect(new Set(page.rows.map((r) => r.code)).size).toBe(5);

    expectStatus(await call('admin', 'POST', api.generateCodes, { id: coupon.id, count: 4 }), 409, 'count');
    expectStatus(
      await call('admin', 'POST', api.update, { id: coupon.id, totalQuantity: 4 }),
      409,
      'totalQuantity',
    );
    expectStatus(await call('admin', 'POST', api.generateCodes, { id: coupon.id, count: 0 }), 400, 'count');
    const general = await byName('满100减20');
    expectStatus(await call('admin', 'POST', api.generateCodes, { id: general.id, count: 1 }), 409);

    // one is redeemed: the list says by whom (phone masked without admin:user:phone) and filters
    const first = page.rows[0]!.code;
    await db.transaction((tx) =>
      redeemCode(tx, { scenicId: qsh, memberId: mem[2]!, code: first.toLowerCase() }),
    );
    await t.grant('staff', ['admin:coupon:codes']);
    tok.staff = (await t.login('staff')).access_token;
    const redeemed = data<{ rows: CouponCodeRow[] }>(
      await call('staff', 'POST', codeApi.page, { couponId: coupon.id, redeemed: true }),
    ).rows;
    expect(redeemed).toHaveLength(1);
    expect(redeemed[0]).toMatchObject({
      code: first,
      redeemed: true,
      memberNickname: '测试3',
      memberPhone: '100****0003',
    });
    const full = data<{ rows: CouponCodeRow[] }>(
      await call('admin', 'POST', codeApi.page, { couponId: coupon.id, code: first.slice(2, 8) }),
    ).rows;
    expect(full.map((r) => r.memberPhone)).toEqual([phone(3)]);

    const res = await call('admin', 'POST', codeApi.export, { couponId: coupon.id });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    for (const r of page.rows) expect(text).toContain(r.code);
    expect(text).toContain('已兑换');
  });

  it('redeems a code once: a second redeem, or an unknown code, is refused', async () => {
    const coupon = await create({
      name: '一次码',
      couponType: 2,
      amountOff: 500,
      totalQuantity: 5,
      status: 0,
    });
    data(await call('admin', 'POST', api.generateCodes, { id: coupon.id, count: 1 }));
    const [row] = await db.select().from(couponCodes).where(eq(couponCodes.couponId, coupon.id));
    const first = await db.transaction((tx) =>
      redeemCode(tx, { scenicId: qsh, memberId: mem[3]!, code: ` ${row!.code} ` }),
    );
    expect(first.couponId).toBe(coupon.id);
    const again = db.transaction((tx) =>
      redeemCode(tx, { scenicId: qsh, memberId: mem[4]!, code: row!.code }),
    );
    await expect(again).rejects.toMatchObject({ statusCode: 409, msgKey: 'redeemCodeUsed' });
    const unknown = db.transaction((tx) =>
      redeemCode(tx, { scenicId: qsh, memberId: mem[4]!, code: 'ZZZZZZZZZZZZ' }),
    );
    await expect(unknown).rejects.toMatchObject({ statusCode: 404, msgKey: 'redeemCodeNotFound' });
    // another area cannot redeem it
    const foreign = db.transaction((tx) =>
      redeemCode(tx, { scenicId: ylgz, memberId: foreignMember, code: row!.code }),
    );
    await expect(foreign).rejects.toMatchObject({ statusCode: 404, msgKey: 'redeemCodeNotFound' });
    expect((await byName('一次码')).issued).toBe(1);
  });
});

describe('giving coupons (the service)', () => {
  const give = (couponId: number, memberId: number, anyShelf = false) =>
    db.transaction((tx) => giveCoupon(tx, { scenicId: qsh, couponId, memberId, receiveWay: 1, anyShelf }));

  it('refuses an off-shelf coupon (unless staff give it), a sold-out one, and one past the per-member limit', async () => {
    const off = await create({ name: '下架券', amountOff: 100, totalQuantity: 5, status: 1 });
    await expect(give(off.id, mem[0]!)).rejects.toMatchObject({ statusCode: 409, msgKey: 'couponOffShelf' });
    await give(off.id, mem[0]!, true);

    const one = await create({ name: '仅一张', amountOff: 100, totalQuantity: 1, status: 0 });
    await give(one.id, mem[0]!);
    await expect(give(one.id, mem[1]!)).rejects.toMatchObject({ statusCode: 409, msgKey: 'couponSoldOut' });

    const two = await create({
      name: '限两张',
      amountOff: 100,
      totalQuantity: 10,
      perMemberLimit: 2,
      status: 0,
    });
    await give(two.id, mem[0]!);
    await give(two.id, mem[0]!);
    await expect(give(two.id, mem[0]!)).rejects.toMatchObject({
      statusCode: 409,
      msgKey: 'couponLimitReached',
    });
    await expect(
      db.transaction((tx) =>
        giveCoupon(tx, { scenicId: qsh, couponId: two.id, memberId: foreignMember, receiveWay: 1 }),
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    // refusals roll back: the counts are those of the coupons given
    expect((await byName('仅一张')).issued).toBe(1);
    expect((await byName('限两张')).issued).toBe(2);
    expect((await byName('下架券')).issued).toBe(1);
  });

  it('lets staff issue a coupon to members by phone or id, all or none', async () => {
    const coupon = await create({ name: '客服补偿券', amountOff: 800, totalQuantity: 4, status: 1 });
    const given = data<{ given: number }>(
      await call('admin', 'POST', api.issue, {
        couponId: coupon.id,
        phones: [phone(1)],
        memberIds: [mem[1]!, mem[0]!],
      }),
    );
    expect(given).toEqual({ given: 2 });
    const held = await records({ couponId: coupon.id });
    expect(held.rows.map((r) => r.receiveWay)).toEqual([4, 4]);
    expect(held.rows.map((r) => r.status)).toEqual([101, 101]);

    // an unknown phone, the limit of one member, or too few left: nothing is given
    expectStatus(
      await call('admin', 'POST', api.issue, { couponId: coupon.id, phones: [phone(3), '19999999999'] }),
      409,
      'phones',
    );
    const limit = await call('admin', 'POST', api.issue, {
      couponId: coupon.id,
      memberIds: [mem[2]!, mem[0]!],
    });
    expectStatus(limit, 409);
    expect(limit.json().msg).toContain(phone(1));
    expectStatus(
      await call('admin', 'POST', api.issue, { couponId: coupon.id, memberIds: [mem[2]!, mem[3]!, mem[4]!] }),
      409,
    );
    expectStatus(await call('admin', 'POST', api.issue, { couponId: coupon.id }), 400, 'phones');
    expect((await byName('客服补偿券')).issued).toBe(2);
    expect((await records({ couponId: coupon.id })).total).toBe(2);
  });
});

describe('member coupons (/promotion/couponRecord)', () => {
  it('lists by member, phone, coupon, state and receive way; masks phones without admin:user:phone', async () => {
    const coupon = await create({
      name: '记录券',
      amountOff: 300,
      totalQuantity: 10,
      perMemberLimit: 3,
      status: 0,
    });
    for (const m of [mem[4]!, mem[4]!, mem[5]!])
      await db.transaction((tx) =>
        giveCoupon(tx, { scenicId: qsh, couponId: coupon.id, memberId: m, receiveWay: 1 }),
      );
    const mine = await records({ memberId: mem[4]! });
    expect(mine.rows.filter((r) => r.couponId === coupon.id)).toHaveLength(2);
    expect(mine.rows.every((r) => r.memberId === mem[4])).toBe(true);
    const byPhone = await records({ phone: phone(6), couponId: coupon.id });
    expect(byPhone.rows.map((r) => r.memberPhone)).toEqual([phone(6)]);
    expect(byPhone.rows[0]).toMatchObject({
      couponName: '记录券',
      memberNickname: '测试6',
      status: 101,
      receiveWay: 1,
    });
    const masked = await records({ phone: phone(6), couponId: coupon.id }, 'staff');
    expect(masked.rows.map((r) => r.memberPhone)).toEqual(['100****0006']);
    expect((await records({ couponId: coupon.id, receiveWay: 4 })).total).toBe(0);
    expect((await records({ couponId: coupon.id, status: 301 })).total).toBe(0);

    const from = new Date(Date.now() - 60_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    expect((await records({ couponId: coupon.id, receivedFrom: from, receivedTo: to })).total).toBe(3);
    expect((await records({ couponId: coupon.id, receivedTo: from })).total).toBe(0);
    expectStatus(
      await call('admin', 'POST', recordApi.page, { receivedFrom: to, receivedTo: from }),
      400,
      'receivedTo',
    );
    expectStatus(await call('admin', 'POST', recordApi.page, { status: 102 }), 400, 'status');
  });

  it('links a used coupon to the order that spent it, and exports the list', async () => {
    const [order] = await db.select().from(ticketOrders).where(eq(ticketOrders.scenicId, qsh)).limit(1);
    const coupon = await create({ name: '已用券', amountOff: 300, totalQuantity: 10, status: 0 });
    const { memberCouponId } = await db.transaction((tx) =>
      giveCoupon(tx, { scenicId: qsh, couponId: coupon.id, memberId: mem[5]!, receiveWay: 1 }),
    );
    const orderNo = order?.orderNo ?? 'NO-SUCH-ORDER';
    await db
      .update(memberCoupons)
      .set({ status: 201, usedOrderNo: orderNo, usedAt: new Date(), discountAmount: 300 })
      .where(eq(memberCoupons.id, memberCouponId));
    const [row] = (await records({ couponId: coupon.id })).rows;
    expect(row).toMatchObject({
      status: 201,
      usedOrderNo: orderNo,
      usedOrderId: order?.id ?? null,
      discountAmount: 300,
    });
    expect(
      data<{ id: number; name: string }[]>(await call('admin', 'GET', recordApi.coupons)).map((c) => c.name),
    ).toContain('已用券');
    expect((await byName('已用券')).used).toBe(1);

    const res = await call('staff', 'POST', recordApi.export, { couponId: coupon.id });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('已用券');
    expect(text).toContain('100****0006');
    expect(text).toContain(orderNo);
  });

  it('expires unused coupons past their end in the job, not those an order holds', async () => {
    const coupon = await create({
      name: '将过期',
      amountOff: 300,
      totalQuantity: 10,
      perMemberLimit: 2,
      status: 0,
    });
    const past = new Date(Date.now() - 1000);
    const a = await db.transaction((tx) =>
      giveCoupon(tx, { scenicId: qsh, couponId: coupon.id, memberId: mem[0]!, receiveWay: 1 }),
    );
    const b = await db.transaction((tx) =>
      giveCoupon(tx, { scenicId: qsh, couponId: coupon.id, memberId: mem[1]!, receiveWay: 1 }),
    );
    await db.update(memberCoupons).set({ validUntil: past }).where(eq(memberCoupons.couponId, coupon.id));
    await db
      .update(memberCoupons)
      .set({ reservedOrderNo: 'HELD-BY-ORDER' })
      .where(eq(memberCoupons.id, b.memberCouponId));
    const result = await runCouponJobs(db);
    expect(result!.expired).toBeGreaterThanOrEqual(1);
    const after = await db.select().from(memberCoupons).where(eq(memberCoupons.couponId, coupon.id));
    expect(after.find((r) => r.id === a.memberCouponId)!.status).toBe(301);
    expect(after.find((r) => r.id === b.memberCouponId)!.status).toBe(101);
    expect((await records({ couponId: coupon.id, status: 301 })).total).toBe(1);
  });
});
