import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { INVOICE_KIND, INVOICE_STATE } from '../../../shared/dict/invoices.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { startPeriodic } from '../../lib/periodic-job.ts';
import { SYSTEM } from '../audit/index.ts';
import { sendIssue, sendVoid, settleIssuing } from './invoice-issuing.ts';
import { excessOfRefunds } from './invoice-refunds.ts';
import { requestRed, startIssue } from './invoices.service.ts';
import { invoices, type InvoiceRow } from './invoices.table.ts';

/** How long an invoice may sit in an in-between state (9, 3, 6) before the job asks the platform again. */
export const INVOICE_STUCK_MS = 60_000;
const BATCH = 20;

/**
 * Takes invoices of a state by compare-and-set on `updated_at` (a 60-second lease): with several
 * instances each invoice is worked by one of them per minute; the moves themselves are compare-and-set.
 */
async function claim(
  db: Db,
  state: number,
  extra: SQL,
  now: Date,
  minAgeMs = INVOICE_STUCK_MS,
): Promise<InvoiceRow[]> {
  const cutoff = new Date(now.getTime() - minAgeMs);
  const ids = await queryRows<{ id: number }>(
    db,
    sql`update invoices set updated_at = ${now}
        where id in (select id from invoices where state = ${state} and updated_at < ${cutoff} and ${extra}
                     order by id limit ${BATCH} for update skip locked)
        returning id`,
  );
  if (!ids.length) return [];
  return db
    .select()
    .from(invoices)
    .where(
      sql`${invoices.id} in (${sql.join(
        ids.map((r) => sql`${Number(r.id)}`),
        sql`, `,
      )})`,
    );
}

const system = (scenicId: number) => ({ username: SYSTEM, scenicId });

/**
 * One pass: requested invoices of automatic issuers issued; invoices left issuing, reissuing or voiding
 * settled with the platform; a red letter for every issued invoice whose source got money back and
 * has none yet (the refund's transaction requests it: this round is the safety net, for card orders
 * and for a blue invoice that could not take one then).
 */
export async function invoicePass(db: Db, uploadDir: string, now = new Date()) {
  const done = { issued: 0, settled: 0, reds: 0 };
  const auto = await claim(
    db,
    INVOICE_STATE.notIssued,
    // a red letter (requested by a refund, in its transaction) is issued whatever the issuer's mode
    sql`(kind = ${INVOICE_KIND.red} or issuer_id in (select id from invoice_issuers where mode = 1 and enabled))`,
    now,
    0,
  );
  for (const row of auto) {
    const started = await db
      .transaction((tx) => startIssue(tx, row.scenicId, row.id, system(row.scenicId)))
      .catch((err: unknown) => (err instanceof AppError ? null : Promise.reject(err)));
    if (started) await sendIssue(db, uploadDir, started).then(() => done.issued++);
  }
  for (const state of [INVOICE_STATE.issuing, INVOICE_STATE.reissuing])
    for (const row of await claim(db, state, sql`true`, now)) {
      await settleIssuing(db, uploadDir, row);
      done.settled++;
    }
  for (const row of await claim(db, INVOICE_STATE.voiding, sql`true`, now)) {
    await sendVoid(db, row);
    done.settled++;
  }
  for (const blue of await excessOfRefunds(db)) {
    const scenicId = Number(blue.scenic_id);
    const red = await db
      .transaction(async (tx) => {
        const id = await requestRed(
          tx,
          scenicId,
          Number(blue.id),
          Number(blue.excess),
          'refund',
          system(scenicId),
        );
        return startIssue(tx, scenicId, id, system(scenicId));
      })
      .catch((err: unknown) => (err instanceof AppError ? null : Promise.reject(err)));
    if (red) await sendIssue(db, uploadDir, red).then(() => done.reds++);
  }
  return done;
}

/** The invoices job, every INVOICE_JOB_INTERVAL_MS (30 s by default). */
export function startInvoiceJobs(db: Db, uploadDir: string, log: FastifyBaseLogger, intervalMs = 30_000) {
  return startPeriodic(log, {
    name: 'invoices',
    intervalMs,
    run: () => invoicePass(db, uploadDir),
    worthLogging: (r) => r.issued + r.settled + r.reds > 0,
  });
}
