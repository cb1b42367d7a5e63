import { sql } from 'drizzle-orm';
import { BALANCE_OP, MEMBER_STATUS, type BalanceOpCode } from '../../../shared/dict/members.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { formatCents } from '../../../shared/money.ts';

/**
 * The stored value of members (docs/decisions.md "Stored value"): `members.balance` changes only
 * here, by one guarded UPDATE in the caller's transaction followed by its ledger row, so the
 * balance always equals the sum of the ledger (`npm run check:ledgers`).
 */

export interface BalanceMove {
  scenicId: number;
  memberId: number;
  operation: BalanceOpCode;
  /** cents, > 0; the direction comes from the operation (adjustments: `signed`) */
  amount: number;
  /** The ticket order, top-up or refund it belongs to */
  reference?: string | undefined;
  remark?: string | undefined;
  adminId?: number | null | undefined;
}

export interface LedgerEntry {
  id: number;
  memberId: number;
  operation: number;
  change: number;
  balanceAfter: number;
}

async function insertLedger(tx: Db, move: BalanceMove, change: number, balanceAfter: number) {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into member_ledger (scenic_id, member_id, operation, change, balance_after, reference, remark, admin_id)
        values (${move.scenicId}, ${move.memberId}, ${move.operation}, ${change}, ${balanceAfter},
          ${(move.reference ?? '').slice(0, 40)}, ${(move.remark ?? '').slice(0, 200)}, ${move.adminId ?? null})
        returning id`,
  );
  return {
    id: Number(row!.id),
    memberId: move.memberId,
    operation: move.operation,
    change,
    balanceAfter,
  };
}

/** Why a guarded update matched no row: no such member (404), frozen (409) or not enough money (409). */
async function refusal(tx: Db, move: BalanceMove): Promise<AppError> {
  const [member] = await queryRows<{ balance: number; status: number }>(
    tx,
    sql`select balance, status from members where id = ${move.memberId} and scenic_id = ${move.scenicId}`,
  );
  if (!member) return new AppError(404, 'memberNotFound');
  if (Number(member.status) === MEMBER_STATUS.frozen) return new AppError(409, 'memberFrozen');
  return new AppError(409, 'balanceInsufficient', {
    params: { balance: formatCents(Number(member.balance)), amount: formatCents(move.amount) },
  });
}

/**
 * Takes money off a member's balance (consume): `balance >= amount` and an active member in the
 * UPDATE itself, so parallel spends of one balance can never take more than it holds.
 */
export async function debitBalance(tx: Db, move: BalanceMove): Promise<LedgerEntry> {
  if (!Number.isInteger(move.amount) || move.amount <= 0) throw new Error('debit needs a positive amount');
  const [row] = await queryRows<{ balance: number }>(
    tx,
    sql`update members set balance = balance - ${move.amount}, updated_at = now()
        where id = ${move.memberId} and scenic_id = ${move.scenicId}
          and status = ${MEMBER_STATUS.active} and balance >= ${move.amount}
        returning balance`,
  );
  if (!row) throw await refusal(tx, move);
  return insertLedger(tx, move, -move.amount, Number(row.balance));
}

/**
 * Adds money to a member's balance (top-up, its gift, a refund). A frozen member still receives
 * refunds; top-ups are refused before they are paid (recharges).
 */
export async function creditBalance(tx: Db, move: BalanceMove): Promise<LedgerEntry> {
  if (!Number.isInteger(move.amount) || move.amount <= 0) throw new Error('credit needs a positive amount');
  const [row] = await queryRows<{ balance: number }>(
    tx,
    sql`update members set balance = balance + ${move.amount}, updated_at = now()
        where id = ${move.memberId} and scenic_id = ${move.scenicId}
        returning balance`,
  );
  if (!row) throw new AppError(404, 'memberNotFound');
  return insertLedger(tx, move, move.amount, Number(row.balance));
}

/** A staff adjustment, either way (operation 5); a debit is guarded like any other. */
export async function adjustBalance(tx: Db, move: Omit<BalanceMove, 'operation'> & { change: number }) {
  const base = { ...move, operation: BALANCE_OP.adjust, amount: Math.abs(move.change) };
  if (move.change > 0) return creditBalance(tx, base);
  const [row] = await queryRows<{ balance: number }>(
    tx,
    sql`update members set balance = balance - ${base.amount}, updated_at = now()
        where id = ${move.memberId} and scenic_id = ${move.scenicId} and balance >= ${base.amount}
        returning balance`,
  );
  if (!row) throw await refusal(tx, base);
  return insertLedger(tx, base, -base.amount, Number(row.balance));
}

/** Members whose balance differs from the sum of their ledger (none, unless something bypassed this file). */
export async function ledgerMismatches(
  db: Db,
  scenicId?: number,
): Promise<{ memberId: number; balance: number; ledger: number }[]> {
  const rows = await queryRows<{ member_id: number; balance: number; ledger: number }>(
    db,
    sql`select m.id as member_id, m.balance, coalesce(sum(l.change), 0) as ledger
        from members m left join member_ledger l on l.member_id = m.id
        ${scenicId == null ? sql`` : sql`where m.scenic_id = ${scenicId}`}
        group by m.id, m.balance
        having m.balance <> coalesce(sum(l.change), 0)`,
  );
  return rows.map((r) => ({
    memberId: Number(r.member_id),
    balance: Number(r.balance),
    ledger: Number(r.ledger),
  }));
}
