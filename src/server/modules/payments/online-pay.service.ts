import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { PayIntent, PrepayAnswer } from '../../../shared/api/payments.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import {
  NotificationRejected,
  ProviderError,
  type IncomingNotification,
  type NotificationReply,
  type PayScene,
  type PaymentState,
} from './adapters/adapter.ts';
import { payAdapter } from './pay-adapters.ts';
import { payTarget } from './pay-targets.ts';
import { enabledWay, paySettingsOf } from './payments.service.ts';
import { payIntents, providerRefunds, type PayIntentRow } from './payments.table.ts';
import { refundAnswered } from './refund-sender.ts';

/**
 * Online payments (issue 30, docs/payments.md "Paying"): ask the provider for a payment of a target,
 * settle it from the provider's notification or an active query, exactly once (the intent locked,
 * the target deduplicating by the provider's transaction id). No transaction is held across a call
 * to the provider.
 */

/** Our payment number: P, the day, 12 random hex digits (unique, 21 characters). */
const newPaymentNo = (now: Date) =>
  `P${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(6).toString('hex').toUpperCase()}`;

export interface PrepayInput {
  target: string;
  orderNo: string;
  payWay: number;
  scene: PayScene;
  payerId?: string | undefined;
}

/** Asks the provider for a payment of what the caller owes: what the payer needs to pay it. */
export async function prepay(
  db: Db,
  publicUrl: string,
  req: FastifyRequest,
  input: PrepayInput,
): Promise<PrepayAnswer> {
  const target = payTarget(input.target);
  const due = await target.due(db, req, input.orderNo);
  const { adapter, settings } = await enabledWay(db, due.scenicId, input.payWay, publicUrl);
  const paymentNo = newPaymentNo(new Date());
  const [intent] = await db
    .insert(payIntents)
    .values({
      scenicId: due.scenicId,
      payWay: input.payWay,
      provider: adapter.name,
      paymentNo,
      target: target.kind,
      targetNo: due.targetNo,
      amount: due.amount,
      scene: input.scene,
      expiresAt: due.expiresAt,
    })
    .returning();
  try {
    const start = await adapter.createPayment(settings, {
      paymentNo,
      amount: due.amount,
      description: due.description,
      scene: input.scene,
      payerId: input.payerId,
      expiresAt: due.expiresAt,
      clientIp: req.ip,
    });
    return {
      paymentNo,
      payWay: input.payWay,
      amount: due.amount,
      expiresAt: due.expiresAt.toISOString(),
      scene: start.scene,
      params: start.scene === 'jsapi' ? start.params : null,
      codeUrl: start.scene === 'qr' ? start.codeUrl : null,
      url: start.scene === 'h5' ? start.url : null,
    };
  } catch (error) {
    await closeIntent(db, intent!.id);
    throw providerFailed(error);
  }
}

/** A provider's refusal or silence as the caller's answer: 502 with its code and words. */
function providerFailed(error: unknown): unknown {
  return error instanceof ProviderError
    ? new AppError(502, 'payProviderFailed', {
        params: { code: error.code, providerMessage: error.providerMessage.slice(0, 200) },
      })
    : error;
}

/** Runs a call to the provider; its refusal answers 502 (payProviderFailed). */
export async function fromProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerFailed(error);
  }
}

async function closeIntent(db: Db, id: number): Promise<void> {
  await db
    .update(payIntents)
    .set({ status: 'closed', updatedAt: new Date() })
    .where(and(eq(payIntents.id, id), eq(payIntents.status, 'pending')));
}

/** The provider's paid amount differs from what was asked: refused, nothing recorded. */
export class AmountMismatch extends Error {}

/**
 * Settles an intent with the provider's word, in one transaction with the intent locked: a payment
 * is confirmed on its target once (a second word on it is `duplicate`); closed or failed closes it.
 * A payment after we closed the intent is still the payer's money: the target takes it as late.
 */
export async function settleIntent(db: Db, intentId: number, state: PaymentState): Promise<string> {
  if (state.status === 'pending') return 'pending';
  return db.transaction(async (tx) => {
    const [intent] = await tx.select().from(payIntents).where(eq(payIntents.id, intentId)).for('update');
    if (!intent) throw new AppError(404, 'payIntentNotFound');
    if (state.status !== 'paid') {
      if (intent.status === 'pending') await closeIntent(tx, intent.id);
      return intent.status === 'paid' ? 'duplicate' : 'closed';
    }
    if (intent.status === 'paid') return 'duplicate';
    if (state.amount !== intent.amount || !state.providerTxnId) throw new AmountMismatch();
    const now = new Date();
    const outcome = await payTarget(intent.target).confirm(tx, {
      scenicId: intent.scenicId,
      targetNo: intent.targetNo,
      payWay: intent.payWay,
      provider: intent.provider,
      providerTxnId: state.providerTxnId,
      amount: state.amount,
      paidAt: state.paidAt ?? now,
    });
    await tx
      .update(payIntents)
      .set({
        status: 'paid',
        providerTxnId: state.providerTxnId,
        paidAt: state.paidAt ?? now,
        updatedAt: now,
      })
      .where(eq(payIntents.id, intent.id));
    return outcome;
  });
}

export const intentOf = (i: PayIntentRow): PayIntent => ({
  paymentNo: i.paymentNo,
  target: i.target,
  orderNo: i.targetNo,
  payWay: i.payWay,
  amount: i.amount,
  status: i.status as PayIntent['status'],
  paidAt: i.paidAt?.toISOString() ?? null,
});

/**
 * A payment of the caller's (404 otherwise); a pending one is asked of the provider first and
 * settled when paid (what the mini-program calls after the payer's wallet closes).
 */
export async function queryIntent(
  db: Db,
  publicUrl: string,
  req: FastifyRequest,
  scenicId: number,
  paymentNo: string,
): Promise<PayIntent> {
  const find = async () => {
    const [row] = await db
      .select()
      .from(payIntents)
      .where(and(eq(payIntents.scenicId, scenicId), eq(payIntents.paymentNo, paymentNo)));
    return row;
  };
  const intent = await find();
  if (!intent) throw new AppError(404, 'payIntentNotFound');
  await payTarget(intent.target).owned(db, req, intent.targetNo);
  if (intent.status !== 'pending') return intentOf(intent);
  const adapter = payAdapter(intent.payWay);
  const settings = adapter && (await paySettingsOf(db, scenicId, intent.payWay, publicUrl));
  if (adapter && settings) {
    try {
      await settleIntent(db, intent.id, await adapter.queryPayment(settings, paymentNo));
    } catch (error) {
      // the provider cannot say now: the intent is answered as it stands
      if (!(error instanceof ProviderError)) throw error;
    }
  }
  return intentOf((await find())!);
}

/**
 * `POST /api/pay/notify/<area>/<payWay>`: the provider's notification, verified and decrypted by
 * the adapter; a payment settles its intent, a refund ends its refund. Anything that does not verify
 * or match changes nothing and is refused with the provider's own reply (it will send again).
 */
export async function receiveNotification(
  db: Db,
  input: { publicUrl: string; log: FastifyBaseLogger; scenicId: number; payWay: number },
  incoming: IncomingNotification,
): Promise<NotificationReply> {
  const adapter = payAdapter(input.payWay);
  if (!adapter) return { status: 404, contentType: 'text/plain; charset=utf-8', body: '' };
  const refuse = (why: string) => {
    input.log.warn({ scenicId: input.scenicId, payWay: input.payWay, why }, 'payment notification refused');
    return adapter.notificationReply(false);
  };
  const settings = await paySettingsOf(db, input.scenicId, input.payWay, input.publicUrl);
  if (!settings?.enabled) return refuse('pay way not enabled');
  let notification;
  try {
    notification = await adapter.parseNotification(settings, incoming);
  } catch (error) {
    if (error instanceof NotificationRejected || error instanceof ProviderError) return refuse(error.message);
    throw error;
  }
  if (notification.kind === 'payment') {
    const [intent] = await db
      .select()
      .from(payIntents)
      .where(
        and(
          eq(payIntents.scenicId, input.scenicId),
          eq(payIntents.payWay, input.payWay),
          eq(payIntents.paymentNo, notification.payment.paymentNo),
        ),
      );
    if (!intent) return refuse(`no payment ${notification.payment.paymentNo}`);
    try {
      await settleIntent(db, intent.id, notification.payment);
    } catch (error) {
      if (error instanceof AmountMismatch) return refuse(`amount differs on ${intent.paymentNo}`);
      throw error;
    }
    return adapter.notificationReply(true);
  }
  const [sent] = await db
    .select()
    .from(providerRefunds)
    .where(
      and(
        eq(providerRefunds.scenicId, input.scenicId),
        eq(providerRefunds.refundNo, notification.refund.refundNo),
        eq(providerRefunds.payWay, input.payWay),
      ),
    );
  if (!sent) return refuse(`no refund ${notification.refund.refundNo}`);
  await refundAnswered(db, sent, notification.refund, new Date());
  return adapter.notificationReply(true);
}
