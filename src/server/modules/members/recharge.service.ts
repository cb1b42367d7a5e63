import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ONLINE_PAY_WAYS } from '../../../shared/api/payments.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { BALANCE_OP, MEMBER_STATUS, RECHARGE_STATUS } from '../../../shared/dict/members.ts';
import { RECHARGE_TRANSITIONS } from '../../../shared/domain/stored-value-transitions.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, statusIn } from '../../db/rows.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { creditBalance } from './balance.service.ts';

/**
 * Top-ups (docs/decisions.md "Stored value"): a recharge is created pending with the rule of exactly
 * its amount (the gift), and paid once: a compare-and-set 101 (or 103, a late payment) → 201 deduplicated by the provider's
 * transaction id, then the amount (operation 1) and the gift (operation 4) as two ledger rows.
 */

/** Unpaid top-ups are closed after this long (the job of members.module.ts). */
export const RECHARGE_DEADLINE_MINUTES = 30;

export interface RechargeRecord {
  id: number;
  rechargeNo: string;
  memberId: number;
  amount: number;
  giftAmount: number;
  status: number;
}

const toRecord = (r: Record<string, unknown>): RechargeRecord => ({
  id: Number(r.id),
  rechargeNo: String(r.recharge_no),
  memberId: Number(r.member_id),
  amount: Number(r.amount),
  giftAmount: Number(r.gift_amount),
  status: Number(r.status),
});

export async function createRecharge(
  db: Db,
  input: { scenicId: number; memberId: number; amount: number; payWay: number; now?: Date },
): Promise<RechargeRecord> {
  const now = input.now ?? new Date();
  const [member] = await queryRows<{ status: number }>(
    db,
    sql`select status from members where id = ${input.memberId} and scenic_id = ${input.scenicId}`,
  );
  if (!member) throw new AppError(404, 'memberNotFound');
  if (Number(member.status) === MEMBER_STATUS.frozen) throw new AppError(409, 'memberFrozen');
  const day = areaDay(now, await areaTimeZone(db, input.scenicId)).replaceAll('-', '');
  const rechargeNo = `R${day}${crypto.randomInt(0, 10_000_000_000).toString().padStart(10, '0')}`;
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`insert into recharges (scenic_id, recharge_no, member_id, amount, gift_amount, rule_id, pay_way, status, created_at)
        select ${input.scenicId}, ${rechargeNo}, ${input.memberId}, ${input.amount},
          coalesce(r.gift_amount, 0), r.id, ${input.payWay}, ${RECHARGE_STATUS.pending}, ${now}
        from (select 1) one
        left join recharge_rules r on r.scenic_id = ${input.scenicId} and r.pay_amount = ${input.amount} and r.status = 1
        returning id, recharge_no, member_id, amount, gift_amount, status`,
  );
  return toRecord(row!);
}

/**
 * The top-up's payment is confirmed: credited once. The same provider transaction again answers the
 * paid top-up (`duplicate`); a different amount is 409; a closed or already paid top-up is 409.
 */
export async function confirmRecharge(
  db: Db,
  input: {
    scenicId: number;
    rechargeNo: string;
    amount: number;
    providerTxnId: string;
    memberId?: number;
    adminId?: number | null;
    /** Reported by the member: refused (400 payWay) for a top-up of an online pay way */
    reported?: boolean;
    /** The pay way that paid it, when it is not the one the top-up was started with */
    payWay?: number;
    now?: Date;
  },
): Promise<{ recharge: RechargeRecord; duplicate: boolean; balance: number }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [current] = await queryRows<Record<string, unknown>>(
      tx,
      sql`select id, recharge_no, member_id, amount, gift_amount, status, provider_txn_id, pay_way from recharges
          where scenic_id = ${input.scenicId} and recharge_no = ${input.rechargeNo}
          for update`,
    );
    if (!current || (input.memberId != null && Number(current.member_id) !== input.memberId))
      throw new AppError(404, 'rechargeNotFound');
    // issue 30: WeChat Pay and Alipay are confirmed by the provider's notification (the topups module)
    if (input.reported && (ONLINE_PAY_WAYS as readonly number[]).includes(Number(current.pay_way)))
      throw new FieldError('payWay', ValidationMessage.payWayOnline);
    const record = toRecord(current);
    const balanceNow = async () => {
      const [m] = await queryRows<{ balance: number }>(
        tx,
        sql`select balance from members where id = ${record.memberId}`,
      );
      return Number(m!.balance);
    };
    if (record.status === RECHARGE_STATUS.paid && current.provider_txn_id === input.providerTxnId)
      return { recharge: record, duplicate: true, balance: await balanceNow() };
    // a payment that arrives after the top-up was closed still counts: nothing was held for it
    if (record.status === RECHARGE_STATUS.paid) throw new AppError(409, 'rechargeNotPending');
    if (input.amount !== record.amount)
      throw new AppError(409, 'rechargeAmountMismatch', {
        params: { amount: input.amount, due: record.amount },
      });
    const [paid] = await queryRows<Record<string, unknown>>(
      tx,
      sql`update recharges set status = ${RECHARGE_TRANSITIONS.pay.to}, provider_txn_id = ${input.providerTxnId}, paid_at = ${now},
            pay_way = ${input.payWay ?? Number(current.pay_way)}
          where id = ${record.id} and status in ${statusIn(RECHARGE_TRANSITIONS.pay.from)}
          returning id, recharge_no, member_id, amount, gift_amount, status`,
    );
    if (!paid) throw new AppError(409, 'rechargeNotPending');
    const base = {
      scenicId: input.scenicId,
      memberId: record.memberId,
      reference: record.rechargeNo,
      adminId: input.adminId ?? null,
    };
    let entry = await creditBalance(tx, { ...base, operation: BALANCE_OP.topUp, amount: record.amount });
    if (record.giftAmount > 0)
      entry = await creditBalance(tx, { ...base, operation: BALANCE_OP.gift, amount: record.giftAmount });
    return { recharge: toRecord(paid), duplicate: false, balance: entry.balanceAfter };
  });
}

/** The job: pending top-ups older than the deadline are closed (101 → 103). */
export async function closeStaleRecharges(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RECHARGE_DEADLINE_MINUTES * 60_000);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update recharges set status = ${RECHARGE_TRANSITIONS.close.to}
        where status in ${statusIn(RECHARGE_TRANSITIONS.close.from)} and created_at < ${cutoff}
        returning id`,
  );
  return rows.length;
}
