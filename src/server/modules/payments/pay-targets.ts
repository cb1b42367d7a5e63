import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { extensionPoint } from '../../lib/extension-point.ts';

/**
 * What an online payment pays for (issue 30): a ticket order here (ticket-pay-target.ts); shop
 * orders, member top-ups and card orders plug in the same way. The payments module asks the
 * provider and verifies its notifications; the target records the money in its own state machine.
 */
export interface PayTarget {
  /** pay_intents.target, provider_refunds.target */
  kind: string;
  /** What the caller may pay now: 404 when it is not theirs, 409 when it cannot be paid. */
  due(db: Db, req: FastifyRequest, targetNo: string): Promise<PayDue>;
  /** Answers when the caller may see the target's payments; 404 when it is not theirs. */
  owned(db: Db, req: FastifyRequest, targetNo: string): Promise<void>;
  /** Records a confirmed payment in the caller's transaction (T3, T6 or a refund of a late one). */
  confirm(tx: Db, input: ConfirmedPayment): Promise<string>;
  /** Refunds of this target waiting to be sent to a provider (status created, their next attempt due). */
  dueRefunds(db: Db, providers: readonly string[], now: Date, limit: number): Promise<DueRefund[]>;
  /** Refunds sent and not answered yet (transit), last tried before `before`. */
  sentRefunds(db: Db, providers: readonly string[], before: Date, limit: number): Promise<DueRefund[]>;
  /** Compare-and-set of the refund's own status, in the caller's transaction: false when it moved meanwhile. */
  moveRefund(
    tx: Db,
    refundId: number,
    from: 'created' | 'transit',
    to: 'created' | 'transit',
  ): Promise<boolean>;
  /** The provider's last word: done (T21 when all are) or failed (T22), audited. */
  refundEnded(db: Db, scenicId: number, refundId: number, end: RefundEnd): Promise<void>;
}

export interface PayDue {
  scenicId: number;
  targetNo: string;
  /** In cents */
  amount: number;
  /** Shown by the payer's wallet */
  description: string;
  /** When the target stops waiting for the money */
  expiresAt: Date;
}

export interface ConfirmedPayment {
  scenicId: number;
  targetNo: string;
  payWay: number;
  provider: string;
  providerTxnId: string;
  amount: number;
  /** When the payer paid, on the provider's clock */
  paidAt: Date;
}

export interface DueRefund {
  refundId: number;
  scenicId: number;
  payWay: number;
  provider: string;
  paymentNo: string;
  providerTxnId: string | null;
  /** In cents: this refund and the payment's total */
  amount: number;
  total: number;
  reason: string;
}

/**
 * The select of a target's refunds of one status as the refund sender reads them, oldest first:
 * columns named as DueRefund's (refundId, scenicId, payWay, provider, paymentNo, providerTxnId,
 * amount, total, reason), the sender's record joined as `pr` (provider_refunds of the target), and
 * `due` and the provider being one of `providers` in its where clause. `limit` is added.
 */
export type RefundSelect = (status: 'created' | 'transit', due: SQL, providers: SQL) => SQL;

/**
 * dueRefunds and sentRefunds of a target from its one select: created with the next attempt due,
 * and transit last tried before `before`.
 */
export function refundReaders(select: RefundSelect): Pick<PayTarget, 'dueRefunds' | 'sentRefunds'> {
  const read = async (
    db: Db,
    providers: readonly string[],
    status: 'created' | 'transit',
    due: SQL,
    limit: number,
  ): Promise<DueRefund[]> => {
    if (!providers.length) return [];
    const names = sql.join(
      providers.map((name) => sql`${name}`),
      sql`, `,
    );
    const rows = await queryRows<Record<keyof DueRefund, unknown>>(
      db,
      sql`${select(status, due, names)} limit ${limit}`,
    );
    return rows.map((r) => ({
      refundId: Number(r.refundId),
      scenicId: Number(r.scenicId),
      payWay: Number(r.payWay),
      provider: String(r.provider),
      paymentNo: String(r.paymentNo),
      providerTxnId: r.providerTxnId == null ? null : String(r.providerTxnId),
      amount: Number(r.amount),
      total: Number(r.total),
      reason: String(r.reason),
    }));
  };
  return {
    dueRefunds: (db, providers, now, limit) =>
      read(
        db,
        providers,
        'created',
        sql`(pr.next_attempt_at is null or pr.next_attempt_at <= ${now})`,
        limit,
      ),
    sentRefunds: (db, providers, before, limit) =>
      read(db, providers, 'transit', sql`pr.updated_at < ${before}`, limit),
  };
}

export type RefundEnd = { ok: true; providerRefundId: string | null } | { ok: false; reason: string };

export const payTargets = extensionPoint<PayTarget>('payments.payTargets');

/** The target of that kind; 400 naming `target` when none is plugged. */
export function payTarget(kind: string): PayTarget {
  const target = payTargets.items.find((t) => t.kind === kind);
  if (!target) throw new AppError(400, 'payTargetUnknown', { params: { target: kind } });
  return target;
}
