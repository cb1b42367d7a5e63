import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { BALANCE_OP, RECHARGE_STATUS } from '../../../shared/dict/members.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit, SYSTEM } from '../audit/index.ts';
import { creditBalance } from './balance.service.ts';
import { requireMember } from './member-session.service.ts';
import { confirmRecharge, RECHARGE_DEADLINE_MINUTES } from './recharge.service.ts';

/**
 * Top-ups paid online (issue 30, docs/payments.md "Shop orders and top-ups"): what the topups
 * module's pay target asks of members. A top-up is asked for as before (`/api/member/recharge`), then
 * paid through `/api/open/pay/prepay` (target `topup`); the provider's notification credits it once,
 * with its gift and ledger rows, by the path a reported payment takes. Top-ups are not refunded online.
 */

export interface RechargeDue {
  scenicId: number;
  rechargeNo: string;
  /** In cents */
  amount: number;
  /** The top-up's deadline: the members job closes it then */
  expiresAt: Date;
}

/** The signed-in member's own top-up of that number in the calling area; 404 for anyone else's. */
export async function memberRecharge(
  db: Db,
  req: FastifyRequest,
  rechargeNo: string,
): Promise<RechargeDue & { status: number }> {
  const { scenicId, memberId } = await requireMember(db, req);
  const [row] = await queryRows<{ amount: number; status: number; created_at: string | Date }>(
    db,
    sql`select amount, status, created_at from recharges
        where scenic_id = ${scenicId} and recharge_no = ${rechargeNo} and member_id = ${memberId}`,
  );
  if (!row) throw new AppError(404, 'rechargeNotFound');
  return {
    scenicId,
    rechargeNo,
    amount: Number(row.amount),
    status: Number(row.status),
    expiresAt: new Date(new Date(row.created_at).getTime() + RECHARGE_DEADLINE_MINUTES * 60_000),
  };
}

/** The member's top-up that can be paid now: 409 when it is paid, closed or past its deadline. */
export async function payableRecharge(db: Db, req: FastifyRequest, rechargeNo: string): Promise<RechargeDue> {
  const { status, ...due } = await memberRecharge(db, req, rechargeNo);
  if (status !== RECHARGE_STATUS.pending || due.expiresAt <= new Date())
    throw new AppError(409, 'rechargeNotPending');
  return due;
}

/**
 * A provider's confirmed payment of a top-up, in the caller's transaction: credited once with its
 * gift (`paid`; a closed top-up too: nothing was held for it), audited. A second payment of a top-up
 * paid already (the member paid two payments asked for it) is the member's money as well: credited
 * as a top-up of its own, without a gift (`extra`), since top-ups are not refunded online.
 */
export async function creditOnlineRecharge(
  tx: Db,
  input: {
    scenicId: number;
    rechargeNo: string;
    payWay: number;
    amount: number;
    provider: string;
    providerTxnId: string;
    paidAt: Date;
  },
): Promise<'paid' | 'duplicate' | 'extra'> {
  let result: 'paid' | 'duplicate' | 'extra';
  let memberId: number;
  let gift = 0;
  try {
    const { recharge, duplicate } = await confirmRecharge(tx, { ...input, now: input.paidAt });
    if (duplicate) return 'duplicate';
    [result, memberId, gift] = ['paid', recharge.memberId, recharge.giftAmount];
  } catch (error) {
    if (!(error instanceof AppError && error.msgKey === 'rechargeNotPending')) throw error;
    const [paid] = await queryRows<{ member_id: number }>(
      tx,
      sql`select member_id from recharges where scenic_id = ${input.scenicId} and recharge_no = ${input.rechargeNo}`,
    );
    [result, memberId] = ['extra', Number(paid!.member_id)];
    await creditBalance(tx, {
      scenicId: input.scenicId,
      memberId,
      operation: BALANCE_OP.topUp,
      amount: input.amount,
      reference: input.rechargeNo,
      remark: input.providerTxnId,
    });
  }
  await recordAudit(
    tx,
    { username: SYSTEM, scenicId: input.scenicId },
    {
      module: 'members',
      action: result === 'paid' ? 'topUp' : 'topUpAgain',
      targetType: 'member',
      targetId: memberId,
      after: {
        rechargeNo: input.rechargeNo,
        amount: input.amount,
        giftAmount: gift,
        provider: input.provider,
        providerTxnId: input.providerTxnId,
      },
    },
  );
  return result;
}
