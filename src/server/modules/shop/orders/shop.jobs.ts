import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SHOP_ORDER_STATUS as S, SHOP_RULES } from '../../../../shared/dict/shop.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { startPeriodic } from '../../../lib/periodic-job.ts';
import { targetsInFlight } from '../../payments/index.ts';
import { cancelUnpaid, confirmReceived } from './shop-order-actions.ts';
import { transitionShopOrder } from './shop-order-state.service.ts';
import { shopOrders, type ShopOrder } from '../shop.table.ts';

/** How often the shop's order jobs run. */
export const SHOP_JOB_INTERVAL_MS = 60_000;
/** Orders one step takes per pass (the rest wait for the next pass). */
const BATCH = 200;
const DAY = 86_400_000;

const NO_OPEN_REQUEST = sql`not exists (select 1 from shop_aftersales a where a.order_id = o.id and a.status = 1)`;

/**
 * One step of the jobs: each due order is claimed in its own transaction by
 * `FOR UPDATE SKIP LOCKED` with the condition checked again, then moved (transitionShopOrder is a
 * compare-and-set as well). So several instances share the work, an order a buyer or staff is
 * writing right now is left for the next pass, and one failing order does not stop the others.
 */
async function step(db: Db, due: SQL, move: (tx: Db, order: ShopOrder) => Promise<void>): Promise<number> {
  const ids = await queryRows<{ id: number }>(
    db,
    sql`select o.id from shop_orders o where ${due} order by o.id limit ${BATCH}`,
  );
  let moved = 0;
  for (const { id } of ids) {
    const done = await db.transaction(async (tx) => {
      const [claimed] = await queryRows<{ id: number }>(
        tx,
        sql`select o.id from shop_orders o where o.id = ${id} and ${due} for update skip locked`,
      );
      if (!claimed) return false;
      const [order] = await tx
        .select()
        .from(shopOrders)
        .where(sql`${shopOrders.id} = ${id}`);
      await move(tx, order!);
      return true;
    });
    if (done) moved += 1;
  }
  return moved;
}

/**
 * One pass of the shop order jobs at `now` (tests control the clock): S4 unpaid past `expires_at`
 * (stock and coupon back) once the online providers were asked about its payments; S9 (+ S10) shipped `autoReceiveDays` ago; S21 pending review past
 * `review_until`; S22 reviewed past `after_sale_until`; S17 → 601 a rejected request's order whose
 * windows closed; S23 cancelled or refunded orders `archiveDays` after their last move. An order with
 * an open after-sales request is never closed by a job.
 */
export async function runShopJobs(db: Db, now = new Date()) {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  // S4's guard "provider queried first", outside any transaction: a payment made in time is settled
  // (S2), one the provider cannot answer about yet spares its order this pass
  const inFlight = [...(await targetsInFlight(db, 'shop', now))];
  const spared = inFlight.length
    ? sql` and o.order_no not in (${sql.join(
        inFlight.map((no) => sql`${no}`),
        sql`, `,
      )})`
    : sql``;
  const expired = await step(
    db,
    sql`o.status = ${S.pendingPayment} and o.expires_at < ${now}${spared}`,
    (tx, o) => cancelUnpaid(tx, o, 'S4', { reason: 'timeout' }),
  );
  const received = await step(
    db,
    sql`o.status = ${S.shipped} and o.shipped_at < ${ago(SHOP_RULES.autoReceiveDays)}`,
    (tx, o) => confirmReceived(tx, o, { now }),
  );
  const close = (transition: 'S21' | 'S22' | 'S17' | 'S23', note: string) => (tx: Db, o: ShopOrder) =>
    transitionShopOrder(tx, {
      scenicId: o.scenicId,
      orderId: o.id,
      transition,
      to: S.closed,
      note,
      extra: sql`closed_at = ${now}`,
    }).then(() => undefined);
  const reviewEnded = await step(
    db,
    sql`o.status = ${S.pendingReview} and o.review_until < ${now} and ${NO_OPEN_REQUEST}`,
    close('S21', 'review window ended'),
  );
  const afterSaleEnded = await step(
    db,
    sql`o.status = ${S.reviewed} and o.after_sale_until < ${now} and ${NO_OPEN_REQUEST}`,
    close('S22', 'after-sales window ended'),
  );
  // a rejected request after receipt: nothing more can happen once the windows are over
  const rejectedEnded = await step(
    db,
    sql`o.status = ${S.refundRejected} and o.status_before_refund in (${S.received}, ${S.pendingReview}, ${S.reviewed})
      and o.after_sale_until < ${now}
      and (o.status_before_refund <> ${S.pendingReview} or o.review_until < ${now}) and ${NO_OPEN_REQUEST}`,
    close('S17', 'windows ended'),
  );
  const archived = await step(
    db,
    sql`o.status in (${S.userCancelled}, ${S.systemCancelled}, ${S.refunded}) and ${NO_OPEN_REQUEST}
      and coalesce((select max(h.created_at) from shop_order_history h where h.order_id = o.id), o.updated_at)
        < ${ago(SHOP_RULES.archiveDays)}`,
    close('S23', 'archived'),
  );
  return { expired, received, reviewEnded, afterSaleEnded, rejectedEnded, archived };
}

/** Starts the periodic runner; the returned function stops it (and waits for a running pass). */
export function startShopJobs(db: Db, log: FastifyBaseLogger, intervalMs = SHOP_JOB_INTERVAL_MS) {
  return startPeriodic(log, {
    name: 'shopJobs',
    intervalMs,
    run: () => runShopJobs(db),
    worthLogging: (r) => Object.values(r).some((n) => n > 0),
  });
}
