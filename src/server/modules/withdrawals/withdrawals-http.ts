import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { WithdrawalPage, WithdrawalRow } from '../../../shared/api/withdrawals.ts';
import { withdrawalSpecCodes, type WithdrawalStateCode } from '../../../shared/dict/withdrawals.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { ownerScope, scenicScope } from '../../http/access.ts';
import { distributorOfAccount } from '../distribution/index.ts';

/**
 * The distributor a distributor's account acts for (null: staff, every distributor of the area;
 * 0: a distributor account without a distributor, which sees nothing).
 */
export async function ownDistributor(db: Db, req: FastifyRequest): Promise<number | null> {
  const owner = ownerScope(req);
  if (owner == null) return null;
  const d = await distributorOfAccount(db, scenicScope(req), owner);
  return d?.id ?? 0;
}

const mask = (account: string) => (account.length > 4 ? `****${account.slice(-4)}` : '****');

const SORT: Record<NonNullable<WithdrawalPage['sort']>, SQL> = {
  createTime: sql`w.created_at`,
  amount: sql`w.amount`,
};

/** Withdrawal rows of `where`, bank accounts masked. */
export async function listWithdrawals(
  db: Db,
  where: SQL,
  q: Pick<WithdrawalPage, 'sort' | 'order'>,
  offset: number,
  limit: number,
): Promise<WithdrawalRow[]> {
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select w.*, d.company, ra.username as requested_name, rv.username as reviewed_name
        from distributor_withdrawals w
        join distributors d on d.id = w.distributor_id
        left join admins ra on ra.id = w.requested_by
        left join admins rv on rv.id = w.reviewed_by
        where ${where}
        order by ${SORT[q.sort ?? 'createTime']} ${dir}, w.id ${dir}
        limit ${limit} offset ${offset}`,
  );
  const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
  return rows.map((r) => {
    const state = Number(r.state) as WithdrawalStateCode;
    const spec = withdrawalSpecCodes(state);
    return {
      id: Number(r.id),
      withdrawalNo: String(r.withdrawal_no),
      distributorId: Number(r.distributor_id),
      distributorName: String(r.company),
      amount: Number(r.amount),
      bankName: String(r.bank_name),
      bankAccount: mask(String(r.bank_account)),
      accountName: String(r.account_name),
      state,
      review: spec.review,
      bankState: spec.bank,
      requestedBy: String(r.requested_name ?? ''),
      reviewedBy: r.reviewed_name == null ? null : String(r.reviewed_name),
      reviewRemark: String(r.review_remark ?? ''),
      bankReference: r.bank_reference == null ? null : String(r.bank_reference),
      remark: String(r.remark ?? ''),
      createTime: iso(r.created_at)!,
      reviewedAt: iso(r.reviewed_at),
      paidAt: iso(r.paid_at),
    };
  });
}

/** One withdrawal as its list row (what the apply and move answers show). */
export const withdrawalRow = async (db: Db, id: number): Promise<WithdrawalRow> =>
  (await listWithdrawals(db, sql`w.id = ${id}`, { order: 'desc' }, 0, 1))[0]!;
