import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CARD_ORDER_STATUS } from '../../../shared/dict/cards.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { startPeriodic } from '../../lib/periodic-job.ts';
import { SYSTEM } from '../audit/index.ts';
import { targetsInFlight } from '../payments/index.ts';
import { cancelUnpaidCard } from './card-sales.service.ts';

/** How often unpaid card orders past their deadline are looked at. */
export const CARD_PAY_EXPIRY_INTERVAL_MS = 60_000;
const BATCH = 200;

/**
 * One pass of C4 by the deadline (docs/domain.md "Travel card"): first, outside any transaction, each
 * online payment of a card order past its deadline is asked of its provider (payments' claim, so
 * several instances ask once): paid → C3 at its own time, still open → closed there, the provider
 * silent → the order is spared this pass. Then each unpaid order past `expires_at` is claimed in its
 * own transaction by `FOR UPDATE SKIP LOCKED` with the condition checked again and cancelled by
 * compare-and-set (an order another instance or its buyer is moving is left to them).
 */
export async function runCardPayExpiry(
  db: Db,
  now = new Date(),
): Promise<{ expired: number; spared: number }> {
  const inFlight = [...(await targetsInFlight(db, 'card', now))];
  const spared = inFlight.length
    ? sql` and o.order_no not in (${sql.join(
        inFlight.map((no) => sql`${no}`),
        sql`, `,
      )})`
    : sql``;
  const due = sql`o.status = ${CARD_ORDER_STATUS.unpaid} and o.expires_at < ${now}${spared}`;
  const ids = await queryRows<{ id: number }>(
    db,
    sql`select o.id from card_orders o where ${due} order by o.expires_at, o.id limit ${BATCH}`,
  );
  let expired = 0;
  for (const { id } of ids) {
    const done = await db.transaction(async (tx) => {
      const [claimed] = await queryRows<{ id: number; scenic_id: number; order_no: string }>(
        tx,
        sql`select o.id, o.scenic_id, o.order_no from card_orders o where o.id = ${id} and ${due}
            for update skip locked`,
      );
      if (!claimed) return false;
      const scenicId = Number(claimed.scenic_id);
      await cancelUnpaidCard(
        tx,
        { id: Number(claimed.id), scenicId, orderNo: claimed.order_no },
        'timeout',
        { username: SYSTEM, scenicId },
        now,
      );
      return true;
    });
    if (done) expired += 1;
  }
  return { expired, spared: inFlight.length };
}

/** Starts the periodic runner; the returned function stops it (and waits for a running pass). */
export function startCardPayExpiry(db: Db, log: FastifyBaseLogger, intervalMs = CARD_PAY_EXPIRY_INTERVAL_MS) {
  return startPeriodic(log, {
    name: 'cardPayExpiry',
    intervalMs,
    run: () => runCardPayExpiry(db),
    worthLogging: (r) => r.expired > 0 || r.spared > 0,
  });
}
