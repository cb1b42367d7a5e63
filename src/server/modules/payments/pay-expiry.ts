import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { ProviderError, type PayAdapter } from './adapters/adapter.ts';
import { PAY_ADAPTERS } from './adapters/index.ts';
import { payAdapter } from './pay-adapters.ts';
import { settleIntent } from './online-pay.service.ts';
import { paySettingsOf } from './payments.service.ts';

/** One instance asks about an intent per this long (the claim of checked_at). */
const CLAIM_MS = 20_000;
/** Past its deadline by more than this, an intent the provider cannot answer about spares its order no longer. */
const GIVE_UP_MS = 30 * 60_000;
/** The provider's codes for "no such payment": nothing in flight. */
const NOT_EXIST = /NOT_EXIST/;

/**
 * docs/domain.md T5 "query before cancelling", for one provider and one target (ticket orders; shop
 * orders and top-ups the same way): each pending payment past its deadline is claimed (checked_at, so several instances ask once) and asked about:
 * paid → settled as paid at its own time (T3: the order does not expire); still open → closed at the
 * provider, so nothing can be paid later; the provider unreachable → the order waits (at most
 * GIVE_UP_MS). Answers the target numbers (order numbers) to leave alone this pass.
 */
export async function settleBeforeExpiry(
  db: Db,
  adapter: PayAdapter,
  now: Date,
  target = 'ticket',
): Promise<Set<string>> {
  // intents another instance is asking about right now: their orders wait for its answer
  const asked = await queryRows<{ target_no: string }>(
    db,
    sql`select target_no from pay_intents
        where provider = ${adapter.name} and status = 'pending' and target = ${target} and expires_at < ${now}
          and checked_at >= ${new Date(now.getTime() - CLAIM_MS)}`,
  );
  const spare = new Set(asked.map((r) => r.target_no));
  const due = await queryRows<{
    id: number;
    scenic_id: number;
    payment_no: string;
    target_no: string;
    expires_at: Date;
  }>(
    db,
    sql`update pay_intents set checked_at = ${now}
        where id in (select id from pay_intents
                     where provider = ${adapter.name} and status = 'pending' and target = ${target}
                       and expires_at < ${now}
                       and (checked_at is null or checked_at < ${new Date(now.getTime() - CLAIM_MS)})
                     order by expires_at limit 100)
        returning id, scenic_id, payment_no, target_no, expires_at`,
  );
  for (const intent of due)
    if (
      (await askAbout(db, adapter, intent)) !== 'settled' &&
      now.getTime() - new Date(intent.expires_at).getTime() < GIVE_UP_MS
    )
      spare.add(intent.target_no);
  return spare;
}

interface PendingIntent {
  id: number;
  scenic_id: number;
  payment_no: string;
}

/**
 * Asks the provider about one pending intent and settles it by the answer: paid → recorded at its
 * own time (the target confirms it); still open → closed at the provider first; unknown there →
 * closed. Answers `unreachable` when the provider could not answer, `unconfigured` when the area's
 * pay way has no settings any more (the intent stays pending either way).
 */
async function askAbout(
  db: Db,
  adapter: PayAdapter,
  intent: PendingIntent,
): Promise<'settled' | 'unreachable' | 'unconfigured'> {
  const settings = await paySettingsOf(db, Number(intent.scenic_id), adapter.payWay, '');
  if (!settings) return 'unconfigured';
  try {
    const state = await adapter.queryPayment(settings, intent.payment_no);
    if (state.status === 'pending') {
      await adapter.closePayment(settings, intent.payment_no);
      await settleIntent(db, Number(intent.id), { ...state, status: 'closed' });
    } else {
      await settleIntent(db, Number(intent.id), state);
    }
    return 'settled';
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (!NOT_EXIST.test(error.code)) return 'unreachable';
    await settleIntent(db, Number(intent.id), {
      paymentNo: intent.payment_no,
      status: 'closed',
      providerTxnId: null,
      amount: 0,
      paidAt: null,
    });
    return 'settled';
  }
}

/**
 * Before a person cancels or closes an unpaid order (staff, channel or member; T4, T5, S3, S4),
 * outside the cancel's transaction: each of its pending payments is asked about, whatever its
 * deadline. Paid → recorded (the order is paid, so the cancel then answers 409); open → closed at the
 * provider, so nothing can be paid after the cancel. A provider that cannot answer stops the cancel
 * (502 payProviderUnreachable): cancelling then would let a payment arrive for a cancelled order. A
 * pay way whose settings or adapter are gone cannot be asked and does not stop it (a payment that
 * still comes is late: T6, or refunded). `payWay` limits it to one pay way's payments.
 */
export async function settleBeforeCancel(
  db: Db,
  scenicId: number,
  target: string,
  targetNo: string,
  payWay?: number,
): Promise<void> {
  const pending = await queryRows<PendingIntent & { pay_way: number }>(
    db,
    sql`select id, scenic_id, payment_no, pay_way from pay_intents
        where scenic_id = ${scenicId} and target = ${target} and target_no = ${targetNo} and status = 'pending'
          ${payWay === undefined ? sql`` : sql`and pay_way = ${payWay}`}`,
  );
  for (const intent of pending) {
    const adapter = payAdapter(Number(intent.pay_way));
    const answer = adapter ? await askAbout(db, adapter, intent) : 'unconfigured';
    if (answer === 'unreachable') throw new AppError(502, 'payProviderUnreachable');
  }
}

/**
 * The same for every installed provider: what a target's own expiry job (shop orders, top-ups) asks
 * before it cancels, outside its transaction. Answers the target numbers to leave alone.
 */
export async function targetsInFlight(db: Db, target: string, now: Date): Promise<Set<string>> {
  const spare = new Set<string>();
  for (const { payWay } of PAY_ADAPTERS) {
    const adapter = payAdapter(payWay);
    if (adapter) for (const no of await settleBeforeExpiry(db, adapter, now, target)) spare.add(no);
  }
  return spare;
}
