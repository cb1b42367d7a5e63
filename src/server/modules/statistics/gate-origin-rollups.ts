import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { JOB_LOCKS, runLocked, startPeriodic } from '../../lib/periodic-job.ts';
import { foldRollup, settleRollup } from './money-detail-rollups.ts';

/**
 * The gate and origin rollups (migration 0058, docs/statistics.md "Gates, origins and
 * distributors"): deltas appended by triggers on gate_events and order_tickets, folded by the job
 * below with the same fold as the other rollups of the module, and compared with their facts.
 */
type Rollup = Parameters<typeof foldRollup>[1];

/** Passages per area, UTC hour, gate (0: the system's) and entry type (0: none). */
export const gateTrafficRollup: Rollup = {
  table: 'gate_traffic_hourly',
  keys: ['scenic_id', 'hour', 'gate_id', 'entry_type'],
  sums: ['entries', 'exits', 'denied'],
  facts: (
    scenicId,
  ) => sql`select scenic_id, gate_traffic_hour(scanned_at) as hour, coalesce(gate_id, 0) as gate_id,
      coalesce(entry_type, 0)::smallint as entry_type, (count(*) filter (where direction = 'entry'))::int as entries,
      (count(*) filter (where direction = 'exit'))::int as exits,
      (count(*) filter (where direction = 'denied'))::int as denied
    from gate_events where scenic_id = ${scenicId}
    group by 1, 2, 3, 4`,
};

/** Tickets that count as visitors per area, visit day and province of their ID number. */
export const originRollup: Rollup = {
  table: 'origin_daily',
  keys: ['scenic_id', 'day', 'province'],
  sums: ['tickets'],
  facts: (scenicId) => sql`select scenic_id, visit_date as day, id_province(visitor_id_number) as province,
      count(*)::int as tickets
    from order_tickets where scenic_id = ${scenicId} and origin_counts(status)
    group by 1, 2, 3`,
};

export const GATE_ORIGIN_ROLLUPS = [gateTrafficRollup, originRollup] as const;

const columns = (names: readonly string[]) => sql.raw(names.join(', '));

/** The keys of an area where a rollup and its facts differ (none when they agree), at most `limit`. */
export async function rollupMismatches(
  db: Db,
  r: Rollup,
  scenicId: number,
  limit = 20,
): Promise<Record<string, unknown>[]> {
  const sums: SQL = sql.raw(r.sums.map((s) => `sum(${s}) as ${s}`).join(', '));
  return queryRows(
    db,
    sql`select ${columns(r.keys)}, ${sums}
      from (${r.facts(scenicId)} union all
        select ${columns(r.keys)}, ${sql.raw(r.sums.map((s) => `-${s}`).join(', '))}
        from ${sql.raw(r.table)} where scenic_id = ${scenicId}) as diff
      group by ${columns(r.keys)} having ${sql.raw(r.sums.map((s) => `sum(${s}) <> 0`).join(' or '))}
      limit ${limit}`,
  );
}

/** Every area's keys that differ in either rollup (the rollup check and the tests). */
export async function gateOriginMismatches(db: Db) {
  const areas = await queryRows<{ id: number }>(db, sql`select id from scenic_areas order by id`);
  const found: { table: string; scenicId: number; row: Record<string, unknown> }[] = [];
  for (const { id } of areas)
    for (const r of GATE_ORIGIN_ROLLUPS)
      for (const row of await rollupMismatches(db, r, Number(id)))
        found.push({ table: r.table, scenicId: Number(id), row });
  return found;
}

/** Folds both rollups, one instance at a time (the fold is safe with several anyway). */
export function foldGateOriginRollups(db: Db) {
  return runLocked(db, JOB_LOCKS.statisticsGates, async (tx) => {
    for (const r of GATE_ORIGIN_ROLLUPS) await foldRollup(tx, r);
    return true;
  });
}

/** Both rollups of an area made equal to its facts (after the demo history), then folded. */
export async function settleGateOriginRollups(db: Db, scenicId: number): Promise<number> {
  let differed = 0;
  for (const r of GATE_ORIGIN_ROLLUPS) differed += await settleRollup(db, r, scenicId);
  for (const r of GATE_ORIGIN_ROLLUPS) await foldRollup(db, r);
  return differed;
}

export const GATE_ORIGIN_FOLD_INTERVAL_MS = 30_000;

export function startGateOriginFold(app: { ctx: { db: Db }; log: FastifyBaseLogger }) {
  return startPeriodic(app.log, {
    name: 'gateOriginFold',
    intervalMs: GATE_ORIGIN_FOLD_INTERVAL_MS,
    run: () => foldGateOriginRollups(app.ctx.db),
    worthLogging: () => false,
  });
}
