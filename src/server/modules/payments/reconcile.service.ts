import { and, eq, sql } from 'drizzle-orm';
import type { PayDifferenceKindCode } from '../../../shared/dict/payments.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { startPeriodic } from '../../lib/periodic-job.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { addDays, areaDay, areaDayStart } from '../../lib/area-clock.ts';
import { ProviderError, type StatementLine } from './adapters/adapter.ts';
import { payAdapter } from './pay-adapters.ts';
import { paySettingsOf } from './payments.service.ts';
import { payDifferences, payStatements } from './payments.table.ts';

/**
 * The daily reconciliation (issue 30, docs/payments.md "Reconciliation"): a pay way's statement of a
 * day (the providers' day, China Standard Time) matched line by line against the payments we took
 * (pay_intents paid that day) and the refunds the provider did (provider_refunds done that day).
 * Each disagreement is one difference row: on the statement only, ours only, or another amount.
 */

/** The providers bill by the day in China Standard Time. */
export const STATEMENT_ZONE = 'Asia/Shanghai';
/** A day's statement is ready after this hour of the next day (WeChat Pay: 10:00). */
const READY_HOUR = 10;
/** A run older than this that never finished may be claimed again. */
const STALE_RUN_MS = 10 * 60_000;

interface Line {
  lineKind: 'payment' | 'refund';
  paymentNo: string;
  refundNo: string;
  providerTxnId: string;
  amount: number;
}

const keyOf = (l: Pick<Line, 'lineKind' | 'paymentNo' | 'refundNo'>) =>
  `${l.lineKind}|${l.paymentNo}|${l.refundNo}`;

/** Our lines of the day: payments confirmed by the provider, refunds it did. */
async function ourLines(db: Db, scenicId: number, payWay: number, date: string): Promise<Line[]> {
  const from = areaDayStart(date, STATEMENT_ZONE);
  const to = areaDayStart(addDays(date, 1), STATEMENT_ZONE);
  const rows = await queryRows<{
    kind: string;
    payment_no: string;
    refund_no: string;
    txn: string;
    amount: number;
  }>(
    db,
    sql`select 'payment' as kind, payment_no, '' as refund_no, coalesce(provider_txn_id, '') as txn, amount
          from pay_intents
          where scenic_id = ${scenicId} and pay_way = ${payWay} and status = 'paid'
            and paid_at >= ${from} and paid_at < ${to}
        union all
        select 'refund', payment_no, refund_no, '', amount
          from provider_refunds
          where scenic_id = ${scenicId} and pay_way = ${payWay} and done_at >= ${from} and done_at < ${to}`,
  );
  return rows.map((r) => ({
    lineKind: r.kind === 'refund' ? 'refund' : 'payment',
    paymentNo: r.payment_no,
    refundNo: r.refund_no,
    providerTxnId: r.txn,
    amount: Number(r.amount),
  }));
}

const theirLine = (l: StatementLine): Line => ({
  lineKind: l.kind,
  paymentNo: l.paymentNo,
  refundNo: l.refundNo ?? '',
  providerTxnId: l.providerTxnId,
  amount: l.amount,
});

/** The differences of two sets of lines. */
export function differencesOf(ours: Line[], theirs: Line[]) {
  const mine = new Map(ours.map((l) => [keyOf(l), l]));
  const out: (Line & {
    kind: PayDifferenceKindCode;
    ourAmount: number | null;
    theirAmount: number | null;
  })[] = [];
  for (const t of theirs) {
    const o = mine.get(keyOf(t));
    mine.delete(keyOf(t));
    if (!o) out.push({ ...t, kind: 'missingHere', ourAmount: null, theirAmount: t.amount });
    else if (o.amount !== t.amount)
      out.push({ ...t, kind: 'amountDiffers', ourAmount: o.amount, theirAmount: t.amount });
  }
  for (const o of mine.values())
    out.push({ ...o, kind: 'missingThere', ourAmount: o.amount, theirAmount: null });
  return out;
}

/** Claims the run of a day (one instance); `again`: a finished one too (a person's "run again"). */
async function claimRun(db: Db, scenicId: number, payWay: number, date: string, again: boolean) {
  const now = new Date();
  const [fresh] = await db
    .insert(payStatements)
    .values({ scenicId, payWay, statementDate: date })
    .onConflictDoNothing()
    .returning();
  if (fresh) return fresh;
  const stale = sql`${payStatements.status} = 'running' and ${payStatements.updatedAt} < ${new Date(now.getTime() - STALE_RUN_MS)}`;
  // the job tries a failed day again; a person runs a matched one again too
  const claimable = again
    ? sql`(${payStatements.status} <> 'running' or (${stale}))`
    : sql`(${payStatements.status} = 'failed' or (${stale}))`;
  const [claimed] = await db
    .update(payStatements)
    .set({ status: 'running', error: '', updatedAt: now })
    .where(
      and(
        eq(payStatements.scenicId, scenicId),
        eq(payStatements.payWay, payWay),
        eq(payStatements.statementDate, date),
        claimable,
      ),
    )
    .returning();
  return claimed ?? null;
}

/**
 * Fetches and matches one day's statement of an area's pay way, outside any transaction while the
 * provider is asked; the differences are written in one transaction (open ones of an earlier run of
 * that day replaced, fixed ones kept). Null when another run holds the day.
 */
export async function reconcileDay(
  db: Db,
  input: { scenicId: number; payWay: number; date: string; publicUrl: string; again?: boolean },
) {
  const { scenicId, payWay, date } = input;
  const adapter = payAdapter(payWay);
  const settings = adapter && (await paySettingsOf(db, scenicId, payWay, input.publicUrl));
  if (!adapter || !settings?.enabled) throw new AppError(409, 'payWayNotEnabled', { params: { payWay } });
  const run = await claimRun(db, scenicId, payWay, date, input.again ?? false);
  if (!run) return null;
  let theirs: Line[];
  try {
    theirs = (await adapter.downloadStatement(settings, date)).map(theirLine);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const [failed] = await db
      .update(payStatements)
      .set({
        status: 'failed',
        error: `${error.code}: ${error.providerMessage}`.slice(0, 300),
        updatedAt: new Date(),
      })
      .where(eq(payStatements.id, run.id))
      .returning();
    return failed!;
  }
  return db.transaction(async (tx) => {
    const found = differencesOf(await ourLines(tx, scenicId, payWay, date), theirs);
    const day = and(
      eq(payDifferences.scenicId, scenicId),
      eq(payDifferences.payWay, payWay),
      eq(payDifferences.statementDate, date),
    );
    await tx.delete(payDifferences).where(and(day, eq(payDifferences.status, 'open')));
    if (found.length)
      await tx
        .insert(payDifferences)
        .values(
          found.map((d) => ({
            scenicId,
            payWay,
            statementDate: date,
            kind: d.kind,
            lineKind: d.lineKind,
            paymentNo: d.paymentNo,
            refundNo: d.refundNo,
            providerTxnId: d.providerTxnId,
            ourAmount: d.ourAmount,
            theirAmount: d.theirAmount,
          })),
        )
        // a difference fixed by a person stays as it was fixed
        .onConflictDoNothing();
    const [done] = await tx
      .update(payStatements)
      .set({ status: 'matched', lines: theirs.length, differences: found.length, updatedAt: new Date() })
      .where(eq(payStatements.id, run.id))
      .returning();
    return done!;
  });
}

/** The day whose statement is due at `now`: yesterday (China Standard Time) once it is past 10:00. */
export function dueStatementDay(now: Date): string | null {
  const today = areaDay(now, STATEMENT_ZONE);
  const ready = new Date(areaDayStart(today, STATEMENT_ZONE).getTime() + READY_HOUR * 3_600_000);
  return now >= ready ? addDays(today, -1) : null;
}

/** One pass of the job: every enabled online pay way of every area, the due day once. */
export async function runReconciliation(db: Db, publicUrl: string, now = new Date()) {
  const date = dueStatementDay(now);
  if (!date) return { matched: 0, failed: 0 };
  const ways = await queryRows<{ scenic_id: number; pay_way: number }>(
    db,
    sql`select s.scenic_id, s.pay_way from payment_settings s
        where s.enabled and not exists (select 1 from pay_statements p where p.scenic_id = s.scenic_id
          and p.pay_way = s.pay_way and p.statement_date = ${date} and p.status = 'matched')`,
  );
  const counts = { matched: 0, failed: 0 };
  for (const w of ways) {
    if (!payAdapter(Number(w.pay_way))) continue;
    const run = await reconcileDay(db, {
      scenicId: Number(w.scenic_id),
      payWay: Number(w.pay_way),
      date,
      publicUrl,
    });
    if (run?.status === 'matched') counts.matched++;
    if (run?.status === 'failed') counts.failed++;
  }
  return counts;
}

/** Starts the reconciliation job (hourly; a day is matched once); the returned function stops it. */
export function startReconciliation(db: Db, config: { publicUrl: string }, log: FastifyBaseLogger) {
  return startPeriodic(log, {
    name: 'payReconciliation',
    intervalMs: 3_600_000,
    run: () => runReconciliation(db, config.publicUrl),
    worthLogging: (r) => !!(r.matched || r.failed),
  });
}
