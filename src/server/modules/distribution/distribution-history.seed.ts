import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  DISTRIBUTOR_ACCOUNT as ACCOUNT,
  DISTRIBUTOR_CREDIT_KIND,
  DISTRIBUTOR_LEDGER_KIND as KIND,
} from '../../../shared/dict/distribution.ts';
import { PAY_WAY_AGENCY_BALANCE, PAY_WAY_AGENCY_CREDIT } from '../../../shared/dict/order.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * The money side of the demo order history (order-admin/demo-history/demo-orders.ts) for the distributors: every
 * distribution order paid on the agency balance (pay way 5) or credit (8) gets its ledger row, and
 * every refund of one its refund rows, exactly as `ledger.service.ts` writes them (consume / credit
 * use; a refund back where the money came from, what exceeds the credit still used to the balance),
 * with what a year of real use around them needs: confirmed top-ups before the balance runs short,
 * a credit line granted at the first credit purchase, repayments each month and whenever the line
 * is full, and withdrawals (held, then paid, rejected or canceled; the latest still open). The year
 * is replayed per distributor in time order in memory, so every `amount_after` is the running
 * value, and written in a few set-based statements. The year ends settled (credit repaid, the
 * balance paid out): the rows the demo wrote before (at seed time, after the history; the ledger is
 * append-only) keep their running values. Orders that already have their ledger row are skipped,
 * so a second history run adds only its own.
 */

const CHUNK = 2_000;
const TOP_UP_STEP = 100_000;
const CREDIT_LINE = 500_000;
const MINUTE = 60_000;

type Account = (typeof ACCOUNT)[keyof typeof ACCOUNT];

interface Event {
  distributorId: number;
  adminId: number;
  at: Date;
  orderNo: string;
  payWay: number;
  amount: number;
  refund: boolean;
}

interface LedgerRow {
  distributor_id: number;
  account: Account;
  kind: number;
  change: number;
  amount_after: number;
  reference: string;
  remark: string;
  admin_id: number | null;
  created_at: string;
}

interface Written {
  ledger: LedgerRow[];
  topUps: Record<string, unknown>[];
  credits: Record<string, unknown>[];
  withdrawals: Record<string, unknown>[];
}

const json = (rows: unknown[]) => JSON.stringify(rows);
const roundUp = (n: number, step: number) => Math.ceil(n / step) * step;
const monthOf = (at: Date) => at.toISOString().slice(0, 7);
const stamp = (at: Date) => at.toISOString().replace(/\D/g, '').slice(0, 14);

interface ReplayContext {
  scenicId: number;
  staffId: number | null;
  /** who pays withdrawals out: not the approver (two people for money out, docs/accounts.md) */
  payerId: number | null;
  now: Date;
  run: string;
  seq: () => number;
}

/**
 * One distributor's money while its year is replayed: the balances and the moves that write its
 * ledger, top-ups, credit records and withdrawals into `out`, each row in time order.
 */
function replayBook(distributorId: number, adminId: number | null, ctx: ReplayContext, out: Written) {
  const s = { balance: 0, used: 0, held: 0, limit: 0 };
  // every row at or after the one before it, so time order is the order replayed
  let last = 0;
  const clamp = (at: Date | number) => {
    last = Math.max(Number(at), last + 1);
    return new Date(last);
  };
  const row = (
    account: Account,
    kind: number,
    change: number,
    at: Date,
    reference: string,
    remark: string,
  ) => {
    const after = account === ACCOUNT.balance ? s.balance : account === ACCOUNT.credit ? s.used : s.held;
    out.ledger.push({
      distributor_id: distributorId,
      account,
      kind,
      change,
      amount_after: after,
      reference,
      remark,
      admin_id:
        kind === KIND.consume || kind === KIND.creditUse
          ? adminId
          : kind === KIND.payout
            ? ctx.payerId
            : ctx.staffId,
      created_at: at.toISOString(),
    });
  };
  const topUp = (amount: number, when: Date) => {
    const at = clamp(when);
    const topUpNo = `DT${stamp(at)}${ctx.run}${String(ctx.seq()).padStart(6, '0')}`;
    s.balance += amount;
    out.topUps.push({
      distributor_id: distributorId,
      top_up_no: topUpNo,
      amount,
      bank_ref: `ICBC${stamp(at).slice(2, 12)}${String(ctx.seq()).padStart(4, '0')}`,
      transfer_date: at.toISOString().slice(0, 10),
      created_by: adminId,
      reviewed_by: ctx.staffId,
      at: at.toISOString(),
    });
    row(ACCOUNT.balance, KIND.topUp, amount, at, topUpNo, '对公转账充值');
  };
  const repay = (when: Date, remark: string) => {
    if (s.used <= 0) return;
    const at = clamp(when);
    const amount = s.used;
    s.used = 0;
    const reference = `RP${stamp(at)}${ctx.run}${String(ctx.seq()).padStart(4, '0')}`;
    out.credits.push({
      distributor_id: distributorId,
      kind: DISTRIBUTOR_CREDIT_KIND.repay,
      amount,
      limit_after: s.limit,
      used_after: 0,
      reference,
      remark,
      at: at.toISOString(),
    });
    row(ACCOUNT.credit, KIND.creditRepay, -amount, at, reference, remark);
  };
  const grant = (limit: number, when: Date) => {
    const at = clamp(when);
    s.limit = limit;
    out.credits.push({
      distributor_id: distributorId,
      kind: DISTRIBUTOR_CREDIT_KIND.limit,
      amount: limit,
      limit_after: limit,
      used_after: s.used,
      reference: '',
      remark: '年度授信',
      at: at.toISOString(),
    });
  };
  let withdrawals = 0;
  const withdraw = (when: Date, all = false) => {
    const amount = all ? s.balance : roundUp(s.balance * 0.3, 10_000) - 10_000;
    if (amount <= 0) return;
    const at = clamp(when);
    const no = `WD${at.toISOString().slice(2, 10).replaceAll('-', '')}${ctx.run}${String(ctx.seq()).padStart(8, '0')}`;
    // closed ones: mostly paid, some rejected or canceled (the demo's open ones are withdrawals.seed.ts')
    const state = all ? 3 : [3, 3, 4, 3, 5][withdrawals % 5]!;
    withdrawals += 1;
    s.balance -= amount;
    s.held += amount;
    row(ACCOUNT.balance, KIND.withdrawalHold, -amount, at, no, '提现申请');
    row(ACCOUNT.held, KIND.withdrawalHold, amount, at, no, '提现申请');
    const done = clamp(at.getTime() + MINUTE);
    if (state === 3) {
      s.held -= amount;
      row(ACCOUNT.held, KIND.payout, -amount, done, no, '提现打款');
    } else if (state === 4 || state === 5) {
      s.held -= amount;
      s.balance += amount;
      const remark = state === 4 ? '收款账户信息有误' : '申请人撤销';
      row(ACCOUNT.held, KIND.holdRelease, -amount, done, no, remark);
      row(ACCOUNT.balance, KIND.holdRelease, amount, done, no, remark);
    }
    out.withdrawals.push({
      withdrawal_no: no,
      distributor_id: distributorId,
      amount,
      state,
      remark: state === 4 ? '收款账户信息有误' : state === 5 ? '申请人撤销' : '',
      requested_by: adminId,
      reviewed_by: state === 1 || state === 5 ? null : ctx.staffId,
      reviewed_at: state === 1 || state === 5 ? null : done.toISOString(),
      paid_by: state === 3 ? ctx.payerId : null,
      paid_at: state === 3 ? done.toISOString() : null,
      bank_reference:
        state === 3 ? `CMB${stamp(done).slice(0, 8)}${String(ctx.seq()).padStart(4, '0')}` : null,
      at: at.toISOString(),
    });
  };

  return { s, clamp, row, topUp, repay, grant, withdraw };
}

/** The year of one distributor, replayed: its ledger, top-ups, credit records and withdrawals. */
function replay(
  events: Event[],
  ctx: ReplayContext,
  out: Written,
): { balance: number; used: number; held: number; limit: number } {
  const { distributorId, adminId } = events[0]!;
  const { s, clamp, row, topUp, repay, grant, withdraw } = replayBook(distributorId, adminId, ctx, out);
  let month = '';
  for (const e of events) {
    // a new month: last month's credit is repaid, and every quarter part of the balance withdrawn
    if (monthOf(e.at) !== month) {
      if (month) {
        if (Number(monthOf(e.at).slice(5)) % 3 === 0) withdraw(new Date(e.at.getTime() - 3 * MINUTE));
        repay(new Date(e.at.getTime() - MINUTE), '月结还款');
      }
      month = monthOf(e.at);
    }
    const credit = e.payWay === PAY_WAY_AGENCY_CREDIT;
    if (!e.refund && !credit) {
      if (s.balance < e.amount)
        topUp(
          Math.max(3 * TOP_UP_STEP, roundUp(e.amount - s.balance + TOP_UP_STEP, TOP_UP_STEP)),
          new Date(e.at.getTime() - 5 * MINUTE),
        );
      s.balance -= e.amount;
      row(ACCOUNT.balance, KIND.consume, -e.amount, clamp(e.at), e.orderNo, '分销购票');
    } else if (!e.refund) {
      if (s.limit < e.amount)
        grant(Math.max(CREDIT_LINE, roundUp(e.amount, TOP_UP_STEP)), new Date(e.at.getTime() - 10 * MINUTE));
      if (s.used + e.amount > s.limit) repay(new Date(e.at.getTime() - 5 * MINUTE), '额度用满还款');
      s.used += e.amount;
      row(ACCOUNT.credit, KIND.creditUse, e.amount, clamp(e.at), e.orderNo, '分销授信购票');
    } else {
      const at = clamp(e.at);
      const fromCredit = credit ? Math.min(e.amount, s.used) : 0;
      if (fromCredit > 0) {
        s.used -= fromCredit;
        row(ACCOUNT.credit, KIND.refund, -fromCredit, at, e.orderNo, '订单退款');
      }
      const toBalance = e.amount - fromCredit;
      if (toBalance > 0) {
        s.balance += toBalance;
        row(ACCOUNT.balance, KIND.refund, toBalance, at, e.orderNo, '订单退款');
      }
    }
  }
  // the year ends settled: its credit repaid and what is left on the balance paid out, so the rows
  // the demo wrote before (at seed time, after the history) keep their running values
  const end = events.at(-1)!.at.getTime();
  repay(new Date(end + MINUTE), '月结还款');
  withdraw(new Date(end + 2 * MINUTE), true);
  return s;
}

async function insertChunks(rows: readonly object[], insert: (chunk: string) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(json(rows.slice(i, i + CHUNK)));
}

export async function seedDemoDistributorLedger(
  tx: Db,
  scenicId: number,
  now = new Date(),
): Promise<{ orders: number; ledgerRows: number }> {
  const found = await queryRows<{
    distributor_id: number;
    admin_id: number;
    at: string;
    order_no: string;
    pay_way: number;
    amount: number;
    refund: boolean;
  }>(
    tx,
    sql`with fresh as (
          select o.id, o.order_no, o.pay_way, o.paid_amount, o.paid_at, d.id as distributor_id, d.admin_id
          from ticket_orders o
          join distributors d on d.admin_id = o.admin_id and d.scenic_id = o.scenic_id
          where o.scenic_id = ${scenicId} and o.pay_way in (${PAY_WAY_AGENCY_BALANCE}, ${PAY_WAY_AGENCY_CREDIT})
            and o.paid_at is not null and o.paid_amount > 0
            and not exists (select 1 from distributor_ledger l where l.scenic_id = ${scenicId}
              and l.reference = o.order_no and l.kind in (${KIND.consume}, ${KIND.creditUse})))
        select distributor_id, admin_id, paid_at as at, order_no, pay_way, paid_amount as amount, false as refund from fresh
        union all
        select f.distributor_id, f.admin_id, coalesce(r.done_at, r.created_at), f.order_no, f.pay_way, r.amount, true
        from fresh f join refunds r on r.order_id = f.id and r.status in ('done', 'external')
        order by 1, 3`,
  );
  if (!found.length) return { orders: 0, ledgerRows: 0 };
  const [staff] = await queryRows<{ id: number }>(tx, sql`select id from admins where username = 'admin'`);
  const [payer] = await queryRows<{ id: number }>(tx, sql`select id from admins where username = 'staff'`);
  let n = 0;
  // numbers unique across runs (a second `npm run seed -- --orders N` adds another history)
  const run = crypto.randomBytes(2).toString('hex').toUpperCase();
  const ctx = {
    scenicId,
    staffId: staff ? Number(staff.id) : null,
    payerId: payer ? Number(payer.id) : null,
    now,
    run,
    seq: () => ++n,
  };
  const out: Written = { ledger: [], topUps: [], credits: [], withdrawals: [] };
  const byDistributor = new Map<number, Event[]>();
  for (const f of found) {
    const list = byDistributor.get(Number(f.distributor_id)) ?? [];
    list.push({
      distributorId: Number(f.distributor_id),
      adminId: Number(f.admin_id),
      at: new Date(f.at),
      orderNo: f.order_no,
      payWay: Number(f.pay_way),
      amount: Number(f.amount),
      refund: f.refund === true || String(f.refund) === 'true',
    });
    byDistributor.set(Number(f.distributor_id), list);
  }
  const finals: Record<string, unknown>[] = [];
  for (const [distributorId, events] of byDistributor) {
    events.sort((a, b) => a.at.getTime() - b.at.getTime() || Number(a.refund) - Number(b.refund));
    const s = replay(events, ctx, out);
    if (s.balance !== 0 || s.held !== 0 || s.used !== 0)
      throw new Error(`demo history of distributor ${distributorId} does not end settled`);
    finals.push({ id: distributorId, limit: s.limit });
  }

  await insertChunks(out.ledger, (chunk) =>
    tx.execute(sql`insert into distributor_ledger (scenic_id, distributor_id, account, kind, change, amount_after,
        reference, remark, admin_id, created_at)
      select ${scenicId}, distributor_id, account, kind, change, amount_after, reference, remark, admin_id, created_at
      from json_to_recordset(${chunk}::json) as x(distributor_id int, account text, kind smallint, change int,
        amount_after int, reference text, remark text, admin_id int, created_at timestamptz)`),
  );
  await insertChunks(out.topUps, (chunk) =>
    tx.execute(sql`insert into distributor_top_ups (scenic_id, distributor_id, top_up_no, amount, bank_ref,
        transfer_date, state, remark, created_by, reviewed_by, reviewed_at, review_remark, created_at, updated_at)
      select ${scenicId}, distributor_id, top_up_no, amount, bank_ref, transfer_date::date, 2, '对公转账', created_by,
        reviewed_by, at, '财务已核对到账', at, at
      from json_to_recordset(${chunk}::json) as x(distributor_id int, top_up_no text, amount int, bank_ref text,
        transfer_date text, created_by int, reviewed_by int, at timestamptz)`),
  );
  await insertChunks(out.credits, (chunk) =>
    tx.execute(sql`insert into distributor_credit_records (scenic_id, distributor_id, kind, amount, limit_after,
        used_after, reference, remark, admin_id, created_at)
      select ${scenicId}, distributor_id, kind, amount, limit_after, used_after, reference, remark, ${ctx.staffId}, at
      from json_to_recordset(${chunk}::json) as x(distributor_id int, kind smallint, amount int, limit_after int,
        used_after int, reference text, remark text, at timestamptz)`),
  );
  await insertChunks(out.withdrawals, (chunk) =>
    tx.execute(sql`insert into distributor_withdrawals (scenic_id, withdrawal_no, distributor_id, amount, bank_name,
        bank_account, account_name, state, remark, requested_by, reviewed_by, reviewed_at, review_remark, paid_by,
        paid_at, bank_reference, created_at, updated_at)
      select ${scenicId}, x.withdrawal_no, x.distributor_id, x.amount, '招商银行杭州分行', '6214830571234567', d.company,
        x.state, '', x.requested_by, x.reviewed_by, x.reviewed_at, x.remark, x.paid_by, x.paid_at, x.bank_reference,
        x.at, coalesce(x.paid_at, x.reviewed_at, x.at)
      from json_to_recordset(${chunk}::json) as x(withdrawal_no text, distributor_id int, amount int, state smallint,
        remark text, requested_by int, reviewed_by int, reviewed_at timestamptz, paid_by int, paid_at timestamptz,
        bank_reference text, at timestamptz)
      join distributors d on d.id = x.distributor_id`),
  );
  // a line granted by the history stays where the demo set none (its balance and held end at 0)
  await tx.execute(sql`update distributors d set credit_limit = f."limit", updated_at = now()
    from json_to_recordset(${json(finals)}::json) as f(id int, "limit" int)
    where d.id = f.id and d.credit_limit = 0 and f."limit" > 0`);
  return { orders: found.filter((f) => !f.refund).length, ledgerRows: out.ledger.length };
}
