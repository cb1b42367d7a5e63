import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderApi } from '../../../shared/api/orders.ts';
import { openRefundApi, refundApplyApi } from '../../../shared/api/refunds.ts';
import { openOrderApi } from '../../../shared/api/selling.ts';
import type { DistributorStateCode } from '../../../shared/dict/distribution.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { translate } from '../../http/messages.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createOrderFixtures, soldOf, type OrderFixtures } from '../orders/orders.fixture.ts';
import { placeOrder } from '../orders/index.ts';
import {
  createDistributor,
  creditDistributor,
  debitDistributor,
  distributorLedgerMismatches,
  repayDistributorCredit,
  setDistributorCreditLimit,
  setDistributorState,
  topUpDistributor,
} from './index.ts';

let t: TestApp;
let db: Db;
let f: OrderFixtures;
let seq = 0;
let key = 0;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  f = await createOrderFixtures(db);
  // the distribution channel (13) sells the regular ticket, refundable at any time
  await db.execute(
    sql`update ticket_products set channels = '{1,13,16}', refund_rule = 3 where id = ${f.regular}`,
  );
});
afterAll(() => t.close());

/** A distributor account (admType 3) of the fixture area. */
async function account(scenicId = f.scenicId): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into admins (username, password_hash, adm_type, scenic_id, pay_type)
        values (${`dist-${++seq}`}, 'x', 3, ${scenicId}, 1) returning id`,
  );
  return Number(row!.id);
}

/** A normal distributor with its account, a top-up of `balance` and a credit line, then put in `state`. */
async function distributor(
  money: { balance?: number; creditLimit?: number; state?: DistributorStateCode } = {},
): Promise<{ id: number; adminId: number }> {
  const adminId = await account();
  return db.transaction(async (tx) => {
    const { id } = await createDistributor(tx, {
      scenicId: f.scenicId,
      adminId,
      company: `旅行社 ${seq}`,
      state: 1,
      creditLimit: money.creditLimit ?? 0,
    });
    if (money.balance)
      await topUpDistributor(tx, {
        scenicId: f.scenicId,
        distributorId: id,
        amount: money.balance,
        reference: `DR-${seq}`,
      });
    if (money.state && money.state !== 1)
      await setDistributorState(tx, { scenicId: f.scenicId, distributorId: id, state: money.state });
    return { id, adminId };
  });
}

const moneyOf = async (id: number) => {
  const [row] = await queryRows<{ balance: number; credit_limit: number; credit_used: number; held: number }>(
    db,
    sql`select balance, credit_limit, credit_used, held from distributors where id = ${id}`,
  );
  return {
    balance: Number(row!.balance),
    creditLimit: Number(row!.credit_limit),
    creditUsed: Number(row!.credit_used),
  };
};

const ledgerOf = (id: number) =>
  queryRows<{ account: string; kind: number; change: number; amount_after: number; reference: string }>(
    db,
    sql`select account, kind, change, amount_after, reference from distributor_ledger
        where distributor_id = ${id} order by id`,
  );

const ordersOf = async (adminId: number) =>
  Number(
    (
      await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ticket_orders where admin_id = ${adminId}`,
      )
    )[0]!.n,
  );

/** An order of the distributor's account through the distribution client, paid at once (T2). */
const buy = (adminId: number | undefined, payWay: 5 | 8, quantity = 1) =>
  placeOrder(db, {
    scenicId: f.scenicId,
    channel: 13,
    clientId: 'distributionManagement',
    adminId,
    buyer: { name: '团队', phone: '13900000000' },
    lines: [{ productId: f.regular, date: f.date, quantity }],
    payNow: { payWay },
  });

/** The refusal of `work`: an AppError, with its message as a user reads it (zh). */
async function refusalOf(work: Promise<unknown>): Promise<{ status: number; key: string; zh: string }> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return {
    status: error.statusCode,
    key: error.msgKey,
    zh: translate(error.msgKey, 'zh', error.options.params),
  };
}

describe('the demo distributors', () => {
  it('gives the agent account its travel agency in area 1 and 28 more in all states; the ledger adds up', async () => {
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select d.id, d.state, d.balance, d.credit_limit, d.credit_used, a.username
          from distributors d left join admins a on a.id = d.admin_id
          where d.scenic_id = ${f.otherScenicId} order by d.id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((r) => Number(r.state)))).toEqual(new Set([1, 2, 3, 4]));
    const agent = rows[0]!;
    expect(agent).toMatchObject({ username: 'agent' });
    // 15 000 yuan topped up, less the demo withdrawals (withdrawals.seed.ts): 2 000 paid out, 1 050 held
    expect(Number(agent.balance)).toBe(1_195_000);
    expect(Number(agent.credit_limit)).toBe(500_000);
    expect(Number(agent.credit_used)).toBe(40_000);
    // top-ups and credit (the withdrawals' hold, release and payout rows are withdrawals.test.ts's)
    expect(
      (await ledgerOf(Number(agent.id)))
        .filter((l) => [1, 4, 5].includes(l.kind))
        .map((l) => [l.account, l.kind, l.change]),
    ).toEqual([
      ['balance', 1, 1_000_000],
      ['balance', 1, 500_000],
      ['credit', 4, 120_000],
      ['credit', 5, -80_000],
    ]);
    // a normal or frozen one has its login; one applying or not enabled has none
    for (const r of rows)
      expect(r.username == null, String(r.id)).toBe(Number(r.state) === 3 || Number(r.state) === 4);
    expect(await distributorLedgerMismatches(db)).toEqual([]);
  });
});

describe('the ledger service', () => {
  it('pay way 5 takes the balance and a refund puts it back; each movement has its row and the balance after it', async () => {
    const d = await distributor({ balance: 30_000 });
    const move = { scenicId: f.scenicId, distributorId: d.id, reference: 'T-1' };
    await db.transaction((tx) => debitDistributor(tx, { ...move, payWay: 5, amount: 12_000 }));
    expect(await moneyOf(d.id)).toMatchObject({ balance: 18_000, creditUsed: 0 });
    await db.transaction((tx) => creditDistributor(tx, { ...move, payWay: 5, amount: 5_000 }));
    expect(await moneyOf(d.id)).toMatchObject({ balance: 23_000 });
    expect(await ledgerOf(d.id)).toEqual([
      { account: 'balance', kind: 1, change: 30_000, amount_after: 30_000, reference: `DR-${seq}` },
      { account: 'balance', kind: 2, change: -12_000, amount_after: 18_000, reference: 'T-1' },
      { account: 'balance', kind: 3, change: 5_000, amount_after: 23_000, reference: 'T-1' },
    ]);
    expect(await distributorLedgerMismatches(db, f.scenicId)).toEqual([]);
  });

  it('pay way 8 uses credit up to the limit; a repayment and a refund lower it; a refund beyond the credit still used goes to the balance', async () => {
    const d = await distributor({ creditLimit: 20_000 });
    const move = { scenicId: f.scenicId, distributorId: d.id, reference: 'T-2' };
    await db.transaction((tx) => debitDistributor(tx, { ...move, payWay: 8, amount: 15_000 }));
    expect(await moneyOf(d.id)).toMatchObject({ balance: 0, creditLimit: 20_000, creditUsed: 15_000 });
    await db.transaction((tx) => repayDistributorCredit(tx, { ...move, reference: 'RP-1', amount: 10_000 }));
    expect(await moneyOf(d.id)).toMatchObject({ creditUsed: 5_000 });
    // 8000 of the order come back: 5000 still owed are forgiven, 3000 were repaid and become balance
    const entries = await db.transaction((tx) =>
      creditDistributor(tx, { ...move, payWay: 8, amount: 8_000 }),
    );
    expect(entries.map((e) => [e.account, e.change, e.amountAfter])).toEqual([
      ['credit', -5_000, 0],
      ['balance', 3_000, 3_000],
    ]);
    expect(await moneyOf(d.id)).toMatchObject({ balance: 3_000, creditUsed: 0 });
    expect((await ledgerOf(d.id)).map((l) => [l.account, l.kind, l.change])).toEqual([
      ['credit', 4, 15_000],
      ['credit', 5, -10_000],
      ['credit', 3, -5_000],
      ['balance', 3, 3_000],
    ]);
    expect(await distributorLedgerMismatches(db, f.scenicId)).toEqual([]);
  });

  it('refuses with the amounts in yuan and writes nothing: not enough balance, credit over the limit, too large a repayment, a limit below the credit used', async () => {
    const d = await distributor({ balance: 10_050, creditLimit: 20_000 });
    const move = { scenicId: f.scenicId, distributorId: d.id, reference: 'T-3' };
    await db.transaction((tx) => debitDistributor(tx, { ...move, payWay: 8, amount: 12_000 }));
    const before = { money: await moneyOf(d.id), ledger: await ledgerOf(d.id) };
    expect(
      await refusalOf(db.transaction((tx) => debitDistributor(tx, { ...move, payWay: 5, amount: 10_051 }))),
    ).toEqual({
      status: 409,
      key: 'distributorBalanceInsufficient',
      zh: '分销商余额不足：余额 100.50 元，需 100.51 元',
    });
    expect(
      await refusalOf(db.transaction((tx) => debitDistributor(tx, { ...move, payWay: 8, amount: 8_001 }))),
    ).toEqual({
      status: 409,
      key: 'distributorCreditInsufficient',
      zh: '授信额度不足：可用 80.00 元（额度 200.00 元，已用 120.00 元），需 80.01 元',
    });
    expect(
      await refusalOf(db.transaction((tx) => repayDistributorCredit(tx, { ...move, amount: 12_001 }))),
    ).toMatchObject({ status: 409, zh: '还款 120.01 元超过已用授信 120.00 元' });
    expect(
      await refusalOf(
        db.transaction((tx) =>
          setDistributorCreditLimit(tx, { scenicId: f.scenicId, distributorId: d.id, creditLimit: 11_999 }),
        ),
      ),
    ).toMatchObject({ status: 409, zh: '授信额度不能低于已用额度 120.00 元' });
    expect(await moneyOf(d.id)).toEqual(before.money);
    expect(await ledgerOf(d.id)).toEqual(before.ledger);
    // exactly what is there is fine
    await db.transaction((tx) => debitDistributor(tx, { ...move, payWay: 8, amount: 8_000 }));
    await db.transaction((tx) => debitDistributor(tx, { ...move, payWay: 5, amount: 10_050 }));
    expect(await moneyOf(d.id)).toMatchObject({ balance: 0, creditUsed: 20_000 });
  });

  it('a frozen, not enabled or applying distributor cannot pay; a frozen one still receives its refunds', async () => {
    const frozen = await distributor({ balance: 50_000, creditLimit: 50_000, state: 2 });
    const move = { scenicId: f.scenicId, distributorId: frozen.id, amount: 1_000 };
    for (const payWay of [5, 8] as const)
      expect(
        await refusalOf(db.transaction((tx) => debitDistributor(tx, { ...move, payWay }))),
      ).toMatchObject({
        status: 409,
        key: 'distributorFrozen',
      });
    for (const state of [3, 4] as const) {
      const other = await distributor({ balance: 50_000, state });
      expect(
        await refusalOf(
          db.transaction((tx) => debitDistributor(tx, { ...move, distributorId: other.id, payWay: 5 })),
        ),
      ).toMatchObject({ status: 409, key: 'distributorNotNormal' });
    }
    expect(await moneyOf(frozen.id)).toMatchObject({ balance: 50_000, creditUsed: 0 });
    await db.transaction((tx) => creditDistributor(tx, { ...move, payWay: 5 }));
    expect(await moneyOf(frozen.id)).toMatchObject({ balance: 51_000 });
    // another area's distributor is not found
    expect(
      await refusalOf(
        db.transaction((tx) => debitDistributor(tx, { ...move, scenicId: f.otherScenicId, payWay: 5 })),
      ),
    ).toMatchObject({ status: 404, key: 'distributorNotFound' });
  });

  it('takes only distributor accounts of the area as logins, each once', async () => {
    const staff = await queryRows<{ id: number }>(db, sql`select id from admins where username = 'admin'`);
    const create = (adminId: number, scenicId = f.scenicId) =>
      db.transaction((tx) => createDistributor(tx, { scenicId, adminId, company: 'x', state: 1 }));
    expect(await refusalOf(create(Number(staff[0]!.id)))).toMatchObject({
      status: 400,
      key: 'distributorAccountInvalid',
    });
    expect(await refusalOf(create(await account(f.otherScenicId)))).toMatchObject({ status: 400 });
    const taken = await distributor();
    expect(await refusalOf(create(taken.adminId))).toMatchObject({
      status: 409,
      key: 'distributorAccountTaken',
    });
  });

  it('the database keeps the rules: no negative balance, credit within the limit, signs per kind, rows never edited, an account for normal distributors', async () => {
    const d = await distributor({ balance: 1_000, creditLimit: 1_000 });
    const fails = async (query: ReturnType<typeof sql>) => {
      const error = await db.execute(query).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).not.toBeNull();
    };
    await fails(sql`update distributors set balance = -1 where id = ${d.id}`);
    await fails(sql`update distributors set credit_used = 1001 where id = ${d.id}`);
    await fails(sql`update distributors set admin_id = null where id = ${d.id}`);
    await fails(sql`update distributors set state = 5 where id = ${d.id}`);
    const row = (account: string, kind: number, change: number) =>
      sql`insert into distributor_ledger (scenic_id, distributor_id, account, kind, change, amount_after)
          values (${f.scenicId}, ${d.id}, ${account}, ${kind}, ${change}, 0)`;
    await fails(row('balance', 2, 100)); // a consume adds nothing
    await fails(row('balance', 4, 100)); // credit use is not on the balance
    await fails(row('credit', 3, 100)); // a credit refund lowers the credit used
    await fails(row('held', 8, 100)); // a payout takes held money out
    await fails(row('balance', 1, 0));
    await fails(row('cash', 1, 100));
    await fails(sql`update distributor_ledger set change = 2000 where distributor_id = ${d.id}`);
    expect(await moneyOf(d.id)).toMatchObject({ balance: 1_000, creditUsed: 0 });
    expect(await distributorLedgerMismatches(db, f.scenicId)).toEqual([]);
  });
});

describe('selling on balance and credit (pay ways 5 and 8)', () => {
  it('a distributor’s order is paid at once from its balance or credit: tickets unused, payment "agency", ledger row under the order number', async () => {
    const d = await distributor({ balance: 30_000, creditLimit: 30_000 });
    const onBalance = await buy(d.adminId, 5, 2);
    expect(onBalance.order).toMatchObject({ status: 201, payWay: 5, paidAmount: 20_000, adminId: d.adminId });
    expect(onBalance.tickets.every((ticket) => ticket.status === 201)).toBe(true);
    const onCredit = await buy(d.adminId, 8);
    expect(onCredit.order).toMatchObject({ status: 201, payWay: 8, paidAmount: 10_000 });
    expect(await moneyOf(d.id)).toMatchObject({ balance: 10_000, creditUsed: 10_000 });
    const payments = await queryRows<{ provider: string; pay_way: number; status: string }>(
      db,
      sql`select provider, pay_way, status from payments where order_id in (${onBalance.order.id}, ${onCredit.order.id})
          order by id`,
    );
    expect(payments).toEqual([
      { provider: 'agency', pay_way: 5, status: 'confirmed' },
      { provider: 'agency', pay_way: 8, status: 'confirmed' },
    ]);
    expect((await ledgerOf(d.id)).slice(1)).toEqual([
      {
        account: 'balance',
        kind: 2,
        change: -20_000,
        amount_after: 10_000,
        reference: onBalance.order.orderNo,
      },
      { account: 'credit', kind: 4, change: 10_000, amount_after: 10_000, reference: onCredit.order.orderNo },
    ]);
  });

  it('not enough, or frozen: 409 and nothing written (no order, no stock taken, no ledger row)', async () => {
    const poor = await distributor({ balance: 9_999, creditLimit: 9_999 });
    const frozen = await distributor({ balance: 50_000, state: 2 });
    const sold = await soldOf(db, f.regular, f.date);
    expect(await refusalOf(buy(poor.adminId, 5))).toEqual({
      status: 409,
      key: 'distributorBalanceInsufficient',
      zh: '分销商余额不足：余额 99.99 元，需 100.00 元',
    });
    expect(await refusalOf(buy(poor.adminId, 8))).toMatchObject({
      status: 409,
      key: 'distributorCreditInsufficient',
    });
    expect(await refusalOf(buy(frozen.adminId, 5))).toMatchObject({ status: 409, key: 'distributorFrozen' });
    expect(await ordersOf(poor.adminId)).toBe(0);
    expect(await ordersOf(frozen.adminId)).toBe(0);
    expect(await soldOf(db, f.regular, f.date)).toBe(sold);
    expect(await ledgerOf(poor.id)).toHaveLength(1);
    expect(await moneyOf(poor.id)).toMatchObject({ balance: 9_999, creditUsed: 0 });
  });

  it('only an order of a distributor account may use pay ways 5 and 8 (400): none, or a staff account', async () => {
    const [staff] = await queryRows<{ id: number }>(db, sql`select id from admins where username = 'admin'`);
    expect(await refusalOf(buy(undefined, 5))).toMatchObject({ status: 400, key: 'agencyNeedsDistributor' });
    expect(await refusalOf(buy(Number(staff!.id), 8))).toMatchObject({
      status: 400,
      key: 'agencyNeedsDistributor',
    });
  });

  describe('over HTTP', () => {
    let channel: string;
    let admin: string;
    const headers = () => ({ 'x-scenic-id': String(f.scenicId), 'idempotency-key': `d-${++key}` });

    beforeAll(async () => {
      channel = await t.clientToken('distributionManagement');
      admin = (await t.login('admin')).access_token;
    });

    it('the selling API names no distributor, so pay ways 5 and 8 are refused there (400), and order/pay never confirms them', async () => {
      const count = async () =>
        Number((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ticket_orders`))[0]!.n);
      const before = await count();
      const body = {
        buyer: { name: '团队', phone: '13900000000' },
        lines: [{ productId: f.regular, date: f.date, quantity: 1 }],
      };
      for (const payWay of [5, 8]) {
        const res = await t.call(
          channel,
          'POST',
          openOrderApi.create,
          { ...body, payNow: { payWay } },
          headers(),
        );
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json<{ msg: string }>().msg).toBe('分销商余额和授信只能支付分销商账号的订单');
      }
      expect(await count()).toBe(before);
      const unpaid = await t.call(channel, 'POST', openOrderApi.create, body, headers());
      expect(unpaid.statusCode, unpaid.body).toBe(200);
      const { orderNo, totalAmount } = unpaid.json<{ data: { orderNo: string; totalAmount: number } }>().data;
      for (const payWay of [5, 8]) {
        const pay = await t.call(
          channel,
          'POST',
          openOrderApi.pay,
          { orderNo, payWay, amount: totalAmount, providerTxnId: `agency-${payWay}` },
          headers(),
        );
        expect(pay.statusCode, pay.body).toBe(400);
        expect(pay.json<{ msg: string }>().msg).toContain('只能在下单时支付');
      }
      const [order] = await queryRows<{ status: number; pay_status: number }>(
        db,
        sql`select status, pay_status from ticket_orders where order_no = ${orderNo}`,
      );
      expect(order).toMatchObject({ status: 101, pay_status: 101 });
    });

    it('a staff refund (T20) of a balance order is done at once and goes back to the balance; of a credit order, it lowers the credit used', async () => {
      const d = await distributor({ balance: 20_000, creditLimit: 20_000 });
      const onBalance = await buy(d.adminId, 5, 2);
      const onCredit = await buy(d.adminId, 8, 2);
      expect(await moneyOf(d.id)).toMatchObject({ balance: 0, creditUsed: 20_000 });
      const refund = (orderId: number, ticketIds: number[]) =>
        t.call(
          admin,
          'POST',
          orderApi.staffRefund,
          { orderId, ticketIds, reason: '团队取消' },
          { 'x-scenic-id': String(f.scenicId) },
        );
      const first = await refund(onBalance.order.id, [onBalance.tickets[0]!.id]);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<{ data: { refunded: number[] } }>().data.refunded).toEqual([
        onBalance.tickets[0]!.id,
      ]);
      const second = await refund(
        onCredit.order.id,
        onCredit.tickets.map((ticket) => ticket.id),
      );
      expect(second.statusCode, second.body).toBe(200);
      expect(await moneyOf(d.id)).toMatchObject({ balance: 10_000, creditUsed: 0 });
      const refunds = await queryRows<{ status: string; amount: number }>(
        db,
        sql`select status, amount from refunds where order_id in (${onBalance.order.id}, ${onCredit.order.id}) order by id`,
      );
      expect(refunds).toEqual([
        { status: 'done', amount: 10_000 },
        { status: 'done', amount: 20_000 },
      ]);
      const [payment] = await queryRows<{ status: string }>(
        db,
        sql`select status from payments where order_id = ${onCredit.order.id}`,
      );
      expect(payment!.status).toBe('refunded');
      expect((await ledgerOf(d.id)).slice(-2)).toEqual([
        {
          account: 'balance',
          kind: 3,
          change: 10_000,
          amount_after: 10_000,
          reference: onBalance.order.orderNo,
        },
        { account: 'credit', kind: 3, change: -20_000, amount_after: 0, reference: onCredit.order.orderNo },
      ]);
      expect(await distributorLedgerMismatches(db)).toEqual([]);
    });

    it('a refund the channel asks for and staff approve (T15, T17) goes back to the distributor too', async () => {
      const d = await distributor({ balance: 10_000 });
      const placed = await buy(d.adminId, 5);
      const applied = await t.call(
        channel,
        'POST',
        openRefundApi.apply,
        { orderNo: placed.order.orderNo, reason: '行程变更' },
        { 'x-scenic-id': String(f.scenicId) },
      );
      expect(applied.statusCode, applied.body).toBe(200);
      const [request] = applied.json<{ data: { id: number; refundAmount: number }[] }>().data;
      expect(request!.refundAmount).toBe(10_000);
      const approved = await t.call(
        admin,
        'POST',
        refundApplyApi.approve,
        { id: request!.id },
        { 'x-scenic-id': String(f.scenicId) },
      );
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json<{ data: { ticketStatus: number } }>().data.ticketStatus).toBe(203);
      expect(await moneyOf(d.id)).toMatchObject({ balance: 10_000 });
      expect(await distributorLedgerMismatches(db)).toEqual([]);
    });
  });
});
