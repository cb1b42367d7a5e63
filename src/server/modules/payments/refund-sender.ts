import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { startPeriodic } from '../../lib/periodic-job.ts';
import { ProviderError, type RefundState } from './adapters/adapter.ts';
import { PAY_ADAPTERS } from './adapters/index.ts';
import { payAdapter } from './pay-adapters.ts';
import { payTarget, payTargets, type DueRefund, type PayTarget } from './pay-targets.ts';
import { paySettingsOf } from './payments.service.ts';
import { providerRefunds, type ProviderRefundRow } from './payments.table.ts';

/**
 * Refunds that move money (issue 30, docs/payments.md "Refunds"): a refund of an online payment is
 * created in its target's transaction (status created); this sender claims it by compare-and-set
 * (created → transit, so with several instances one sends it), calls the provider outside any
 * transaction and records its answer: success → done (T21 when the ticket's refunds all are),
 * processing → waits for the notification or the next poll, failed → tried again after a backoff,
 * and after the last attempt failed (T22) with the provider's reason. A person can still mark it
 * done outside the system (/web/api/admin/refund/markDone).
 */

/** Attempts before a refund is left failed, and the wait after each failed one (minutes). */
export const REFUND_ATTEMPTS = 5;
const BACKOFF_MINUTES = [1, 5, 30, 120];
/** A refund the provider is processing is asked again after this long without news. */
const POLL_AFTER_MS = 2 * 60_000;
const BATCH = 50;

/** Our refund number: R, the target's first two letters, the refund's id (unique, stable across attempts). */
const refundNoOf = (target: string, refundId: number) =>
  `R${target.slice(0, 2).toUpperCase()}${String(refundId).padStart(10, '0')}`;

const onlineProviders = () =>
  PAY_ADAPTERS.map((a) => payAdapter(a.payWay)?.name).filter((n): n is string => !!n);

/** Records the provider's answer about a sent refund (the sender's, a poll's or a notification's). */
export async function refundAnswered(
  db: Db,
  sent: ProviderRefundRow,
  state: Pick<RefundState, 'status' | 'providerRefundId' | 'reason'>,
  now: Date,
): Promise<void> {
  const target = payTarget(sent.target);
  const touch = (set: Partial<ProviderRefundRow>) =>
    db
      .update(providerRefunds)
      .set({ ...set, updatedAt: now })
      .where(eq(providerRefunds.id, sent.id));
  if (state.status === 'success') {
    await target.refundEnded(db, sent.scenicId, sent.refundId, {
      ok: true,
      providerRefundId: state.providerRefundId,
    });
    await touch({ lastError: '', doneAt: sent.doneAt ?? now });
    return;
  }
  if (state.status === 'processing') {
    await touch({});
    return;
  }
  const reason = (state.reason ?? state.status).slice(0, 300);
  if (sent.attempts >= REFUND_ATTEMPTS) {
    await target.refundEnded(db, sent.scenicId, sent.refundId, { ok: false, reason });
    await touch({ lastError: reason, nextAttemptAt: null });
    return;
  }
  const wait = BACKOFF_MINUTES[Math.min(sent.attempts, BACKOFF_MINUTES.length) - 1] ?? 1;
  await db.transaction(async (tx) => {
    if (!(await target.moveRefund(tx, sent.refundId, 'transit', 'created'))) return;
    await tx
      .update(providerRefunds)
      .set({ lastError: reason, nextAttemptAt: new Date(now.getTime() + wait * 60_000), updatedAt: now })
      .where(eq(providerRefunds.id, sent.id));
  });
}

/** Claims a due refund (created → transit) and counts the attempt; null when another took it. */
async function claim(db: Db, target: PayTarget, r: DueRefund, now: Date): Promise<ProviderRefundRow | null> {
  return db.transaction(async (tx) => {
    if (!(await target.moveRefund(tx, r.refundId, 'created', 'transit'))) return null;
    const [row] = await tx
      .insert(providerRefunds)
      .values({
        scenicId: r.scenicId,
        target: target.kind,
        refundId: r.refundId,
        refundNo: refundNoOf(target.kind, r.refundId),
        payWay: r.payWay,
        paymentNo: r.paymentNo,
        amount: r.amount,
        attempts: 1,
      })
      .onConflictDoUpdate({
        target: [providerRefunds.target, providerRefunds.refundId],
        set: { attempts: sql`${providerRefunds.attempts} + 1`, nextAttemptAt: null, updatedAt: now },
      })
      .returning();
    return row ?? null;
  });
}

const failure = (error: unknown): RefundState | null =>
  error instanceof ProviderError
    ? {
        refundNo: '',
        status: 'failed',
        providerRefundId: null,
        amount: 0,
        reason: `${error.code}: ${error.providerMessage}`,
      }
    : null;

/** One pass: sends the refunds that are due and asks about those the provider is processing. */
export async function sendRefunds(db: Db, publicUrl: string, now = new Date()) {
  const providers = onlineProviders();
  const counts = { sent: 0, asked: 0 };
  for (const target of payTargets.items) {
    for (const r of await target.dueRefunds(db, providers, now, BATCH)) {
      const sent = await claim(db, target, r, now);
      if (!sent) continue;
      counts.sent++;
      await ask(db, sent, r, publicUrl, now, (adapter, settings) =>
        adapter.refund(settings, {
          paymentNo: r.paymentNo,
          providerTxnId: r.providerTxnId,
          refundNo: sent.refundNo,
          amount: r.amount,
          total: r.total,
          reason: r.reason,
        }),
      );
    }
    for (const r of await target.sentRefunds(db, providers, new Date(now.getTime() - POLL_AFTER_MS), BATCH)) {
      const [sent] = await db
        .select()
        .from(providerRefunds)
        .where(and(eq(providerRefunds.target, target.kind), eq(providerRefunds.refundId, r.refundId)));
      if (!sent) continue;
      counts.asked++;
      await ask(db, sent, r, publicUrl, now, (adapter, settings) =>
        adapter.queryRefund(settings, sent.refundNo, sent.paymentNo),
      );
    }
  }
  return counts;
}

async function ask(
  db: Db,
  sent: ProviderRefundRow,
  r: DueRefund,
  publicUrl: string,
  now: Date,
  call: (
    adapter: NonNullable<ReturnType<typeof payAdapter>>,
    settings: NonNullable<Awaited<ReturnType<typeof paySettingsOf>>>,
  ) => Promise<RefundState>,
): Promise<void> {
  const adapter = payAdapter(r.payWay);
  const settings = await paySettingsOf(db, r.scenicId, r.payWay, publicUrl);
  let state: RefundState;
  if (!adapter || !settings) {
    state = {
      refundNo: sent.refundNo,
      status: 'failed',
      providerRefundId: null,
      amount: r.amount,
      reason: 'CONFIG',
    };
  } else {
    try {
      state = await call(adapter, settings);
    } catch (error) {
      const failed = failure(error);
      if (!failed) throw error;
      state = failed;
    }
  }
  await refundAnswered(db, sent, state, now);
}

/** Starts the sender; the returned function stops it. `config.publicUrl` is read at each pass. */
export function startRefundSender(
  db: Db,
  config: { publicUrl: string; refundSendIntervalMs: number },
  log: FastifyBaseLogger,
) {
  return startPeriodic(log, {
    name: 'refundSender',
    intervalMs: config.refundSendIntervalMs,
    run: () => sendRefunds(db, config.publicUrl),
    worthLogging: (r) => !!(r.sent || r.asked),
  });
}
