import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CARD_STATE } from '../../../shared/dict/cards.ts';
import { cardTransitionFrom, cardTransitionTo } from '../../../shared/domain/card-order-transitions.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { JOB_LOCKS, runLocked, startPeriodic } from '../../lib/periodic-job.ts';
import { recordAudit, SYSTEM } from '../audit/index.ts';

/** How often the validity end of cards is applied. */
export const CARD_JOB_INTERVAL_MS = 60_000;

/** How many cards one transaction of the pass expires. */
export const CARD_EXPIRY_BATCH = 500;

/** The card states a card expires from: in someone's hand (a frozen card's validity ends too). */
const EXPIRING = [CARD_STATE.active, CARD_STATE.frozen];

const list = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

interface Due {
  id: string | number;
  order_id: string | number;
  scenic_id: number;
  state: number;
  status: number;
  valid_until: string;
}

/** One batch: the due cards and their orders locked, moved by compare-and-set, an audit row per order. */
async function expireBatch(tx: Db, now: Date, batch: number): Promise<number> {
  const from = cardTransitionFrom('C9');
  const to = cardTransitionTo('C9');
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const due = rowsOf<Due>(
    await tx.execute(sql`select c.id, c.order_id, c.scenic_id, c.state, o.status,
        to_char(c.valid_until, 'YYYY-MM-DD') as valid_until
      from cards c
      join card_orders o on o.id = c.order_id
      join scenic_areas a on a.id = c.scenic_id
      where c.state in (${list(EXPIRING)}) and o.status in (${list(from)})
        and c.valid_until < (${nowParam} at time zone a.time_zone)::date
      order by c.id limit ${batch}
      for update of c, o skip locked`),
  );
  if (!due.length) return 0;
  const cardIds = due.map((d) => Number(d.id));
  const orderIds = due.map((d) => Number(d.order_id));
  // both compare-and-set: the state and status as the rows were read (and locked) above
  await tx.execute(sql`update cards set state = ${CARD_STATE.expired}, updated_at = ${nowParam}
    where id in (${list(cardIds)}) and state in (${list(EXPIRING)})`);
  const moved = new Set(
    rowsOf<{ id: string | number }>(
      await tx.execute(sql`update card_orders set status = ${to}, updated_at = ${nowParam}
        where id in (${list(orderIds)}) and status in (${list(from)}) returning id`),
    ).map((r) => Number(r.id)),
  );
  for (const d of due) {
    if (!moved.has(Number(d.order_id))) continue;
    await recordAudit(
      tx,
      { username: SYSTEM, scenicId: d.scenic_id },
      {
        module: 'cards',
        action: 'cardOrder.expire',
        targetType: 'cardOrder',
        targetId: Number(d.order_id),
        before: { status: d.status, cardId: Number(d.id), cardState: d.state, validUntil: d.valid_until },
        after: { status: to, cardId: Number(d.id), cardState: CARD_STATE.expired },
      },
    );
  }
  return due.length;
}

/**
 * docs/domain.md C9: every card active or frozen whose `valid_until` lies before its area's today (the
 * area's time zone) becomes expired (5) and its order 301/401 → 502, by compare-and-set with an audit
 * row, in batches of `batch` (each its own transaction, rows locked with SKIP LOCKED). Returns how many.
 */
export async function expireCards(db: Db, now = new Date(), batch = CARD_EXPIRY_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction((tx) => expireBatch(tx, now, batch));
    total += n;
    if (n < batch) return total;
  }
}

/**
 * One pass of the cards' job, one instance at a time (an advisory lock): when another instance is
 * running it, this one skips. Null when skipped.
 */
export async function runCardJobs(
  db: Db,
  now = new Date(),
  batch = CARD_EXPIRY_BATCH,
): Promise<{ expired: number } | null> {
  return runLocked(db, JOB_LOCKS.cards, async (tx) => ({ expired: await expireCards(tx, now, batch) }));
}

/** Starts the periodic runner; the returned function stops it (and waits for a running pass). */
export function startCardJobs(db: Db, log: FastifyBaseLogger, intervalMs = CARD_JOB_INTERVAL_MS) {
  return startPeriodic(log, {
    name: 'cardJobs',
    intervalMs,
    run: () => runCardJobs(db),
    worthLogging: (r) => r.expired > 0,
  });
}
