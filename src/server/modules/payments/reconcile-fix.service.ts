import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { PayAdapter, PaySettings } from './adapters/adapter.ts';
import { fromProvider, settleIntent } from './online-pay.service.ts';
import { enabledWay } from './payments.service.ts';
import { payDifferences, payIntents, providerRefunds, type PayDifferenceRow } from './payments.table.ts';
import { refundAnswered } from './refund-sender.ts';

/** The fix actions of a reconciliation difference (issue 30): settle from the provider, or accept. */

/** The area's open difference; 404 when it is not the area's, 409 when already dealt with. */
export async function openDifference(db: Db, scenicId: number, id: number): Promise<PayDifferenceRow> {
  const [d] = await db
    .select()
    .from(payDifferences)
    .where(and(eq(payDifferences.id, id), eq(payDifferences.scenicId, scenicId)));
  if (!d) throw new AppError(404, 'recordNotFound');
  if (d.status !== 'open') throw new AppError(409, 'payDifferenceClosed');
  return d;
}

/**
 * Settles a line the statement has and we lack (a notification that never arrived): the provider
 * is asked (outside any transaction) and its answer recorded the way a notification would be; the
 * difference is then `settled`. 409 when the line is not ours or the provider does not confirm it.
 */
export async function settleDifference(
  db: Db,
  input: { scenicId: number; id: number; adminId: number; publicUrl: string },
): Promise<PayDifferenceRow> {
  const d = await openDifference(db, input.scenicId, input.id);
  if (d.kind !== 'missingHere') throw new AppError(409, 'payDifferenceNotSettleable');
  const { adapter, settings } = await enabledWay(db, input.scenicId, d.payWay, input.publicUrl);
  const { recorded, status } = await fromProvider(() =>
    d.lineKind === 'payment'
      ? settlePayment(db, d, adapter, settings)
      : settleRefund(db, d, adapter, settings),
  );
  if (!recorded) throw new AppError(409, 'payDifferenceNotConfirmed', { params: { status } });
  const [settled] = await db
    .update(payDifferences)
    .set({ status: 'settled', resolvedBy: input.adminId, resolvedAt: new Date() })
    .where(and(eq(payDifferences.id, d.id), eq(payDifferences.status, 'open')))
    .returning();
  if (!settled) throw new AppError(409, 'payDifferenceClosed');
  return settled;
}

type Outcome = { recorded: boolean; status: string };

async function settlePayment(
  db: Db,
  d: PayDifferenceRow,
  adapter: PayAdapter,
  settings: PaySettings,
): Promise<Outcome> {
  const [intent] = await db
    .select()
    .from(payIntents)
    .where(and(eq(payIntents.scenicId, d.scenicId), eq(payIntents.paymentNo, d.paymentNo)));
  if (!intent) throw new AppError(409, 'payDifferenceUnknown');
  const state = await adapter.queryPayment(settings, d.paymentNo);
  await settleIntent(db, intent.id, state);
  return { recorded: state.status === 'paid', status: state.status };
}

async function settleRefund(
  db: Db,
  d: PayDifferenceRow,
  adapter: PayAdapter,
  settings: PaySettings,
): Promise<Outcome> {
  const [sent] = await db
    .select()
    .from(providerRefunds)
    .where(and(eq(providerRefunds.scenicId, d.scenicId), eq(providerRefunds.refundNo, d.refundNo)));
  if (!sent) throw new AppError(409, 'payDifferenceUnknown');
  const state = await adapter.queryRefund(settings, d.refundNo, d.paymentNo);
  await refundAnswered(db, sent, state, new Date());
  return { recorded: state.status === 'success', status: state.status };
}

/** Accepts a difference with a note (checked: nothing to record), in the action's transaction. */
export async function acceptDifference(
  tx: Db,
  input: { scenicId: number; id: number; adminId: number; note: string },
): Promise<{ before: PayDifferenceRow; after: PayDifferenceRow }> {
  const before = await openDifference(tx, input.scenicId, input.id);
  const [after] = await tx
    .update(payDifferences)
    .set({ status: 'accepted', note: input.note, resolvedBy: input.adminId, resolvedAt: new Date() })
    .where(and(eq(payDifferences.id, before.id), eq(payDifferences.status, 'open')))
    .returning();
  if (!after) throw new AppError(409, 'payDifferenceClosed');
  return { before, after };
}
