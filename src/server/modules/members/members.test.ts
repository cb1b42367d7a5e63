import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogApi } from '../../../shared/api/logs.ts';
import {
  userApi,
  memberLevelApi,
  rechargeApi,
  rechargeRuleApi,
  travellerApi,
  type LedgerRow,
  type LevelHistoryRow,
  type MemberDetail,
  type MemberLevelRow,
  type MemberRow,
  type RechargeRow,
  type RechargeRuleRow,
  type RechargeTotals,
  type TravellerRow,
} from '../../../shared/api/members.ts';
import { isValidIdNumber } from '../../../shared/api/staff-cards.ts';
import { queryRows } from '../../db/rows.ts';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, xlsxText, type TestApp } from '../../test/harness.ts';
import { callsAs, data, expect400 } from '../../test/replies.ts';
import { createTraveller, ledgerMismatches } from './index.ts';

let t: TestApp;
const tok: Record<string, string> = {};

const { call, page } = callsAs(() => t, tok);

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** Counter consumption as the console sends it: a GET with the encrypted password. */
const consume = (
  who: string,
  params: { wxUserId: number; password: string; money: unknown; remark?: string },
) =>
  call(
    who,
    'GET',
    `${userApi.consume}?${query({
      wxUserId: params.wxUserId,
      admPassword: t.encrypt(params.password),
      conOperateMoney: String(params.money),
      conRemark: params.remark ?? '',
    })}`,
  );

const member = async (id: number, who = 'admin') =>
  data<MemberDetail>(await call(who, 'GET', `${userApi.query}?id=${id}`));

const ledgerCount = async () =>
  Number((await queryRows<{ n: number }>(t.database.db, sql`select count(*) as n from member_ledger`))[0]!.n);

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  // staff sees the screens, without whole phone and ID numbers; shop holds no member permission
  await t.grant('staff', [
    'admin:user:page',
    'admin:user:update',
    'admin:user:consume',
    'admin:memberRank:page',
    'admin:recharge:page',
    'admin:fixed:page',
    'admin:traveler:page',
  ]);
  await t.grant('yunling', [
    'admin:user:page',
    'admin:user:update',
    'admin:user:consume',
    'admin:user:adjust',
    'admin:memberRank:page',
    'admin:memberRank:edit',
    'admin:recharge:page',
    'admin:fixed:page',
    'admin:fixed:edit',
    'admin:traveler:page',
  ]);
  for (const name of ['admin', 'staff', 'shop', 'yunling']) tok[name] = (await t.login(name)).access_token;
});
afterAll(() => t.close());

describe('the demo members', () => {
  it('have balances equal to their ledgers, levels and points by their spend, valid ID numbers', async () => {
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
    const [counts] = await queryRows<Record<string, number>>(
      t.database.db,
      sql`select (select count(*) from members) as members,
            (select count(distinct level_id) from members) as levels,
            (select count(*) from member_ledger where operation = 2) as consumed,
            (select count(*) from member_level_history) as history,
            (select count(*) from recharges where status <> 201) as unpaid,
            (select count(distinct phone) from members) as phones,
            (select count(*) from members where phone is not null) as bound`,
    );
    expect(Number(counts!.members)).toBe(5000);
    expect(Number(counts!.levels)).toBe(4);
    expect(Number(counts!.consumed)).toBeGreaterThan(100);
    expect(Number(counts!.history)).toBeGreaterThan(1000);
    expect(Number(counts!.unpaid)).toBeGreaterThan(10);
    expect(Number(counts!.phones)).toBe(Number(counts!.bound));
    const [wrong] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*) as n from members m
          -- points are counted per payment (floor of each); the demo's counter spends are whole yuan
          where (points <> total_spend / 100
              and not exists (select 1 from ticket_orders o where o.member_id = m.id))
            or level_id is distinct from (
            select l.id from member_levels l where l.scenic_id = m.scenic_id and l.status = 1
              and l.threshold <= m.total_spend order by l.threshold desc limit 1)`,
    );
    expect(Number(wrong!.n)).toBe(0);
    const ids = await queryRows<{ id_number: string }>(
      t.database.db,
      sql`select id_number from travellers where id_type = 1`,
    );
    expect(ids.length).toBeGreaterThan(300);
    expect(ids.filter((r) => !isValidIdNumber(r.id_number))).toEqual([]);
  });
});

describe('members (/user/user)', () => {
  it('lists, filters and sorts the members; phones masked without admin:user:phone', async () => {
    const all = await page<MemberRow>('admin', userApi.page, { sort: 'balance', order: 'desc' });
    expect(all.total).toBe(5000);
    expect(all.rows[0]!.balance).toBeGreaterThanOrEqual(all.rows[1]!.balance);
    const full = all.rows.find((r) => r.phoneBound)!;
    expect(full.phone).toMatch(/^1\d{10}$/);

    const masked = await page<MemberRow>('staff', userApi.page, { sort: 'balance', order: 'desc' });
    expect(masked.rows[0]!.id).toBe(all.rows[0]!.id);
    expect(masked.rows.find((r) => r.id === full.id)!.phone).toBe(
      `${full.phone.slice(0, 3)}****${full.phone.slice(-4)}`,
    );
    // a whole number finds the member for both; part of one only for who sees whole numbers
    expect(
      (await page<MemberRow>('staff', userApi.page, { phone: full.phone })).rows.map((r) => r.id),
    ).toEqual([full.id]);
    expect((await page<MemberRow>('staff', userApi.page, { phone: full.phone.slice(2) })).total).toBe(0);
    expect((await page<MemberRow>('admin', userApi.page, { phone: full.phone.slice(2) })).total).toBe(1);

    const frozen = await page<MemberRow>('admin', userApi.page, { status: 2 });
    expect(frozen.total).toBeGreaterThan(0);
    expect(frozen.rows.every((r) => r.status === 2)).toBe(true);
    const levels = await data<{ id: number; name: string }[]>(await call('admin', 'GET', userApi.levels));
    expect(levels.map((l) => l.name)).toEqual(['普通会员', '银卡会员', '金卡会员', '钻石会员']);
    const diamond = await page<MemberRow>('admin', userApi.page, { levelId: levels[3]!.id, source: 1 });
    expect(
      diamond.rows.every((r) => r.levelName === '钻石会员' && r.totalSpend >= 2_000_000 && r.source === 1),
    ).toBe(true);
    const from = new Date(Date.now() - 100 * 86_400_000).toISOString();
    const recent = await page<MemberRow>('admin', userApi.page, { registeredFrom: from });
    expect(recent.total).toBeGreaterThan(0);
    expect(recent.total).toBeLessThan(5000);
    expect(recent.rows.every((r) => r.registeredAt >= from)).toBe(true);

    const res = await call('staff', 'POST', userApi.export, { levelId: levels[3]!.id });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('钻石会员');
    expect(text).toMatch(/1\d\d\*\*\*\*\d{4}/);
    expect(text).not.toContain(full.phone);
  });

  it('names the field of bad filters and refuses accounts without the permission', async () => {
    expect400(await call('admin', 'POST', userApi.page, { status: 3 }), 'status');
    expect400(await call('admin', 'POST', userApi.page, { registeredFrom: 'yesterday' }), 'registeredFrom');
    expect400(await call('admin', 'POST', userApi.page, { sort: 'phone' }), 'sort');
    for (const [method, url] of [
      ['POST', userApi.page],
      ['POST', userApi.export],
      ['POST', userApi.balDetail],
      ['GET', `${userApi.query}?id=1`],
      ['GET', `${userApi.unbindPhone}?id=1`],
      ['POST', userApi.update],
      ['POST', userApi.adjust],
      ['GET', userApi.levels],
    ] as const)
      expect((await call('shop', method, url, method === 'POST' ? {} : undefined)).statusCode, url).toBe(403);
    // consumption and adjustment have their own permissions
    expect(
      (await call('staff', 'POST', userApi.adjust, { id: 1, change: 100, reason: 'x' })).statusCode,
    ).toBe(403);
  });

  it('shows one member with its ledger and level history; another area sees neither', async () => {
    const [rich] = (
      await page<MemberRow>('admin', userApi.page, { sort: 'totalSpend', order: 'desc', limit: 10 })
    ).rows;
    const detail = await member(rich!.id);
    expect(detail).toMatchObject({ id: rich!.id, levelName: '钻石会员', levelDiscount: 90 });
    const history = await page<LevelHistoryRow>('admin', userApi.levelHistory, { memberId: rich!.id });
    expect(history.rows.map((h) => h.toLevel)).toEqual(['钻石会员', '金卡会员', '银卡会员']);
    expect(history.rows.at(-1)!.fromLevel).toBe('普通会员');

    const [topped] = await queryRows<{ member_id: number }>(
      t.database.db,
      sql`select member_id from member_ledger where operation = 2 and admin_id is not null order by member_id limit 1`,
    );
    const ledger = await page<LedgerRow>('admin', userApi.balDetail, { memberId: topped!.member_id });
    expect(ledger.rows.map((r) => r.operation)).toContain(2);
    expect(ledger.rows[0]!.balanceAfter).toBe((await member(topped!.member_id)).balance);
    // a charge at the counter names its operator (the shop's balance payments beside it name none)
    expect(ledger.rows.some((r) => r.operation === 2 && (r.operator ?? '').includes('admin'))).toBe(true);
    const tops = await page<LedgerRow>('admin', userApi.balDetail, {
      memberId: topped!.member_id,
      operation: 1,
    });
    expect(tops.rows.every((r) => r.operation === 1 && r.change > 0 && /^R\d{14}$/.test(r.reference))).toBe(
      true,
    );
    expect400(await call('admin', 'POST', userApi.balDetail, {}), 'memberId');

    expect((await call('yunling', 'GET', `${userApi.query}?id=${rich!.id}`)).statusCode).toBe(404);
    expect((await page('yunling', userApi.balDetail, { memberId: topped!.member_id })).total).toBe(0);
    expect((await page('yunling', userApi.levelHistory, { memberId: rich!.id })).total).toBe(0);
    expect((await page('yunling', userApi.page)).total).toBe(0);
  });

  it('edits a member: nickname, a level set by staff (history), freeze and unfreeze, audited', async () => {
    const levels = await data<{ id: number; name: string }[]>(await call('admin', 'GET', userApi.levels));
    const [target] = (await page<MemberRow>('admin', userApi.page, { levelId: levels[0]!.id, status: 1 }))
      .rows;
    const edited = await data<MemberRow>(
      await call('staff', 'POST', userApi.update, {
        id: target!.id,
        nickname: '新昵称',
        levelId: levels[2]!.id,
      }),
    );
    expect(edited).toMatchObject({ nickname: '新昵称', levelName: '金卡会员' });
    expect(edited.phone).toContain('****');
    const history = await page<LevelHistoryRow>('admin', userApi.levelHistory, { memberId: target!.id });
    expect(history.rows[0]).toMatchObject({ fromLevel: '普通会员', toLevel: '金卡会员', reason: 2 });

    await data(await call('staff', 'POST', userApi.update, { id: target!.id, status: 2 }));
    expect((await member(target!.id)).status).toBe(2);
    await data(await call('staff', 'POST', userApi.update, { id: target!.id, status: 1 }));

    expect400(await call('admin', 'POST', userApi.update, { id: target!.id, status: 5 }), 'status');
    expect400(await call('admin', 'POST', userApi.update, { id: target!.id, phone: '13800000000' }), 'phone');
    const yunlingLevel = await data<MemberLevelRow>(
      await call('yunling', 'POST', memberLevelApi.create, { name: '云岭会员', threshold: 0 }),
    );
    const foreign = await call('admin', 'POST', userApi.update, {
      id: target!.id,
      levelId: yunlingLevel.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(JSON.parse(foreign.body).data.field).toBe('levelId');
    expect(
      (await call('yunling', 'POST', userApi.update, { id: target!.id, nickname: 'x' })).statusCode,
    ).toBe(404);
    expect((await member(target!.id)).nickname).toBe('新昵称');

    const audit = await call('admin', 'POST', auditLogApi.page, { module: 'members', limit: 20 });
    const trail = (await data<{ rows: { action: string; targetId: string }[] }>(audit)).rows;
    expect(trail.filter((r) => r.targetId === String(target!.id)).map((r) => r.action)).toEqual([
      'update',
      'update',
      'update',
    ]);
  });

  it('unbinds a phone after which the number is free; a second unbind is a 409', async () => {
    const [bound] = (await page<MemberRow>('admin', userApi.page, { status: 1, limit: 10 })).rows.filter(
      (r) => r.phoneBound,
    );
    const res = await data<MemberRow>(await call('staff', 'GET', `${userApi.unbindPhone}?id=${bound!.id}`));
    expect(res).toMatchObject({ phoneBound: false, phone: '' });
    const again = await call('staff', 'GET', `${userApi.unbindPhone}?id=${bound!.id}`);
    expect(again.statusCode).toBe(409);
    expect(JSON.parse(again.body).msg).toBe('该会员未绑定手机号');
    expect((await page('admin', userApi.page, { phone: bound!.phone })).total).toBe(0);
    expect((await call('yunling', 'GET', `${userApi.unbindPhone}?id=1`)).statusCode).toBe(404);
    expect400(await call('staff', 'GET', `${userApi.unbindPhone}?id=x`), 'id');
  });
});

describe('counter consumption (GET /web/api/admin/user/consume)', () => {
  async function richMember() {
    const rows = (await page<MemberRow>('admin', userApi.page, { status: 1, sort: 'balance', order: 'desc' }))
      .rows;
    return rows[Math.floor(Math.random() * 20)]!;
  }

  it('with an Idempotency-Key, the same charge sent twice is taken once; the key with another amount is 409', async () => {
    const m = await richMember();
    const before = await member(m.id);
    const charge = (money: number) =>
      t.call(
        tok.admin!,
        'GET',
        `${userApi.consume}?${query({ wxUserId: m.id, admPassword: t.encrypt(ADMIN_PASSWORD), conOperateMoney: money, conRemark: '' })}`,
        undefined,
        { 'idempotency-key': `consume-${m.id}-${before.balance}` },
      );
    const first = await data<{ ledgerId: number; balance: number }>(await charge(300));
    // the encrypted password differs on every try; the charge is the same
    expect(await data<{ ledgerId: number; balance: number }>(await charge(300))).toEqual(first);
    expect((await charge(400)).statusCode).toBe(409);
    expect((await member(m.id)).balance).toBe(before.balance - 300);
  });

  it('takes the amount off the balance with its ledger row, counts it as spend, audited', async () => {
    const m = await richMember();
    const before = await member(m.id);
    const moved = await data<{ ledgerId: number; balance: number }>(
      await consume('admin', { wxUserId: m.id, password: ADMIN_PASSWORD, money: 1250, remark: '游船票' }),
    );
    expect(moved.balance).toBe(before.balance - 1250);
    const after = await member(m.id);
    expect(after).toMatchObject({
      balance: before.balance - 1250,
      totalSpend: before.totalSpend + 1250,
      points: Math.floor((before.totalSpend + 1250) / 100),
    });
    const [row] = (await page<LedgerRow>('admin', userApi.balDetail, { memberId: m.id })).rows;
    expect(row).toMatchObject({ id: moved.ledgerId, operation: 2, change: -1250, remark: '游船票' });
    // the staff account's own password
    await data(await consume('staff', { wxUserId: m.id, password: DEMO_PASSWORD, money: 100 }));
    const audit = await call('admin', 'POST', auditLogApi.page, { module: 'members', action: 'consume' });
    expect((await data<{ rows: { targetId: string }[] }>(audit)).rows.map((r) => r.targetId)).toContain(
      String(m.id),
    );
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it('moves a member up a level when the spend crosses a threshold', async () => {
    const levels = await data<{ id: number }[]>(await call('admin', 'GET', userApi.levels));
    const { rows } = await page<MemberRow>('admin', userApi.page, {
      levelId: levels[0]!.id,
      status: 1,
      sort: 'balance',
      order: 'desc',
    });
    const m = rows.find((r) => r.totalSpend + r.balance >= 100_000)!;
    await data(
      await consume('admin', { wxUserId: m.id, password: ADMIN_PASSWORD, money: 100_000 - m.totalSpend }),
    );
    expect((await member(m.id)).levelName).toBe('银卡会员');
    const [step] = (await page<LevelHistoryRow>('admin', userApi.levelHistory, { memberId: m.id })).rows;
    expect(step).toMatchObject({ fromLevel: '普通会员', toLevel: '银卡会员', reason: 1 });
  });

  it('refuses a wrong password, a bad amount, more than the balance and a frozen member, writing nothing', async () => {
    const m = await richMember();
    const before = await member(m.id);
    const ledger = await ledgerCount();

    for (const lang of ['zh', 'en']) {
      const wrong = await t.call(
        tok.admin!,
        'GET',
        `${userApi.consume}?${query({ wxUserId: m.id, admPassword: t.encrypt(DEMO_PASSWORD), conOperateMoney: 100 })}`,
        undefined,
        { 'accept-language': lang },
      );
      expect400(wrong, 'admPassword');
      expect(JSON.parse(wrong.body).msg).toBe(
        lang === 'zh' ? '操作员密码错误' : 'The operator password is wrong',
      );
    }
    // another account's password is not the operator's
    expect400(
      await consume('staff', { wxUserId: m.id, password: ADMIN_PASSWORD, money: 100 }),
      'admPassword',
    );
    expect400(
      await call(
        'admin',
        'GET',
        `${userApi.consume}?${query({ wxUserId: m.id, admPassword: 'bm90LWVuY3J5cHRlZA==', conOperateMoney: 100 })}`,
      ),
      'admPassword',
    );
    for (const money of [0, -100, 12.5, 'abc'])
      expect400(
        await consume('admin', { wxUserId: m.id, password: ADMIN_PASSWORD, money }),
        'conOperateMoney',
      );
    expect400(await consume('admin', { wxUserId: 0, password: ADMIN_PASSWORD, money: 100 }), 'wxUserId');

    const over = await consume('admin', {
      wxUserId: m.id,
      password: ADMIN_PASSWORD,
      money: before.balance + 1,
    });
    expect(over.statusCode).toBe(409);
    expect(JSON.parse(over.body).msg).toContain('会员余额不足');

    await data(await call('admin', 'POST', userApi.update, { id: m.id, status: 2 }));
    const frozen = await consume('admin', { wxUserId: m.id, password: ADMIN_PASSWORD, money: 100 });
    expect(frozen.statusCode).toBe(409);
    expect(JSON.parse(frozen.body).msg).toBe('该会员已被冻结');
    await data(await call('admin', 'POST', userApi.update, { id: m.id, status: 1 }));

    expect(
      (await consume('yunling', { wxUserId: m.id, password: DEMO_PASSWORD, money: 100 })).statusCode,
    ).toBe(404);
    expect((await consume('shop', { wxUserId: m.id, password: DEMO_PASSWORD, money: 100 })).statusCode).toBe(
      403,
    );

    const after = await member(m.id);
    expect(after.balance).toBe(before.balance);
    expect(after.totalSpend).toBe(before.totalSpend);
    expect(await ledgerCount()).toBe(ledger);
  });

  // PGlite has a single connection: parallel spends of one balance need PostgreSQL
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'never takes more than the balance under parallel spends',
    async () => {
      const m = await richMember();
      const before = await member(m.id);
      const amount = Math.floor(before.balance / 3) + 1;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          consume('admin', { wxUserId: m.id, password: ADMIN_PASSWORD, money: amount }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
      expect((await member(m.id)).balance).toBe(before.balance - 2 * amount);
      expect(await ledgerMismatches(t.database.db)).toEqual([]);
    },
  );

  it('adjusts a balance by staff either way, with a reason, never below zero', async () => {
    const m = await richMember();
    const before = await member(m.id);
    const up = await data<{ balance: number }>(
      await call('admin', 'POST', userApi.adjust, { id: m.id, change: 500, reason: '补偿' }),
    );
    expect(up.balance).toBe(before.balance + 500);
    const down = await data<{ balance: number }>(
      await call('admin', 'POST', userApi.adjust, { id: m.id, change: -200, reason: '更正' }),
    );
    expect(down.balance).toBe(before.balance + 300);
    expect400(await call('admin', 'POST', userApi.adjust, { id: m.id, change: 100, reason: ' ' }), 'reason');
    expect400(await call('admin', 'POST', userApi.adjust, { id: m.id, change: 0, reason: 'x' }), 'change');
    const below = await call('admin', 'POST', userApi.adjust, {
      id: m.id,
      change: -(before.balance + 301),
      reason: 'x',
    });
    expect(below.statusCode).toBe(409);
    expect(
      (await call('yunling', 'POST', userApi.adjust, { id: m.id, change: 1, reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await member(m.id)).balance).toBe(before.balance + 300);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });
});

describe('member levels (/user/memberRank)', () => {
  it('lists the levels with their member counts; creates, edits and deletes one, audited', async () => {
    const levels = await page<MemberLevelRow>('staff', memberLevelApi.page);
    expect(levels.rows.map((l) => [l.name, l.threshold, l.discount])).toEqual([
      ['普通会员', 0, 100],
      ['银卡会员', 100_000, 98],
      ['金卡会员', 500_000, 95],
      ['钻石会员', 2_000_000, 90],
    ]);
    expect(levels.rows.reduce((n, l) => n + l.members, 0)).toBe(5000);

    const created = await data<MemberLevelRow>(
      await call('admin', 'POST', memberLevelApi.create, {
        name: '黑金会员',
        threshold: 5_000_000,
        discount: 85,
        benefits: '门票 85 折',
        badge: '/uploads/badge.png',
      }),
    );
    expect(created).toMatchObject({ basis: 1, status: 1, members: 0 });
    const read = await data<MemberLevelRow>(
      await call('staff', 'GET', `${memberLevelApi.query}?id=${created.id}`),
    );
    expect(read.name).toBe('黑金会员');
    const edited = await data<MemberLevelRow>(
      await call('admin', 'POST', memberLevelApi.update, { id: created.id, discount: 88, status: 2 }),
    );
    expect(edited).toMatchObject({ discount: 88, status: 2, threshold: 5_000_000 });

    const taken = await call('admin', 'POST', memberLevelApi.create, { name: '重复', threshold: 500_000 });
    expect(taken.statusCode).toBe(409);
    expect(JSON.parse(taken.body).data.field).toBe('threshold');
    const takenByEdit = await call('admin', 'POST', memberLevelApi.update, { id: created.id, threshold: 0 });
    expect(takenByEdit.statusCode).toBe(409);
    // the same threshold counted in points is another level
    await data(
      await call('admin', 'POST', memberLevelApi.create, { name: '积分达人', basis: 2, threshold: 500_000 }),
    );

    await data(await call('admin', 'GET', `${memberLevelApi.delete}?id=${created.id}`));
    expect((await call('admin', 'GET', `${memberLevelApi.query}?id=${created.id}`)).statusCode).toBe(404);
    const audit = await call('admin', 'POST', auditLogApi.page, { module: 'members', limit: 50 });
    const trail = (await data<{ rows: { action: string; targetType: string; targetId: string }[] }>(audit))
      .rows;
    expect(
      trail
        .filter((r) => r.targetType === 'memberLevel' && r.targetId === String(created.id))
        .map((r) => r.action),
    ).toEqual(['delete', 'update', 'create']);
  });

  it('refuses to delete a level members hold, bad input, no permission and another area', async () => {
    const [entry] = (await page<MemberLevelRow>('admin', memberLevelApi.page)).rows;
    const held = await call('admin', 'GET', `${memberLevelApi.delete}?id=${entry!.id}`);
    expect(held.statusCode).toBe(409);
    expect(JSON.parse(held.body).msg).toContain('普通会员');
    expect400(
      await call('admin', 'POST', memberLevelApi.create, { name: 'x', threshold: 1, discount: 101 }),
      'discount',
    );
    expect400(
      await call('admin', 'POST', memberLevelApi.create, { name: 'x', threshold: 1, discount: 0 }),
      'discount',
    );
    expect400(await call('admin', 'POST', memberLevelApi.create, { name: ' ', threshold: 1 }), 'name');
    expect400(await call('admin', 'POST', memberLevelApi.create, { name: 'x', threshold: -1 }), 'threshold');
    expect400(
      await call('admin', 'POST', memberLevelApi.create, { name: 'x', threshold: 1, basis: 3 }),
      'basis',
    );
    expect400(
      await call('admin', 'POST', memberLevelApi.create, {
        name: 'x',
        threshold: 1,
        badge: 'javascript:alert(1)',
      }),
      'badge',
    );
    expect((await call('staff', 'POST', memberLevelApi.create, { name: 'x', threshold: 1 })).statusCode).toBe(
      403,
    );
    expect((await call('shop', 'POST', memberLevelApi.page, {})).statusCode).toBe(403);
    expect((await page<MemberLevelRow>('yunling', memberLevelApi.page)).rows.map((l) => l.name)).toEqual([
      '云岭会员',
    ]);
    expect((await call('yunling', 'GET', `${memberLevelApi.query}?id=${entry!.id}`)).statusCode).toBe(404);
    expect(
      (await call('yunling', 'POST', memberLevelApi.update, { id: entry!.id, name: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('yunling', 'GET', `${memberLevelApi.delete}?id=${entry!.id}`)).statusCode).toBe(404);
  });
});

describe('top-ups (/user/rechargeRecord)', () => {
  it('lists and filters the top-ups, with the totals of the filtered set and an export', async () => {
    const all = await page<RechargeRow>('staff', rechargeApi.page);
    expect(all.total).toBeGreaterThan(3000);
    expect(all.rows[0]!.memberPhone).toContain('****');
    const totals = await data<RechargeTotals>(await call('staff', 'POST', rechargeApi.totals, {}));
    const [sums] = await queryRows<{ n: number; paid: number; amount: number; gift: number }>(
      t.database.db,
      sql`select count(*) as n, count(*) filter (where status = 201) as paid,
            sum(amount) filter (where status = 201) as amount, sum(gift_amount) filter (where status = 201) as gift
          from recharges`,
    );
    expect(totals).toEqual({
      count: Number(sums!.n),
      paidCount: Number(sums!.paid),
      amount: Number(sums!.amount),
      giftAmount: Number(sums!.gift),
    });
    const pending = await page<RechargeRow>('staff', rechargeApi.page, { status: 101 });
    expect(pending.total).toBeGreaterThan(0);
    expect(pending.rows.every((r) => r.status === 101 && r.paidAt === null)).toBe(true);
    expect(
      await data<RechargeTotals>(await call('staff', 'POST', rechargeApi.totals, { status: 101 })),
    ).toMatchObject({
      count: pending.total,
      paidCount: 0,
      amount: 0,
    });

    const someone = all.rows[0]!;
    const full = (await page<RechargeRow>('admin', rechargeApi.page, { memberId: someone.memberId }))
      .rows[0]!;
    const byPhone = await page<RechargeRow>('staff', rechargeApi.page, {
      phone: full.memberPhone,
      payWay: someone.payWay,
    });
    expect(byPhone.rows.length).toBeGreaterThan(0);
    expect(byPhone.rows.every((r) => r.memberId === someone.memberId && r.payWay === someone.payWay)).toBe(
      true,
    );
    const from = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const week = await page<RechargeRow>('staff', rechargeApi.page, { createTimeFrom: from });
    expect(week.rows.every((r) => r.createTime >= from)).toBe(true);

    const res = await call('staff', 'POST', rechargeApi.export, { status: 103 });
    expect(res.statusCode).toBe(200);
    expect(xlsxText(res.rawPayload)).toContain('已关闭');
    expect400(await call('staff', 'POST', rechargeApi.page, { status: 1 }), 'status');
    expect400(await call('staff', 'POST', rechargeApi.totals, { payWay: 7 }), 'payWay');
    expect((await call('shop', 'POST', rechargeApi.totals, {})).statusCode).toBe(403);
    expect((await page('yunling', rechargeApi.page)).total).toBe(0);
    expect(await data<RechargeTotals>(await call('yunling', 'POST', rechargeApi.totals, {}))).toMatchObject({
      count: 0,
    });
  });
});

describe('top-up rules (/user/BalanceSet)', () => {
  it('lists, creates, edits, enables or disables all, and deletes rules by fixId, audited', async () => {
    const rules = await page<RechargeRuleRow>('staff', rechargeRuleApi.page);
    expect(rules.rows.map((r) => [r.payAmount, r.giftAmount, r.status])).toEqual([
      [10_000, 1_000, 1],
      [20_000, 3_000, 1],
      [50_000, 10_000, 1],
      [100_000, 25_000, 1],
      [30_000, 9_000, 2],
    ]);
    const created = await data<RechargeRuleRow>(
      await call('admin', 'POST', rechargeRuleApi.create, {
        payAmount: 200_000,
        giftAmount: 60_000,
        remark: '充 2000 送 600',
      }),
    );
    expect(created).toMatchObject({ status: 1, sort: 0 });
    const taken = await call('admin', 'POST', rechargeRuleApi.create, { payAmount: 10_000 });
    expect(taken.statusCode).toBe(409);
    expect(JSON.parse(taken.body)).toMatchObject({
      msg: '已有充值 100.00 元的规则',
      data: { field: 'payAmount' },
    });
    expect(
      (await call('admin', 'POST', rechargeRuleApi.update, { id: created.id, payAmount: 20_000 })).statusCode,
    ).toBe(409);
    const edited = await data<RechargeRuleRow>(
      await call('admin', 'POST', rechargeRuleApi.update, { id: created.id, giftAmount: 70_000, sort: 60 }),
    );
    expect(edited).toMatchObject({ payAmount: 200_000, giftAmount: 70_000, sort: 60 });

    const off = await data<{ count: number }>(
      await call('admin', 'POST', rechargeRuleApi.updateAll, { status: 2 }),
    );
    expect(off.count).toBe(5);
    expect((await page<RechargeRuleRow>('staff', rechargeRuleApi.page, { status: 1 })).total).toBe(0);
    await data(await call('admin', 'POST', rechargeRuleApi.updateAll, { status: 1 }));
    expect((await page<RechargeRuleRow>('staff', rechargeRuleApi.page, { status: 2 })).total).toBe(0);

    await data(await call('admin', 'GET', `${rechargeRuleApi.delete}?fixId=${created.id}`));
    expect((await page<RechargeRuleRow>('staff', rechargeRuleApi.page)).total).toBe(5);
    const audit = await call('admin', 'POST', auditLogApi.page, { module: 'members', limit: 50 });
    const actions = (await data<{ rows: { action: string; targetType: string }[] }>(audit)).rows
      .filter((r) => r.targetType === 'rechargeRule')
      .map((r) => r.action);
    expect(actions.slice(0, 5)).toEqual(['delete', 'updateAll', 'updateAll', 'update', 'create']);
  });

  it('names bad fields, and keeps areas and permissions apart', async () => {
    expect400(await call('admin', 'POST', rechargeRuleApi.create, { payAmount: 0 }), 'payAmount');
    expect400(await call('admin', 'POST', rechargeRuleApi.create, { payAmount: 100.5 }), 'payAmount');
    expect400(
      await call('admin', 'POST', rechargeRuleApi.create, { payAmount: 100, giftAmount: -1 }),
      'giftAmount',
    );
    expect400(await call('admin', 'POST', rechargeRuleApi.updateAll, { status: 3 }), 'status');
    expect400(await call('admin', 'GET', `${rechargeRuleApi.delete}?id=1`), 'fixId');
    expect((await call('staff', 'POST', rechargeRuleApi.create, { payAmount: 100 })).statusCode).toBe(403);
    expect((await call('staff', 'POST', rechargeRuleApi.updateAll, { status: 2 })).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${rechargeRuleApi.delete}?fixId=1`)).statusCode).toBe(403);

    const [ours] = (await page<RechargeRuleRow>('admin', rechargeRuleApi.page)).rows;
    // the same amount in another area is another rule
    const theirs = await data<RechargeRuleRow>(
      await call('yunling', 'POST', rechargeRuleApi.create, { payAmount: ours!.payAmount }),
    );
    expect((await page<RechargeRuleRow>('yunling', rechargeRuleApi.page)).rows.map((r) => r.id)).toEqual([
      theirs.id,
    ]);
    expect(
      (await call('yunling', 'POST', rechargeRuleApi.update, { id: ours!.id, sort: 1 })).statusCode,
    ).toBe(404);
    expect((await call('yunling', 'GET', `${rechargeRuleApi.delete}?fixId=${ours!.id}`)).statusCode).toBe(
      404,
    );
    await data(await call('yunling', 'POST', rechargeRuleApi.updateAll, { status: 2 }));
    expect((await page<RechargeRuleRow>('admin', rechargeRuleApi.page, { status: 1 })).total).toBe(5);
  });
});

describe('frequent travellers (/user/traveler)', () => {
  it('lists and exports travellers with ID numbers masked unless admin:traveler:idNumber', async () => {
    const masked = await page<TravellerRow>('staff', travellerApi.page, { idType: 1 });
    expect(masked.total).toBeGreaterThan(300);
    const first = masked.rows[0]!;
    expect(first.idNumber).toMatch(/^\d{4}\*{10}[\dX]{4}$/);
    const full = (
      await page<TravellerRow>('admin', travellerApi.page, { memberId: first.memberId })
    ).rows.find((r) => r.id === first.id)!;
    expect(isValidIdNumber(full.idNumber)).toBe(true);
    expect(
      (await page<TravellerRow>('staff', travellerApi.page, { idNumber: full.idNumber })).rows.map(
        (r) => r.id,
      ),
    ).toEqual([first.id]);
    expect(
      (await page<TravellerRow>('staff', travellerApi.page, { name: full.name.slice(0, 1) })).total,
    ).toBeGreaterThan(0);

    const res = await call('staff', 'POST', travellerApi.export, { memberId: first.memberId });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain(first.idNumber);
    expect(text).not.toContain(full.idNumber);
    expect((await call('shop', 'POST', travellerApi.page, {})).statusCode).toBe(403);
    expect((await page('yunling', travellerApi.page)).total).toBe(0);
    expect400(await call('staff', 'POST', travellerApi.page, { idType: 9 }), 'idType');
  });

  it('saves a traveller for a member through the service: checked ID number, once per member', async () => {
    const db = t.database.db;
    const [owner] = (await page<MemberRow>('admin', userApi.page, { limit: 10 })).rows;
    const scenicId = (
      await queryRows<{ scenic_id: number }>(db, sql`select scenic_id from members where id = ${owner!.id}`)
    )[0]!.scenic_id;
    const target = { scenicId: Number(scenicId), memberId: owner!.id };
    const saved = await createTraveller(db, target, { name: '王芳', idNumber: '11010519491231002x' });
    expect(saved).toMatchObject({ idType: 1, idNumber: '11010519491231002X', name: '王芳' });
    const bad = createTraveller(db, target, { name: '王芳', idNumber: '110105194912310021' });
    await expect(bad).rejects.toMatchObject({ issues: [{ path: ['idNumber'] }] });
    await expect(
      createTraveller(db, target, { name: '王芳', idNumber: '11010519491231002X' }),
    ).rejects.toMatchObject({
      statusCode: 409,
      msgKey: 'travellerTaken',
    });
    await expect(
      createTraveller(db, target, { name: 'Li', idType: 2, idNumber: 'E1234' }),
    ).resolves.toMatchObject({ idType: 2 });
    await expect(
      createTraveller(db, target, { name: 'Li', idType: 2, idNumber: 'E1-2' }),
    ).rejects.toMatchObject({
      issues: [{ path: ['idNumber'], message: 'idNumberFormat' }],
    });
    await expect(
      createTraveller(db, { ...target, scenicId: 9999 }, { name: 'x', idNumber: '11010519491231002X' }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
