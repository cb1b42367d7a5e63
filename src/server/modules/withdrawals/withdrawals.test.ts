import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  db = t.database.db;
  await t.grant('agent', ['admin:haul:page', 'admin:haul:apply']);
  await t.grant('staff', ['admin:haul:page']);
  await t.grant('yunling', ['admin:haul:page', 'admin:haul:review', 'admin:haul:pay']);
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
  const scenicId = Number(
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
  });

  it('a distributor requests, staff approve and pay out; held money follows', async () => {
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
    const paid = await call('admin', 'POST', withdrawalApi.pay, { id: w.id, bankReference: 'CMB-1' });
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
