import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  WITHDRAWAL_TRANSITIONS,
  type WithdrawalMove,
} from '../../../shared/domain/withdrawal-transitions.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, statusIn } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { holdForWithdrawal, payOutWithdrawal, releaseWithdrawalHold } from '../distribution/index.ts';
import { getScenicSettings } from '../settings/index.ts';

export interface WithdrawalRequest {
  scenicId: number;
  distributorId: number;
  amount: number;
  bankName: string;
  bankAccount: string;
  accountName: string;
  remark?: string | undefined;
  requestedBy: number | null;
}

export interface StoredWithdrawal {
  id: number;
  withdrawalNo: string;
  distributorId: number;
  amount: number;
  state: number;
}

const newWithdrawalNo = () =>
  `WD${new Date().toISOString().slice(2, 10).replaceAll('-', '')}${crypto.randomBytes(5).toString('hex').toUpperCase()}`;

const stored = (r: Record<string, unknown>): StoredWithdrawal => ({
  id: Number(r.id),
  withdrawalNo: String(r.withdrawal_no),
  distributorId: Number(r.distributor_id),
  amount: Number(r.amount),
  state: Number(r.state),
});

/**
 * A withdrawal request: the row and the hold of its amount (balance → held, guarded) in one
 * transaction, so a request never holds more than the balance (409, nothing written).
 */
export async function requestWithdrawal(db: Db, input: WithdrawalRequest): Promise<StoredWithdrawal> {
  return db.transaction(async (tx) => {
    const withdrawalNo = newWithdrawalNo();
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`insert into distributor_withdrawals
            (scenic_id, withdrawal_no, distributor_id, amount, bank_name, bank_account, account_name, remark, requested_by)
          select ${input.scenicId}, ${withdrawalNo}, d.id, ${input.amount}, ${input.bankName},
            ${input.bankAccount.replaceAll(' ', '')}, ${input.accountName}, ${input.remark ?? ''}, ${input.requestedBy}
          from distributors d where d.id = ${input.distributorId} and d.scenic_id = ${input.scenicId}
          returning id, withdrawal_no, distributor_id, amount, state`,
    );
    if (!row) throw new AppError(404, 'distributorNotFound');
    await holdForWithdrawal(tx, {
      scenicId: input.scenicId,
      distributorId: input.distributorId,
      amount: input.amount,
      reference: withdrawalNo,
      remark: input.remark,
      adminId: input.requestedBy,
    });
    return stored(row);
  });
}

/**
 * Moves a withdrawal along WITHDRAWAL_TRANSITIONS by compare-and-set, with its money in the same
 * transaction: reject and cancel release the hold, pay pays it out. Approve, reject and pay are
 * refused to the account that requested it (409), and pay to the account that approved it while
 * the area's two-person payout is on (409, its default). `distributorId` limits the move to that
 * distributor's withdrawals (a distributor cancelling its own).
 */
export async function moveWithdrawal(
  db: Db,
  input: {
    scenicId: number;
    id: number;
    move: WithdrawalMove;
    actorId: number;
    distributorId?: number | null | undefined;
    remark?: string | undefined;
    bankReference?: string | undefined;
  },
): Promise<StoredWithdrawal> {
  const { from, to } = WITHDRAWAL_TRANSITIONS[input.move];
  const bySomeoneElse = input.move !== 'cancel';
  return db.transaction(async (tx) => {
    // two people for money out (docs/accounts.md "Decisions on sessions and money out")
    const notByApprover =
      input.move === 'pay' && (await getScenicSettings(tx, input.scenicId)).twoPersonPayout;
    const set =
      input.move === 'pay'
        ? sql`paid_by = ${input.actorId}, paid_at = now(), bank_reference = ${input.bankReference ?? ''}`
        : input.move === 'cancel'
          ? sql`review_remark = ${input.remark ?? ''}`
          : sql`reviewed_by = ${input.actorId}, reviewed_at = now(), review_remark = ${input.remark ?? ''}`;
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`update distributor_withdrawals set state = ${to}, ${set}, updated_at = now()
          where id = ${input.id} and scenic_id = ${input.scenicId} and state in ${statusIn(from)}
            ${input.distributorId != null ? sql`and distributor_id = ${input.distributorId}` : sql``}
            ${bySomeoneElse ? sql`and requested_by is distinct from ${input.actorId}` : sql``}
            ${notByApprover ? sql`and reviewed_by is distinct from ${input.actorId}` : sql``}
          returning id, withdrawal_no, distributor_id, amount, state`,
    );
    if (!row) throw await refusal(tx, input, bySomeoneElse, notByApprover);
    const after = stored(row);
    const move = {
      scenicId: input.scenicId,
      distributorId: after.distributorId,
      amount: after.amount,
      reference: after.withdrawalNo,
      remark: input.remark ?? input.bankReference,
      adminId: input.actorId,
    };
    if (input.move === 'reject' || input.move === 'cancel') await releaseWithdrawalHold(tx, move);
    if (input.move === 'pay') await payOutWithdrawal(tx, move);
    return after;
  });
}

async function refusal(
  tx: Db,
  input: { scenicId: number; id: number; actorId: number; distributorId?: number | null | undefined },
  bySomeoneElse: boolean,
  notByApprover: boolean,
): Promise<AppError> {
  const [row] = await queryRows<{ state: number; requested_by: number | null; reviewed_by: number | null }>(
    tx,
    sql`select state, requested_by, reviewed_by from distributor_withdrawals
        where id = ${input.id} and scenic_id = ${input.scenicId}
          ${input.distributorId != null ? sql`and distributor_id = ${input.distributorId}` : sql``}`,
  );
  if (!row) return new AppError(404, 'withdrawalNotFound');
  if (bySomeoneElse && row.requested_by != null && Number(row.requested_by) === input.actorId)
    return new AppError(409, 'withdrawalSelfReview');
  if (
    notByApprover &&
    (WITHDRAWAL_TRANSITIONS.pay.from as readonly number[]).includes(Number(row.state)) &&
    row.reviewed_by != null &&
    Number(row.reviewed_by) === input.actorId
  )
    return new AppError(409, 'withdrawalTwoPersonPayout');
  return new AppError(409, 'withdrawalStateChanged');
}
