import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  distributorApi,
  distributorApplyApi,
  distributorCreditApi,
  distributorLedgerApi,
  distributorTopUpApi,
  type CreditRecordRow,
  type DistributorLedgerRow,
  type DistributorLedgerTotals,
  type DistributorRow,
  type TopUpRow,
} from '../../../shared/api/distribution.ts';
import { orderApi } from '../../../shared/api/orders.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { callsAs, data, expect400 } from '../../test/replies.ts';
import { distributorLedgerMismatches } from './index.ts';

let t: TestApp;
const tok: Record<string, string> = {};

const { call, page } = callsAs(() => t, tok);

const distributorOf = async (username: string) => {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select d.id from distributors d join admins a on a.id = d.admin_id where a.username = ${username}`,
  );
  return Number(row!.id);
};
const one = async (id: number) =>
  data<DistributorRow>(await call('admin', 'GET', `${distributorApi.query}?id=${id}`));

let agentId: number;
let otherId: number;

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  // yunling: every distribution permission, in the other area
  await t.grant('yunling', [
    'admin:distributor:page',
    'admin:distributor:edit',
    'admin:distributor:resetPassword',
    'admin:disApply:page',
    'admin:disApply:review',
    'admin:disLedger:page',
    'admin:disRecharge:page',
    'admin:disRecharge:create',
    'admin:disRecharge:review',
    'admin:disCredit:page',
    'admin:disCredit:edit',
  ]);
  for (const name of ['admin', 'staff', 'agent', 'yunling']) tok[name] = (await t.login(name)).access_token;
  agentId = await distributorOf('agent');
  otherId = await distributorOf('dist01');
});
afterAll(() => t.close());

describe('/disManage/accManage: distributors', () => {
  it('lists, filters, sorts and exports the area’s distributors with their money', async () => {
    const all = await page<DistributorRow>('admin', distributorApi.page);
    expect(all.total).toBeGreaterThanOrEqual(30);
    const agent = all.rows.find((r) => r.id === agentId)!;
    expect(agent).toMatchObject({
      username: 'agent',
      state: 1,
      creditLimit: 500_000,
      creditUsed: 40_000,
      creditAvailable: 460_000,
    });
    const frozen = await page<DistributorRow>('admin', distributorApi.page, { state: 2 });
    expect(frozen.total).toBeGreaterThan(0);
    expect(frozen.rows.every((r) => r.state === 2 && r.username)).toBe(true);
    const sorted = await page<DistributorRow>('admin', distributorApi.page, {
      sort: 'balance',
      order: 'desc',
    });
    expect(sorted.rows[0]!.balance).toBeGreaterThanOrEqual(sorted.rows[1]!.balance);
    const byName = await page<DistributorRow>('admin', distributorApi.page, { company: '西湖' });
    expect(byName.rows.map((r) => r.company)).toEqual(['西湖国旅']);
    const exported = await call('admin', 'POST', distributorApi.export, { state: 1 });
    expect(exported.statusCode).toBe(200);
    expect(xlsxText((exported as unknown as { rawPayload: Buffer }).rawPayload)).toContain('西湖国旅');
    // another area sees none of them
    const other = await page<DistributorRow>('yunling', distributorApi.page);
    expect(other.rows.find((r) => r.id === agentId)).toBeUndefined();
    expect((await call('yunling', 'GET', `${distributorApi.query}?id=${agentId}`)).statusCode).toBe(404);
  });

  it('creates a distributor with its login account in one transaction; the account logs in', async () => {
    const body = {
      company: '测试旅行社',
      contact: '孙悦',
      phone: '13800001111',
      username: 'newagency',
      password: t.encrypt('Agency123'),
      creditLimit: 100_000,
    };
    const { id } = await data<{ id: number }>(await call('admin', 'POST', distributorApi.create, body));
    const row = await one(id);
    expect(row).toMatchObject({
      company: '测试旅行社',
      username: 'newagency',
      state: 1,
      creditLimit: 100_000,
      balance: 0,
    });
    // the password is right, and must be changed at the first login
    await expect(t.login('newagency', 'Agency123')).rejects.toThrow('password_change_required');
    await expect(t.login('newagency', 'Wrong1234')).rejects.toThrow('401');
    // the same user name again: 409 naming it, and no distributor left behind
    const before = (await page<DistributorRow>('admin', distributorApi.page)).total;
    const again = await call('admin', 'POST', distributorApi.create, {
      ...body,
      company: '另一家',
      password: t.encrypt('Agency123'),
    });
    expect(again.statusCode).toBe(409);
    expect(JSON.parse(again.body).data.field).toBe('username');
    expect((await page<DistributorRow>('admin', distributorApi.page)).total).toBe(before);
    // bad input names the field
    expect400(await call('admin', 'POST', distributorApi.create, { ...body, company: '' }), 'company');
    expect400(
      await call('admin', 'POST', distributorApi.create, {
        ...body,
        username: 'x2',
        password: t.encrypt('short'),
      }),
      'password',
    );
    // no permission
    expect((await call('staff', 'POST', distributorApi.create, body)).statusCode).toBe(403);
  });

  it('edits, freezes, unfreezes and resets the password of its account', async () => {
    const { id } = await data<{ id: number }>(
      await call('admin', 'POST', distributorApi.create, {
        company: '冻结测试社',
        contact: '钱',
        username: 'freezeme',
        password: t.encrypt('Agency123'),
      }),
    );
    const edited = await data<DistributorRow>(
      await call('admin', 'POST', distributorApi.update, { id, contact: '钱多多' }),
    );
    expect(edited).toMatchObject({ contact: '钱多多', company: '冻结测试社' });
    await data(await call('admin', 'POST', distributorApi.state, { id, move: 'freeze' }));
    expect((await one(id)).state).toBe(2);
    // freezing twice: the compare-and-set finds no normal distributor
    expect((await call('admin', 'POST', distributorApi.state, { id, move: 'freeze' })).statusCode).toBe(409);
    await data(await call('admin', 'POST', distributorApi.state, { id, move: 'unfreeze' }));
    expect((await one(id)).state).toBe(1);
    expect400(await call('admin', 'POST', distributorApi.state, { id, move: 'delete' }), 'move');
    await data(
      await call('admin', 'POST', distributorApi.resetPassword, { id, password: t.encrypt('Reset1234') }),
    );
    await expect(t.login('freezeme', 'Reset1234')).rejects.toThrow('password_change_required');
    // another area: 404, nothing changed
    expect((await call('yunling', 'POST', distributorApi.state, { id, move: 'freeze' })).statusCode).toBe(
      404,
    );
    expect((await call('yunling', 'POST', distributorApi.update, { id, contact: 'x' })).statusCode).toBe(404);
    expect(
      (await call('yunling', 'POST', distributorApi.resetPassword, { id, password: t.encrypt('Other1234') }))
        .statusCode,
    ).toBe(404);
    expect((await one(id)).contact).toBe('钱多多');
    expect((await call('staff', 'POST', distributorApi.state, { id, move: 'freeze' })).statusCode).toBe(403);
  });

  it('finds a distributor’s orders by its account on the order list', async () => {
    const agent = await one(agentId);
    const orders = await page<{ id: number }>('admin', orderApi.page, { adminId: agent.adminId });
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ticket_orders where admin_id = ${agent.adminId}`,
    );
    expect(orders.total).toBe(Number(count!.n));
  });
});

describe('/disManage/information: applications', () => {
  it('approves (4 → 1, creating the login) and rejects (4 → 3), recording the reviewer', async () => {
    const apply = { company: '申请旅行社', contact: '吴', phone: '13900002222' };
    const { id } = await data<{ id: number }>(await call('admin', 'POST', distributorApplyApi.apply, apply));
    const waiting = await page<DistributorRow>('admin', distributorApplyApi.page, { state: 4 });
    expect(waiting.rows.some((r) => r.id === id && r.username === '')).toBe(true);
    // without a login, approval needs one
    expect400(await call('admin', 'POST', distributorApplyApi.approve, { id }), 'username');
    await data(
      await call('admin', 'POST', distributorApplyApi.approve, {
        id,
        username: 'applied1',
        password: t.encrypt('Apply1234'),
        reviewRemark: '资质齐全',
      }),
    );
    expect(await one(id)).toMatchObject({ state: 1, username: 'applied1', reviewRemark: '资质齐全' });
    expect((await one(id)).reviewer).not.toBe('');
    // a second review finds it already moved
    expect(
      (await call('admin', 'POST', distributorApplyApi.reject, { id, reviewRemark: 'x' })).statusCode,
    ).toBe(409);
    const second = await data<{ id: number }>(
      await call('admin', 'POST', distributorApplyApi.apply, { ...apply, company: '驳回旅行社' }),
    );
    expect400(await call('admin', 'POST', distributorApplyApi.reject, { id: second.id }), 'reviewRemark');
    expect(
      (await call('yunling', 'POST', distributorApplyApi.reject, { id: second.id, reviewRemark: '否' }))
        .statusCode,
    ).toBe(404);
    await data(
      await call('admin', 'POST', distributorApplyApi.reject, { id: second.id, reviewRemark: '不符合要求' }),
    );
    expect((await one(second.id)).state).toBe(3);
    expect((await call('staff', 'POST', distributorApplyApi.approve, { id: second.id })).statusCode).toBe(
      403,
    );
    const reviewed = await page<DistributorRow>('admin', distributorApplyApi.page, { state: 3 });
    expect(reviewed.rows.some((r) => r.id === second.id)).toBe(true);
  });
});

describe('/disManage/recharge: top-ups', () => {
  it('a distributor records its transfer; finance confirms it once (ledger row) or rejects it', async () => {
    const before = await one(agentId);
    const created = await data<{ id: number; topUpNo: string }>(
      await call('agent', 'POST', distributorTopUpApi.create, {
        // another distributor named: ignored, the agent's own is used
        distributorId: otherId,
        amount: 30_000,
        bankRef: 'BANK-001',
        transferDate: '2025-03-01',
      }),
    );
    const mine = await page<TopUpRow>('agent', distributorTopUpApi.page);
    const row = mine.rows.find((r) => r.id === created.id)!;
    expect(row).toMatchObject({ distributorId: agentId, state: 1, amount: 30_000 });
    expect((await one(agentId)).balance).toBe(before.balance);
    // the agent cannot confirm its own top-up
    expect((await call('agent', 'POST', distributorTopUpApi.confirm, { id: created.id })).statusCode).toBe(
      403,
    );
    expect((await call('yunling', 'POST', distributorTopUpApi.confirm, { id: created.id })).statusCode).toBe(
      404,
    );
    await data(
      await call('admin', 'POST', distributorTopUpApi.confirm, { id: created.id, reviewRemark: '到账' }),
    );
    expect((await one(agentId)).balance).toBe(before.balance + 30_000);
    // twice: 409, credited once
    expect((await call('admin', 'POST', distributorTopUpApi.confirm, { id: created.id })).statusCode).toBe(
      409,
    );
    expect((await call('admin', 'POST', distributorTopUpApi.reject, { id: created.id })).statusCode).toBe(
      409,
    );
    expect((await one(agentId)).balance).toBe(before.balance + 30_000);
    const ledger = await page<DistributorLedgerRow>('admin', distributorLedgerApi.page, {
      reference: created.topUpNo,
    });
    expect(ledger.rows.map((r) => [r.kind, r.change])).toEqual([[1, 30_000]]);

    const rejected = await data<{ id: number }>(
      await call('admin', 'POST', distributorTopUpApi.create, {
        distributorId: otherId,
        amount: 10_000,
        bankRef: 'BANK-002',
        transferDate: '2025-03-02',
      }),
    );
    await data(
      await call('admin', 'POST', distributorTopUpApi.reject, { id: rejected.id, reviewRemark: '未到账' }),
    );
    const after = await page<TopUpRow>('admin', distributorTopUpApi.page, {
      state: 3,
      distributorId: otherId,
    });
    expect(after.rows.some((r) => r.id === rejected.id)).toBe(true);
    // staff must name the distributor; bad input names the field
    expect(
      JSON.parse(
        (
          await call('admin', 'POST', distributorTopUpApi.create, {
            amount: 1,
            bankRef: 'x',
            transferDate: '2025-01-01',
          })
        ).body,
      ).data.field,
    ).toBe('distributorId');
    expect400(
      await call('admin', 'POST', distributorTopUpApi.create, {
        distributorId: otherId,
        amount: 0,
        bankRef: 'x',
        transferDate: '2025-01-01',
      }),
      'amount',
    );
    expect400(
      await call('admin', 'POST', distributorTopUpApi.create, {
        distributorId: otherId,
        amount: 5,
        bankRef: 'x',
        transferDate: '2025-02-30',
      }),
      'transferDate',
    );
    expect(await distributorLedgerMismatches(t.database.db)).toEqual([]);
  });
});

describe('/disManage/disgrant: credit', () => {
  it('sets a limit never below the credit used, records repayments with ledger rows', async () => {
    const agent = await one(agentId);
    expect(
      (
        await call('admin', 'POST', distributorCreditApi.limit, {
          distributorId: agentId,
          creditLimit: agent.creditUsed - 1,
        })
      ).statusCode,
    ).toBe(409);
    const raised = await data<{ creditLimit: number }>(
      await call('admin', 'POST', distributorCreditApi.limit, {
        distributorId: agentId,
        creditLimit: 800_000,
        remark: '旺季提额',
      }),
    );
    expect(raised.creditLimit).toBe(800_000);
    expect(
      (
        await call('admin', 'POST', distributorCreditApi.repay, {
          distributorId: agentId,
          amount: agent.creditUsed + 1,
        })
      ).statusCode,
    ).toBe(409);
    const repaid = await data<{ creditUsed: number }>(
      await call('admin', 'POST', distributorCreditApi.repay, {
        distributorId: agentId,
        amount: 10_000,
        reference: 'PAY-1',
      }),
    );
    expect(repaid.creditUsed).toBe(agent.creditUsed - 10_000);
    const records = await page<CreditRecordRow>('admin', distributorCreditApi.records, {
      distributorId: agentId,
    });
    expect(records.rows.slice(0, 2).map((r) => [r.kind, r.amount])).toEqual([
      [2, 10_000],
      [1, 300_000],
    ]);
    const credit = await page<DistributorRow>('admin', distributorCreditApi.page, { distributorId: agentId });
    expect(credit.rows[0]).toMatchObject({
      creditLimit: 800_000,
      creditAvailable: 800_000 - repaid.creditUsed,
    });
    expect400(
      await call('admin', 'POST', distributorCreditApi.repay, { distributorId: agentId, amount: -5 }),
      'amount',
    );
    expect(
      (await call('yunling', 'POST', distributorCreditApi.repay, { distributorId: agentId, amount: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call('agent', 'POST', distributorCreditApi.limit, {
          distributorId: agentId,
          creditLimit: 9_999_999,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('staff', 'POST', distributorCreditApi.limit, { distributorId: agentId, creditLimit: 1 }))
        .statusCode,
    ).toBe(403);
    expect(await distributorLedgerMismatches(t.database.db)).toEqual([]);
  });
});

describe('/disManage/BalanceRecord: the ledger', () => {
  it('filters, totals and exports every movement; another area sees none', async () => {
    const all = await page<DistributorLedgerRow>('admin', distributorLedgerApi.page);
    expect(all.total).toBeGreaterThan(30);
    const credit = await page<DistributorLedgerRow>('admin', distributorLedgerApi.page, {
      account: 'credit',
      kind: 5,
    });
    expect(credit.rows.every((r) => r.account === 'credit' && r.kind === 5 && r.change < 0)).toBe(true);
    const totals = await data<DistributorLedgerTotals>(
      await call('admin', 'POST', distributorLedgerApi.totals, { distributorId: agentId }),
    );
    const [sum] = await queryRows<{ balance: number }>(
      t.database.db,
      sql`select balance from distributors where id = ${agentId}`,
    );
    const bal = totals.accounts.find((a) => a.account === 'balance')!;
    expect(bal.increase + bal.decrease).toBe(Number(sum!.balance));
    const exported = await call('admin', 'POST', distributorLedgerApi.export, { distributorId: agentId });
    expect(exported.statusCode).toBe(200);
    expect400(await call('admin', 'POST', distributorLedgerApi.page, { account: 'cash' }), 'account');
    expect(
      (await page<DistributorLedgerRow>('yunling', distributorLedgerApi.page)).rows.some(
        (r) => r.distributorId === agentId,
      ),
    ).toBe(false);
    expect((await call('staff', 'POST', distributorLedgerApi.page, {})).statusCode).toBe(403);
  });
});

describe('the agent account', () => {
  it('opens its screens and never sees another distributor’s rows, whatever it asks', async () => {
    const lists = [
      [distributorLedgerApi.page, 'distributorId'],
      [distributorTopUpApi.page, 'distributorId'],
      [distributorCreditApi.page, 'id'],
      [distributorCreditApi.records, 'distributorId'],
    ] as const;
    for (const [url, field] of lists) {
      for (const body of [{}, { distributorId: otherId }, { company: '西湖' }]) {
        const res = await page<Record<string, number>>('agent', url, body);
        expect(
          res.rows.every((r) => r[field] === agentId),
          `${url} ${JSON.stringify(body)}`,
        ).toBe(true);
      }
      expect((await page<Record<string, number>>('agent', url)).total, url).toBeGreaterThan(0);
    }
    const totals = await data<DistributorLedgerTotals>(
      await call('agent', 'POST', distributorLedgerApi.totals, {}),
    );
    const [own] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from distributor_ledger where distributor_id = ${agentId}`,
    );
    expect(totals.count).toBe(Number(own!.n));
    const exported = await call('agent', 'POST', distributorLedgerApi.export, {});
    expect(exported.statusCode).toBe(200);
    expect(xlsxText((exported as unknown as { rawPayload: Buffer }).rawPayload)).not.toContain('西湖国旅');
    const options = await data<{ id: number }[]>(await call('agent', 'GET', distributorApi.options));
    expect(options.map((o) => o.id)).toEqual([agentId]);
    // staff-only routes refuse it
    for (const [method, url] of [
      ['POST', distributorApi.page],
      ['POST', distributorApplyApi.page],
      ['POST', distributorTopUpApi.confirm],
      ['POST', distributorCreditApi.repay],
    ] as const)
      expect((await call('agent', method, url, {})).statusCode, url).toBe(403);
  });
});
