import { sql } from 'drizzle-orm';
import { ADM_TYPE } from '../../../shared/dict/account.ts';
import {
  DISTRIBUTOR_ACCOUNT as ACCOUNT,
  DISTRIBUTOR_LEDGER_KIND as KIND,
  DISTRIBUTOR_STATE,
  type DistributorAccountCode,
  type DistributorLedgerKindCode,
  type DistributorStateCode,
} from '../../../shared/dict/distribution.ts';
import { PAY_WAY_AGENCY_BALANCE, PAY_WAY_AGENCY_CREDIT } from '../../../shared/dict/order.ts';
import { formatCents } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';

/**
 * The stored value of distributors (docs/decisions.md "Distributor balance and credit"):
 * `distributors.balance`, `credit_used` and `held` change only here, each by one guarded UPDATE in
 * the caller's transaction followed by its ledger row, so each equals the sum of its account's
 * ledger rows (`npm run check:ledgers`). Distributor rows are locked `FOR NO KEY UPDATE` (the
 * UPDATEs take that lock too), never `FOR UPDATE`: the ledger's foreign key takes `KEY SHARE`.
 */

/** Pay way 5 (the prepaid balance) or 8 (the credit). */
export type AgencyPayWay = typeof PAY_WAY_AGENCY_BALANCE | typeof PAY_WAY_AGENCY_CREDIT;

export interface DistributorMove {
  scenicId: number;
  distributorId: number;
  /** cents, > 0 */
  amount: number;
  /** The ticket order, top-up or repayment it belongs to */
  reference?: string | undefined;
  remark?: string | undefined;
  adminId?: number | null | undefined;
}

export interface DistributorLedgerEntry {
  id: number;
  distributorId: number;
  account: DistributorAccountCode;
  kind: DistributorLedgerKindCode;
  change: number;
  amountAfter: number;
}

/** The account a pay way moves. */
export const accountOfPayWay = (payWay: AgencyPayWay): 'balance' | 'credit' =>
  payWay === PAY_WAY_AGENCY_CREDIT ? ACCOUNT.credit : ACCOUNT.balance;

function checkAmount(amount: number) {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error('a distributor move needs a positive amount');
}

async function insertLedger(
  tx: Db,
  move: DistributorMove,
  entry: { account: DistributorAccountCode; kind: DistributorLedgerKindCode; change: number; after: number },
): Promise<DistributorLedgerEntry> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into distributor_ledger (scenic_id, distributor_id, account, kind, change, amount_after, reference, remark, admin_id)
        values (${move.scenicId}, ${move.distributorId}, ${entry.account}, ${entry.kind}, ${entry.change}, ${entry.after},
          ${(move.reference ?? '').slice(0, 40)}, ${(move.remark ?? '').slice(0, 200)}, ${move.adminId ?? null})
        returning id`,
  );
  return {
    id: Number(row!.id),
    distributorId: move.distributorId,
    account: entry.account,
    kind: entry.kind,
    change: entry.change,
    amountAfter: entry.after,
  };
}

interface DistributorMoney {
  state: number;
  balance: number;
  creditLimit: number;
  creditUsed: number;
  held: number;
}

async function moneyOf(tx: Db, scenicId: number, distributorId: number): Promise<DistributorMoney | null> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select state, balance, credit_limit, credit_used, held from distributors
        where id = ${distributorId} and scenic_id = ${scenicId}`,
  );
  if (!row) return null;
  return {
    state: Number(row.state),
    balance: Number(row.balance),
    creditLimit: Number(row.credit_limit),
    creditUsed: Number(row.credit_used),
    held: Number(row.held),
  };
}

/** Why a guarded debit matched no row: no such distributor (404), not normal (409), not enough (409, in yuan). */
async function refusal(tx: Db, move: DistributorMove, account: 'balance' | 'credit'): Promise<AppError> {
  const d = await moneyOf(tx, move.scenicId, move.distributorId);
  if (!d) return new AppError(404, 'distributorNotFound');
  if (d.state === DISTRIBUTOR_STATE.frozen) return new AppError(409, 'distributorFrozen');
  if (d.state !== DISTRIBUTOR_STATE.normal) return new AppError(409, 'distributorNotNormal');
  if (account === ACCOUNT.balance)
    return new AppError(409, 'distributorBalanceInsufficient', {
      params: { balance: formatCents(d.balance), amount: formatCents(move.amount) },
    });
  return new AppError(409, 'distributorCreditInsufficient', {
    params: {
      available: formatCents(d.creditLimit - d.creditUsed),
      limit: formatCents(d.creditLimit),
      used: formatCents(d.creditUsed),
      amount: formatCents(move.amount),
    },
  });
}

/**
 * Pays with the distributor's stored value (T2): pay way 5 takes it off the balance
 * (`balance >= amount` in the UPDATE, ledger kind consume), pay way 8 uses credit
 * (`credit_used + amount <= credit_limit`, kind credit use). Only a normal distributor (state 1)
 * pays; parallel debits can never take more than there is.
 */
export async function debitDistributor(
  tx: Db,
  move: DistributorMove & { payWay: AgencyPayWay },
): Promise<DistributorLedgerEntry> {
  checkAmount(move.amount);
  const account = accountOfPayWay(move.payWay);
  const where = sql`id = ${move.distributorId} and scenic_id = ${move.scenicId} and state = ${DISTRIBUTOR_STATE.normal}`;
  const [row] = await queryRows<{ after: number }>(
    tx,
    account === ACCOUNT.balance
      ? sql`update distributors set balance = balance - ${move.amount}, updated_at = now()
            where ${where} and balance >= ${move.amount}
            returning balance as after`
      : sql`update distributors set credit_used = credit_used + ${move.amount}, updated_at = now()
            where ${where} and credit_used + ${move.amount} <= credit_limit
            returning credit_used as after`,
  );
  if (!row) throw await refusal(tx, move, account);
  return account === ACCOUNT.balance
    ? insertLedger(tx, move, { account, kind: KIND.consume, change: -move.amount, after: Number(row.after) })
    : insertLedger(tx, move, {
        account,
        kind: KIND.creditUse,
        change: move.amount,
        after: Number(row.after),
      });
}

/**
 * A refund goes back where the money came from (ledger kind refund): pay way 5 to the balance; pay
 * way 8 lowers the credit used, and what exceeds the credit still used (it was repaid meanwhile)
 * goes to the balance. A distributor in any state receives refunds.
 */
export async function creditDistributor(
  tx: Db,
  move: DistributorMove & { payWay: AgencyPayWay },
): Promise<DistributorLedgerEntry[]> {
  checkAmount(move.amount);
  const [locked] = await queryRows<{ credit_used: number }>(
    tx,
    sql`select credit_used from distributors where id = ${move.distributorId} and scenic_id = ${move.scenicId}
        for no key update`,
  );
  if (!locked) throw new AppError(404, 'distributorNotFound');
  const fromCredit =
    accountOfPayWay(move.payWay) === ACCOUNT.credit ? Math.min(move.amount, Number(locked.credit_used)) : 0;
  const toBalance = move.amount - fromCredit;
  const entries: DistributorLedgerEntry[] = [];
  if (fromCredit > 0) {
    const [row] = await queryRows<{ credit_used: number }>(
      tx,
      sql`update distributors set credit_used = credit_used - ${fromCredit}, updated_at = now()
          where id = ${move.distributorId} returning credit_used`,
    );
    entries.push(
      await insertLedger(tx, move, {
        account: ACCOUNT.credit,
        kind: KIND.refund,
        change: -fromCredit,
        after: Number(row!.credit_used),
      }),
    );
  }
  if (toBalance > 0) entries.push(await addToBalance(tx, move, toBalance, KIND.refund));
  return entries;
}

async function addToBalance(
  tx: Db,
  move: DistributorMove,
  amount: number,
  kind: DistributorLedgerKindCode,
): Promise<DistributorLedgerEntry> {
  const [row] = await queryRows<{ balance: number }>(
    tx,
    sql`update distributors set balance = balance + ${amount}, updated_at = now()
        where id = ${move.distributorId} and scenic_id = ${move.scenicId}
        returning balance`,
  );
  if (!row) throw new AppError(404, 'distributorNotFound');
  return insertLedger(tx, move, {
    account: ACCOUNT.balance,
    kind,
    change: amount,
    after: Number(row.balance),
  });
}

/** A top-up of the prepaid balance (a bank transfer confirmed by finance): ledger kind top-up. */
export function topUpDistributor(tx: Db, move: DistributorMove): Promise<DistributorLedgerEntry> {
  checkAmount(move.amount);
  return addToBalance(tx, move, move.amount, KIND.topUp);
}

/** A repayment of credit (money received outside): the credit used goes down, never below 0 (409). */
export async function repayDistributorCredit(tx: Db, move: DistributorMove): Promise<DistributorLedgerEntry> {
  checkAmount(move.amount);
  const [row] = await queryRows<{ credit_used: number }>(
    tx,
    sql`update distributors set credit_used = credit_used - ${move.amount}, updated_at = now()
        where id = ${move.distributorId} and scenic_id = ${move.scenicId} and credit_used >= ${move.amount}
        returning credit_used`,
  );
  if (!row) {
    const d = await moneyOf(tx, move.scenicId, move.distributorId);
    if (!d) throw new AppError(404, 'distributorNotFound');
    throw new AppError(409, 'distributorRepayExceedsUsed', {
      params: { amount: formatCents(move.amount), used: formatCents(d.creditUsed) },
    });
  }
  return insertLedger(tx, move, {
    account: ACCOUNT.credit,
    kind: KIND.creditRepay,
    change: -move.amount,
    after: Number(row.credit_used),
  });
}

/** Grants credit: the limit (cents) may not go below the credit used (409). No ledger row: the ledger follows the credit used. */
export async function setDistributorCreditLimit(
  tx: Db,
  input: { scenicId: number; distributorId: number; creditLimit: number },
): Promise<{ creditLimit: number; creditUsed: number }> {
  if (!Number.isInteger(input.creditLimit) || input.creditLimit < 0)
    throw new Error('a credit limit is a whole number of cents, 0 or more');
  const [row] = await queryRows<{ credit_limit: number; credit_used: number }>(
    tx,
    sql`update distributors set credit_limit = ${input.creditLimit}, updated_at = now()
        where id = ${input.distributorId} and scenic_id = ${input.scenicId} and credit_used <= ${input.creditLimit}
        returning credit_limit, credit_used`,
  );
  if (!row) {
    const d = await moneyOf(tx, input.scenicId, input.distributorId);
    if (!d) throw new AppError(404, 'distributorNotFound');
    throw new AppError(409, 'distributorCreditBelowUsed', { params: { used: formatCents(d.creditUsed) } });
  }
  return { creditLimit: Number(row.credit_limit), creditUsed: Number(row.credit_used) };
}

/**
 * A refund of a payment made with a distributor's stored value, found by the debit of that
 * reference (the order number): back to that distributor, on the account it came from.
 */
export async function refundDistributorPayment(
  tx: Db,
  input: { scenicId: number; reference: string; amount: number; remark?: string; adminId?: number | null },
): Promise<DistributorLedgerEntry[]> {
  const [debit] = await queryRows<{ distributor_id: number; account: string }>(
    tx,
    sql`select distributor_id, account from distributor_ledger
        where scenic_id = ${input.scenicId} and reference = ${input.reference}
          and kind in (${KIND.consume}, ${KIND.creditUse})
        order by id limit 1`,
  );
  if (!debit) throw new AppError(409, 'distributorPaymentNotFound', { params: { orderNo: input.reference } });
  return creditDistributor(tx, {
    scenicId: input.scenicId,
    distributorId: Number(debit.distributor_id),
    payWay: debit.account === ACCOUNT.credit ? PAY_WAY_AGENCY_CREDIT : PAY_WAY_AGENCY_BALANCE,
    amount: input.amount,
    reference: input.reference,
    remark: input.remark,
    adminId: input.adminId,
  });
}

/** The distributor whose login account this is, in this area (null: the account is not a distributor's). */
export async function distributorOfAccount(
  db: Db,
  scenicId: number,
  adminId: number,
): Promise<{ id: number; state: number } | null> {
  const [row] = await queryRows<{ id: number; state: number }>(
    db,
    sql`select id, state from distributors where scenic_id = ${scenicId} and admin_id = ${adminId}`,
  );
  return row ? { id: Number(row.id), state: Number(row.state) } : null;
}

export interface NewDistributor {
  scenicId: number;
  /** A distributor account (admType 3) of the area; may be left out while it applies (state 4) or is not enabled (3) */
  adminId?: number | null | undefined;
  company: string;
  contact?: string | undefined;
  phone?: string | undefined;
  state: DistributorStateCode;
  creditLimit?: number | undefined;
  remark?: string | undefined;
}

/** Creates a distributor with no money yet (a top-up or a credit grant follows through this file). */
export async function createDistributor(tx: Db, input: NewDistributor): Promise<{ id: number }> {
  if (input.adminId != null) {
    const [account] = await queryRows<{ id: number }>(
      tx,
      sql`select id from admins where id = ${input.adminId} and scenic_id = ${input.scenicId}
            and adm_type = ${ADM_TYPE.distributor}`,
    );
    if (!account) throw new AppError(400, 'distributorAccountInvalid');
    if (await distributorOfAccount(tx, input.scenicId, input.adminId))
      throw new AppError(409, 'distributorAccountTaken');
  }
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into distributors (scenic_id, admin_id, company, contact, phone, state, credit_limit, remark)
        values (${input.scenicId}, ${input.adminId ?? null}, ${input.company}, ${input.contact ?? ''},
          ${input.phone ?? ''}, ${input.state}, ${input.creditLimit ?? 0}, ${input.remark ?? ''})
        returning id`,
  );
  return { id: Number(row!.id) };
}

/** Sets a distributor's channel state (a normal or frozen distributor has its login account: the database checks it). */
export async function setDistributorState(
  tx: Db,
  input: { scenicId: number; distributorId: number; state: DistributorStateCode },
): Promise<void> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`update distributors set state = ${input.state}, updated_at = now()
        where id = ${input.distributorId} and scenic_id = ${input.scenicId} returning id`,
  );
  if (!row) throw new AppError(404, 'distributorNotFound');
}

export interface DistributorLedgerMismatch {
  distributorId: number;
  account: DistributorAccountCode;
  /** The distributor's column: balance, credit_used or held */
  value: number;
  /** The sum of its ledger rows of that account */
  ledger: number;
}

/**
 * Distributors whose balance, credit used or held money differs from the sum of that account's
 * ledger rows (none, unless something bypassed this file).
 */
export async function distributorLedgerMismatches(
  db: Db,
  scenicId?: number,
): Promise<DistributorLedgerMismatch[]> {
  const sum = (account: DistributorAccountCode) =>
    sql`coalesce(sum(l.change) filter (where l.account = ${account}), 0)`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select d.id, d.balance, d.credit_used, d.held,
          ${sum(ACCOUNT.balance)} as balance_ledger, ${sum(ACCOUNT.credit)} as credit_ledger,
          ${sum(ACCOUNT.held)} as held_ledger
        from distributors d left join distributor_ledger l on l.distributor_id = d.id
        ${scenicId == null ? sql`` : sql`where d.scenic_id = ${scenicId}`}
        group by d.id, d.balance, d.credit_used, d.held
        having d.balance <> ${sum(ACCOUNT.balance)} or d.credit_used <> ${sum(ACCOUNT.credit)}
          or d.held <> ${sum(ACCOUNT.held)}`,
  );
  const found: DistributorLedgerMismatch[] = [];
  for (const r of rows) {
    const pairs: [DistributorAccountCode, unknown, unknown][] = [
      [ACCOUNT.balance, r.balance, r.balance_ledger],
      [ACCOUNT.credit, r.credit_used, r.credit_ledger],
      [ACCOUNT.held, r.held, r.held_ledger],
    ];
    for (const [account, value, ledger] of pairs)
      if (Number(value) !== Number(ledger))
        found.push({ distributorId: Number(r.id), account, value: Number(value), ledger: Number(ledger) });
  }
  return found;
}

/**
 * A withdrawal request (ledger kind 6 on both accounts): the amount leaves the balance
 * (`balance >= amount` in the UPDATE) and is held until it is paid out or released. Any number of
 * parallel requests can never hold more than the balance (409 with the balance in yuan).
 */
export async function holdForWithdrawal(tx: Db, move: DistributorMove): Promise<DistributorLedgerEntry[]> {
  checkAmount(move.amount);
  const [row] = await queryRows<{ balance: number; held: number }>(
    tx,
    sql`update distributors set balance = balance - ${move.amount}, held = held + ${move.amount}, updated_at = now()
        where id = ${move.distributorId} and scenic_id = ${move.scenicId} and balance >= ${move.amount}
        returning balance, held`,
  );
  if (!row) {
    const d = await moneyOf(tx, move.scenicId, move.distributorId);
    if (!d) throw new AppError(404, 'distributorNotFound');
    throw new AppError(409, 'distributorBalanceInsufficient', {
      params: { balance: formatCents(d.balance), amount: formatCents(move.amount) },
    });
  }
  return [
    await insertLedger(tx, move, {
      account: ACCOUNT.balance,
      kind: KIND.withdrawalHold,
      change: -move.amount,
      after: Number(row.balance),
    }),
    await insertLedger(tx, move, {
      account: ACCOUNT.held,
      kind: KIND.withdrawalHold,
      change: move.amount,
      after: Number(row.held),
    }),
  ];
}

/** A rejected or canceled withdrawal: the held amount returns to the balance (kind 7 on both accounts). */
export async function releaseWithdrawalHold(
  tx: Db,
  move: DistributorMove,
): Promise<DistributorLedgerEntry[]> {
  checkAmount(move.amount);
  const [row] = await queryRows<{ balance: number; held: number }>(
    tx,
    sql`update distributors set balance = balance + ${move.amount}, held = held - ${move.amount}, updated_at = now()
        where id = ${move.distributorId} and scenic_id = ${move.scenicId} and held >= ${move.amount}
        returning balance, held`,
  );
  if (!row) throw new AppError(409, 'distributorHeldInsufficient');
  return [
    await insertLedger(tx, move, {
      account: ACCOUNT.held,
      kind: KIND.holdRelease,
      change: -move.amount,
      after: Number(row.held),
    }),
    await insertLedger(tx, move, {
      account: ACCOUNT.balance,
      kind: KIND.holdRelease,
      change: move.amount,
      after: Number(row.balance),
    }),
  ];
}

/** A withdrawal paid out by bank transfer: the held amount leaves the distributor (kind 8). */
export async function payOutWithdrawal(tx: Db, move: DistributorMove): Promise<DistributorLedgerEntry> {
  checkAmount(move.amount);
  const [row] = await queryRows<{ held: number }>(
    tx,
    sql`update distributors set held = held - ${move.amount}, updated_at = now()
        where id = ${move.distributorId} and scenic_id = ${move.scenicId} and held >= ${move.amount}
        returning held`,
  );
  if (!row) throw new AppError(409, 'distributorHeldInsufficient');
  return insertLedger(tx, move, {
    account: ACCOUNT.held,
    kind: KIND.payout,
    change: -move.amount,
    after: Number(row.held),
  });
}
