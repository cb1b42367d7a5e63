import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingApi } from '../../../shared/api/settings.ts';
import { withdrawalApi, type WithdrawalRow } from '../../../shared/api/withdrawals.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { createDistributor, distributorLedgerMismatches, topUpDistributor } from '../distribution/index.ts';
import { requestWithdrawal } from './withdrawals.service.ts';

let t: TestApp;
let db: Db;
const tok: Record<string, string> = {};
let agentDistributor: number;
let otherDistributor: number;
let otherWithdrawal: number;
let scenicId: number;

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);
const bank = { bankName: '招商银行', bankAccount: '6214830571234567', accountName: '山水旅行社' };
const moneyOf = async (id: number) => {
  const [row] = await queryRows<{ balance: number; held: number }>(
    db,
    sql`select balance, held from distributors where id = ${id}`,
  );
  return { balance: Number(row!.balance), held: Number(row!.held) };
};

/** A withdrawal the agent requested and admin approved. */
async function approvedByAdmin(amount: number): Promise<WithdrawalRow> {
  const w = (await call('agent', 'POST', withdrawalApi.apply, { amount, ...bank })).json<{
    data: WithdrawalRow;
  }>().data;
  const approved = await call('admin', 'POST', withdrawalApi.approve, { id: w.id });
  expect(approved.statusCode, approved.body).toBe(200);
  return w;
}
const stateOf = async (id: number) => {
  const [row] = await queryRows<{ state: number; paid_by: number | null; bank_reference: string | null }>(
    db,
    sql`select state, paid_by, bank_reference from distributor_withdrawals where id = ${id}`,
  );
  return { ...row!, state: Number(row!.state) };
};
const auditActions = async (id: number) =>
  (
    await queryRows<{ action: string }>(
      db,
      sql`select action from audit_logs where target_type = 'withdrawal' and target_id = ${String(id)} order by id`,
    )
  ).map((a) => a.action);
/** The acting area's settings form as `who` reads it, with two-person payout on or off. */
async function settingsWith(who: string, twoPersonPayout: boolean) {
  const current = (await call(who, 'GET', settingApi.query)).json<{ data: Record<string, unknown> }>().data;
  const { scenicId: _s, scenicName: _n, saved: _v, updateTime: _u, ...form } = current;
  return { ...form, twoPersonPayout };
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  db = t.database.db;
  await t.grant('agent', ['admin:haul:page', 'admin:haul:apply']);
  // staff pays what admin approved: two people for money out
  await t.grant('staff', ['admin:haul:page', 'admin:haul:pay']);
  await t.grant('yunling', [
    'admin:haul:page',
    'admin:haul:review',
    'admin:haul:pay',
    'admin:setting:query',
    'admin:setting:update',
  ]);
  for (const name of ['admin', 'staff', 'agent', 'yunling']) tok[name] = (await t.login(name)).access_token;
  const [agent] = await queryRows<{ id: number }>(
    db,
    sql`select d.id from distributors d join admins a on a.id = d.admin_id where a.username = 'agent'`,
  );
  agentDistributor = Number(agent!.id);
  // another distributor of the same area, with a withdrawal of its own
  const [account] = await queryRows<{ id: number }>(
    db,
    sql`insert into admins (username, password_hash, adm_type, scenic_id, pay_type)
        select 'other-agent', 'x', 3, scenic_id, 1 from admins where username = 'agent' returning id`,
  );
  scenicId = Number(
    (await queryRows<{ s: number }>(db, sql`select scenic_id as s from admins where username = 'agent'`))[0]!
      .s,
  );
  otherDistributor = await db.transaction(async (tx) => {
    const { id } = await createDistributor(tx, {
      scenicId,
      adminId: Number(account!.id),
      company: '别家旅行社',
      state: 1,
    });
    await topUpDistributor(tx, { scenicId, distributorId: id, amount: 100_000 });
    return id;
  });
  otherWithdrawal = (
    await requestWithdrawal(db, {
      scenicId,
      distributorId: otherDistributor,
      amount: 10_000,
      ...bank,
      requestedBy: null,
    })
  ).id;
});
afterAll(() => t.close());

describe('withdrawals (/disManage/haul)', () => {
  it('the demo has withdrawals in every state and the ledger adds up', async () => {
    const res = await call('admin', 'POST', withdrawalApi.page, { page: 1, limit: 50 });
    expect(res.statusCode).toBe(200);
    const states = new Set(res.json<{ data: { rows: WithdrawalRow[] } }>().data.rows.map((r) => r.state));
    expect([...states].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await distributorLedgerMismatches(db)).toEqual([]);
    // paid by someone other than the approver, as the area's default two-person payout demands
    const [same] = await queryRows<{ paid: number; same: number }>(
      db,
      sql`select count(*)::int as paid, count(*) filter (where paid_by = reviewed_by)::int as same
          from distributor_withdrawals where state = 3`,
    );
    expect(Number(same!.paid)).toBeGreaterThan(0);
    expect(Number(same!.same)).toBe(0);
  });

  it('a distributor requests, one staff member approves, another pays out; held money follows', async () => {
    const before = await moneyOf(agentDistributor);
    const res = await call('agent', 'POST', withdrawalApi.apply, { amount: 10_000, ...bank });
    expect(res.statusCode).toBe(200);
    const w = res.json<{ data: WithdrawalRow }>().data;
    expect(w).toMatchObject({ state: 1, review: 0, bankState: 1, amount: 10_000, bankAccount: '****4567' });
    expect(await moneyOf(agentDistributor)).toEqual({
      balance: before.balance - 10_000,
      held: before.held + 10_000,
    });

    const approved = await call('admin', 'POST', withdrawalApi.approve, { id: w.id });
    expect(approved.json<{ data: WithdrawalRow }>().data).toMatchObject({
      state: 2,
      review: 1,
      bankState: 3,
    });
    // approving twice: the state moved on
    expect((await call('admin', 'POST', withdrawalApi.approve, { id: w.id })).statusCode).toBe(409);
    const paid = await call('staff', 'POST', withdrawalApi.pay, { id: w.id, bankReference: 'CMB-1' });
    expect(paid.json<{ data: WithdrawalRow }>().data).toMatchObject({
      state: 3,
      bankState: 2,
      bankReference: 'CMB-1',
    });
    expect(await moneyOf(agentDistributor)).toEqual({ balance: before.balance - 10_000, held: before.held });
    expect(await distributorLedgerMismatches(db)).toEqual([]);
    const audit = await queryRows<{ action: string }>(
      db,
      sql`select action from audit_logs where target_type = 'withdrawal' and target_id = ${String(w.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.apply', 'withdrawal.approve', 'withdrawal.pay']);
  });

  it('rejecting or cancelling releases the hold; the requester cannot review its own request', async () => {
    const before = await moneyOf(agentDistributor);
    const a = (await call('agent', 'POST', withdrawalApi.apply, { amount: 5_000, ...bank })).json<{
      data: WithdrawalRow;
    }>().data;
    const b = (await call('agent', 'POST', withdrawalApi.apply, { amount: 7_000, ...bank })).json<{
      data: WithdrawalRow;
    }>().data;
    expect((await call('yunling', 'POST', withdrawalApi.reject, { id: a.id, remark: 'x' })).statusCode).toBe(
      404,
    );
    expect(
      (await call('admin', 'POST', withdrawalApi.reject, { id: a.id, remark: '户名不符' })).statusCode,
    ).toBe(200);
    expect((await call('agent', 'POST', withdrawalApi.cancel, { id: b.id })).statusCode).toBe(200);
    expect(await moneyOf(agentDistributor)).toEqual(before);
    // staff who requested for a distributor cannot approve it themselves
    const own = (
      await call('admin', 'POST', withdrawalApi.apply, {
        distributorId: agentDistributor,
        amount: 1_000,
        ...bank,
      })
    ).json<{ data: WithdrawalRow }>().data;
    const self = await call('admin', 'POST', withdrawalApi.approve, { id: own.id });
    expect(self.statusCode).toBe(409);
    expect(self.json<{ msg: string }>().msg).toMatch(/自己|yourself|you requested/i);
    expect(await distributorLedgerMismatches(db)).toEqual([]);
  });

  it('two people for money out (on by default): the approver may not pay; another account pays', async () => {
    expect((await call('admin', 'GET', settingApi.query)).json().data.twoPersonPayout).toBe(true);
    const w = await approvedByAdmin(6_000);
    const before = await moneyOf(agentDistributor);
    for (const [lang, text] of [
      ['zh', '双人打款'],
      ['en', 'Two people for money out'],
    ] as const) {
      const refused = await t.call(
        tok.admin!,
        'POST',
        withdrawalApi.pay,
        { id: w.id, bankReference: 'CMB-SAME' },
        { 'accept-language': lang },
      );
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json<{ msg: string }>().msg).toContain(text);
    }
    // nothing changed: still approved, the money held, no payout audited
    expect(await stateOf(w.id)).toEqual({ state: 2, paid_by: null, bank_reference: null });
    expect(await moneyOf(agentDistributor)).toEqual(before);
    expect(await auditActions(w.id)).toEqual(['withdrawal.apply', 'withdrawal.approve']);
    const paid = await call('staff', 'POST', withdrawalApi.pay, { id: w.id, bankReference: 'CMB-OTHER' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<{ data: WithdrawalRow }>().data).toMatchObject({ state: 3, bankReference: 'CMB-OTHER' });
    expect(await auditActions(w.id)).toEqual(['withdrawal.apply', 'withdrawal.approve', 'withdrawal.pay']);
    expect(await distributorLedgerMismatches(db)).toEqual([]);
  });

  it('with two-person payout off, the approver may pay; the switch needs admin:setting:update and stays in its area', async () => {
    // staff may pay but not change the area's settings
    const denied = await call('staff', 'POST', settingApi.update, await settingsWith('admin', false));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().data).toEqual({ required: 'admin:setting:update' });
    expect((await call('admin', 'GET', settingApi.query)).json().data.twoPersonPayout).toBe(true);

    // area 2 switching it off leaves area 1 on
    const area2 = await call('yunling', 'POST', settingApi.update, await settingsWith('yunling', false));
    expect(area2.statusCode, area2.body).toBe(200);
    expect(area2.json().data.twoPersonPayout).toBe(false);
    expect((await call('admin', 'GET', settingApi.query)).json().data.twoPersonPayout).toBe(true);
    const stillOn = await approvedByAdmin(3_000);
    expect(
      (await call('admin', 'POST', withdrawalApi.pay, { id: stillOn.id, bankReference: 'CMB-A2' }))
        .statusCode,
    ).toBe(409);

    // area 1 switches it off (audited like every setting): the approver pays
    const off = await call('admin', 'POST', settingApi.update, await settingsWith('admin', false));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.twoPersonPayout).toBe(false);
    const [audit] = await queryRows<{
      before: { twoPersonPayout: boolean };
      after: { twoPersonPayout: boolean };
    }>(
      db,
      sql`select before, after from audit_logs where module = 'setting' and target_id = ${String(scenicId)}
          order by id desc limit 1`,
    );
    expect([audit!.before.twoPersonPayout, audit!.after.twoPersonPayout]).toEqual([true, false]);
    const paid = await call('admin', 'POST', withdrawalApi.pay, { id: stillOn.id, bankReference: 'CMB-A1' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await stateOf(stillOn.id)).toMatchObject({ state: 3, bank_reference: 'CMB-A1' });
    // still never by the account that requested it
    const own = (
      await call('admin', 'POST', withdrawalApi.apply, {
        distributorId: agentDistributor,
        amount: 500,
        ...bank,
      })
    ).json<{ data: WithdrawalRow }>().data;
    expect((await call('admin', 'POST', withdrawalApi.approve, { id: own.id })).statusCode).toBe(409);
    expect((await call('admin', 'POST', withdrawalApi.cancel, { id: own.id })).statusCode).toBe(200);

    // and back on
    const on = await call('admin', 'POST', settingApi.update, await settingsWith('admin', true));
    expect(on.json().data.twoPersonPayout).toBe(true);
    const again = await approvedByAdmin(2_000);
    expect(
      (await call('admin', 'POST', withdrawalApi.pay, { id: again.id, bankReference: 'CMB-ON' })).statusCode,
    ).toBe(409);
    expect(await distributorLedgerMismatches(db)).toEqual([]);
  });

  it('refuses more than the balance (409 in yuan, nothing written) and bad input (400 naming the field)', async () => {
    const before = await moneyOf(agentDistributor);
    const res = await call('agent', 'POST', withdrawalApi.apply, { amount: before.balance + 1, ...bank });
    expect(res.statusCode).toBe(409);
    expect(await moneyOf(agentDistributor)).toEqual(before);
    const bad = await call('agent', 'POST', withdrawalApi.apply, { amount: 0, ...bank });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('amount');
    const badAccount = await call('agent', 'POST', withdrawalApi.apply, {
      amount: 100,
      ...bank,
      bankAccount: 'abc',
    });
    expect(badAccount.statusCode).toBe(400);
    expect(badAccount.body).toContain('bankAccount');
    const noRef = await call('admin', 'POST', withdrawalApi.pay, { id: 1 });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.body).toContain('bankReference');
  });

  it('403 without the permission; a distributor never reviews', async () => {
    expect((await call('staff', 'POST', withdrawalApi.approve, { id: otherWithdrawal })).statusCode).toBe(
      403,
    );
    expect((await call('staff', 'POST', withdrawalApi.apply, { amount: 100, ...bank })).statusCode).toBe(403);
    expect((await call('agent', 'POST', withdrawalApi.approve, { id: otherWithdrawal })).statusCode).toBe(
      403,
    );
  });

  it('the agent sees and touches only its own withdrawals; another area sees none', async () => {
    const mine = (await call('agent', 'POST', withdrawalApi.page, { page: 1, limit: 100 })).json<{
      data: { rows: WithdrawalRow[] };
    }>().data.rows;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.distributorId === agentDistributor)).toBe(true);
    expect((await call('agent', 'POST', withdrawalApi.cancel, { id: otherWithdrawal })).statusCode).toBe(404);
    const totals = (await call('agent', 'POST', withdrawalApi.totals, { page: 1, limit: 10 })).json<{
      data: { count: number };
    }>().data;
    expect(totals.count).toBe(mine.length);
    const xlsx = await call('agent', 'POST', withdrawalApi.export, { page: 1, limit: 10 });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsxText(xlsx.rawPayload)).not.toContain('别家旅行社');
    const area2 = (await call('yunling', 'POST', withdrawalApi.page, { page: 1, limit: 100 })).json<{
      data: { total: number };
    }>().data;
    expect(area2.total).toBe(0);
    expect((await call('yunling', 'POST', withdrawalApi.approve, { id: otherWithdrawal })).statusCode).toBe(
      404,
    );
  });
});
