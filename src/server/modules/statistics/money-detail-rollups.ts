import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { JOB_LOCKS, runLocked, startPeriodic } from '../../lib/periodic-job.ts';

/**
 * The rollups of the ticket detail list and the money movements (migration 0056): deltas appended
 * by triggers, folded here, and settled against their facts (after a bulk load, after a change of
 * the area's zone, and as the proof that they agree).
 */
interface Rollup {
  table: string;
  keys: readonly string[];
  sums: readonly string[];
  /** The facts of one area grouped by the keys, as columns named like the table's. */
  facts: (scenicId: number) => SQL;
}

export const ticketTotalsRollup: Rollup = {
  table: 'ticket_totals_daily',
  keys: ['scenic_id', 'day', 'product_id', 'channel', 'pay_way', 'status'],
  sums: ['tickets', 'amount'],
  facts: (
    scenicId,
  ) => sql`select o.scenic_id, order_totals_day(o.scenic_id, o.created_at) as day, t.product_id,
      o.channel, coalesce(o.pay_way, 0) as pay_way, t.status, count(*)::int as tickets, sum(t.price)::bigint as amount
    from order_tickets t join ticket_orders o on o.id = t.order_id
    where o.scenic_id = ${scenicId}
    group by 1, 2, 3, 4, 5, 6`,
};

export const moneyTotalsRollup: Rollup = {
  table: 'money_totals_daily',
  keys: ['scenic_id', 'day', 'pay_way', 'kind'],
  sums: ['count', 'amount'],
  facts: (
    scenicId,
  ) => sql`select scenic_id, order_totals_day(scenic_id, coalesce(confirmed_at, created_at)) as day,
      pay_way, 1::smallint as kind, count(*)::int as count, sum(amount)::bigint as amount
    from payments where scenic_id = ${scenicId} and status in ('confirmed', 'refunded')
    group by 1, 2, 3
    union all
    select r.scenic_id, order_totals_day(r.scenic_id, coalesce(r.done_at, r.created_at)), coalesce(p.pay_way, 0),
      2::smallint, count(*)::int, sum(r.amount)::bigint
    from refunds r left join payments p on p.id = r.payment_id
    where r.scenic_id = ${scenicId} and r.status in ('done', 'external')
    group by 1, 2, 3`,
};

export const MONEY_DETAIL_ROLLUPS = [ticketTotalsRollup, moneyTotalsRollup] as const;

const list = (names: readonly string[], prefix = '') => sql.raw(names.map((n) => `${prefix}${n}`).join(', '));
const nonZero = (sums: readonly string[]) => sql.raw(sums.map((s) => `sum(${s}) <> 0`).join(' or '));

/**
 * Folds the deltas into one row per key. Only keys with more than one row are rewritten. One
 * statement: it re-inserts the sum of exactly the rows it deleted, so rows appended meanwhile, or
 * folded by another instance at the same time, keep every sum unchanged.
 */
export async function foldRollup(db: Db, r: Rollup): Promise<void> {
  const keys = list(r.keys);
  await db.execute(sql`with folded as (
      select ${keys} from ${sql.raw(r.table)} group by ${keys} having count(*) > 1
    ),
    gone as (
      delete from ${sql.raw(r.table)} t using folded f
      where (${list(r.keys, 't.')}) = (${list(r.keys, 'f.')})
      returning t.*
    )
    insert into ${sql.raw(r.table)}
    select ${keys}, ${sql.raw(r.sums.map((s) => `sum(${s})`).join(', '))} from gone
    group by ${keys} having ${nonZero(r.sums)}`);
}

/** Per key of the area: what the facts give less what the rollup holds (no row when they agree). */
function difference(r: Rollup, scenicId: number): SQL {
  const keys = list(r.keys);
  const negated = sql.raw(r.sums.map((s) => `-${s}`).join(', '));
  return sql`select ${keys}, ${sql.raw(r.sums.map((s) => `sum(${s})::bigint as ${s}`).join(', '))}
    from (${r.facts(scenicId)} union all select ${keys}, ${negated} from ${sql.raw(r.table)} where scenic_id = ${scenicId}) as change
    group by ${keys} having ${nonZero(r.sums)}`;
}

/** The keys where the rollup and its facts disagree (none: they are equal), the proof of the tests. */
export async function rollupMismatches(db: Db, r: Rollup, scenicId: number) {
  return queryRows<Record<string, unknown>>(db, difference(r, scenicId));
}

/**
 * Appends the difference to the facts: nothing when they agree. Answers the number of keys that
 * differed. Append-only, so a concurrent fold changes no sum; run after a bulk load (whose triggers
 * were off) and after a change of the area's zone (under its exclusive lock, taken by the save).
 */
export async function settleRollup(db: Db, r: Rollup, scenicId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with diff as (insert into ${sql.raw(r.table)} ${difference(r, scenicId)} returning 1)
      select count(*)::int as n from diff`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Both rollups of an area made equal to the facts (the demo history's bulk load, a zone change). */
export async function settleMoneyDetailRollups(db: Db, scenicId: number): Promise<number> {
  let differed = 0;
  for (const r of MONEY_DETAIL_ROLLUPS) differed += await settleRollup(db, r, scenicId);
  return differed;
}

export const ROLLUP_FOLD_INTERVAL_MS = 30_000;

export function foldMoneyDetailRollups(db: Db) {
  return runLocked(db, JOB_LOCKS.statisticsMoney, async (tx) => {
    for (const r of MONEY_DETAIL_ROLLUPS) await foldRollup(tx, r);
    return true;
  });
}

export function startMoneyDetailFold(db: Db, log: FastifyBaseLogger) {
  return startPeriodic(log, {
    name: 'moneyDetailFold',
    intervalMs: ROLLUP_FOLD_INTERVAL_MS,
    run: () => foldMoneyDetailRollups(db),
    worthLogging: () => false,
  });
}

/** Every key of every area where the two rollups differ from their facts (`npm run check:rollups`). */
export async function moneyDetailMismatches(db: Db) {
  const areas = await queryRows<{ id: number }>(db, sql`select id from scenic_areas order by id`);
  const found: { table: string; scenicId: number; row: Record<string, unknown> }[] = [];
  for (const { id } of areas)
    for (const r of MONEY_DETAIL_ROLLUPS)
      for (const row of await rollupMismatches(db, r, Number(id)))
        found.push({ table: r.table, scenicId: Number(id), row });
  return found;
}
