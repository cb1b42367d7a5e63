import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ReportResult, ReportRow } from '../../../shared/api/report.ts';
import { daysInclusive } from '../../../shared/api/inventory.ts';
import {
  GateTrafficExportSchema,
  GateTrafficQuerySchema,
  SYSTEM_GATE,
  gateTrafficReport,
  type GateTrafficQuery,
} from '../../../shared/reports/gate-traffic.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { pickLang } from '../../http/messages.ts';
import { registerReport, type ReportContext } from '../../http/report.ts';
import { addDays, areaDayEnd, areaDayStart, areaTime } from '../../lib/area-clock.ts';

/** The passages of one hour of an area day (every gate). */
export interface TrafficCell {
  day: string;
  hour: number;
  entries: number;
  exits: number;
  denied: number;
}

type TrafficPeriod = { from: string; to: string; entryType?: number | undefined };

/** The rollup's rows of the period: area days `from`..`to` (its clock), one entry type or all. */
function inPeriod(scenicId: number, timeZone: string, p: TrafficPeriod) {
  return sql`scenic_id = ${scenicId} and hour >= ${areaDayStart(p.from, timeZone).toISOString()}::timestamptz
    and hour < ${areaDayEnd(p.to, timeZone).toISOString()}::timestamptz
    ${p.entryType ? sql`and entry_type = ${p.entryType}` : sql``}`;
}

/**
 * Reads UTC hours on the area's clock without a zone conversion per row: each day's first instant
 * once, then an hour's place in its day (a day with a clock change reads its hours one by one).
 */
function areaHours(p: TrafficPeriod, timeZone: string) {
  const starts: { day: string; start: number }[] = [];
  for (let day = p.from; day <= addDays(p.to, 1); day = addDays(day, 1))
    starts.push({ day, start: areaDayStart(day, timeZone).getTime() });
  let i = 0;
  return (at: number) => {
    while (i < starts.length - 2 && at >= starts[i + 1]!.start) i++;
    const { day, start } = starts[i]!;
    const even = starts[i + 1]!.start - start === 86_400_000;
    return {
      day,
      hour: even ? Math.floor((at - start) / 3_600_000) : Number(areaTime(at, timeZone).slice(0, 2)),
    };
  };
}

type Counts = { entries: number; exits: number; denied: number };
const countsOf = (r: Record<string, unknown>): Counts => ({
  entries: Number(r.entries ?? 0),
  exits: Number(r.exits ?? 0),
  denied: Number(r.denied ?? 0),
});
const SUMS = sql`sum(entries)::int as entries, sum(exits)::int as exits, sum(denied)::int as denied`;

/**
 * The passages of an area's days `from`..`to` (its clock) per day and hour, every gate together,
 * and per gate (0: the system's), in one read of gate_traffic_hourly (folded or not: rows are
 * summed). `entryType` keeps one park entry type.
 */
export async function trafficOf(db: Db, scenicId: number, timeZone: string, period: TrafficPeriod) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select grouping(hour) as by_gate, extract(epoch from hour)::bigint as at, gate_id, ${SUMS}
      from gate_traffic_hourly where ${inPeriod(scenicId, timeZone, period)}
      group by grouping sets ((hour), (gate_id)) order by 1, 2`,
  );
  const local = areaHours(period, timeZone);
  const cells: TrafficCell[] = [];
  const gates: (Counts & { gateId: number })[] = [];
  for (const r of rows)
    if (Number(r.by_gate)) gates.push({ gateId: Number(r.gate_id), ...countsOf(r) });
    else cells.push({ ...local(Number(r.at) * 1000), ...countsOf(r) });
  return { cells, gates };
}

/** The passages of the period per day and hour, every gate together (the dashboard's figures). */
export async function trafficCells(db: Db, scenicId: number, timeZone: string, period: TrafficPeriod) {
  return (await trafficOf(db, scenicId, timeZone, period)).cells;
}

/** The period's totals. */
async function trafficTotals(db: Db, scenicId: number, timeZone: string, period: TrafficPeriod) {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${SUMS} from gate_traffic_hourly where ${inPeriod(scenicId, timeZone, period)}`,
  );
  return countsOf(row ?? {});
}

/**
 * People inside the area through one day, hour by hour: each hour's entries less its exits added
 * to the count at the end of the hour before, never below 0 (the day starts empty; a visitor who
 * left unseen is closed by T13's exit, which may fall early the next day). `upTo` stops the day
 * after that hour (the dashboard's "now"). Answers the count at the end and the peak with its hour.
 */
export function occupancy(cells: readonly TrafficCell[], upTo = 23) {
  const byHour = new Array<number>(24).fill(0);
  for (const c of cells) byHour[c.hour]! += c.entries - c.exits;
  let inside = 0;
  let peak = 0;
  let peakHour: number | null = null;
  for (let h = 0; h <= upTo; h++) {
    inside = Math.max(0, inside + byHour[h]!);
    if (inside > peak) [peak, peakHour] = [inside, h];
  }
  return { inside, peak, peakHour };
}

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

function group<K>(cells: readonly TrafficCell[], keyOf: (c: TrafficCell) => K) {
  const map = new Map<K, TrafficCell[]>();
  for (const c of cells) {
    const key = keyOf(c);
    const list = map.get(key);
    if (list) list.push(c);
    else map.set(key, [c]);
  }
  return map;
}

const sums = (cells: readonly Counts[]) => ({
  entries: cells.reduce((n, c) => n + c.entries, 0),
  exits: cells.reduce((n, c) => n + c.exits, 0),
  denied: cells.reduce((n, c) => n + c.denied, 0),
});

/** The report's three tables and figures from the cells of the period. */
export function trafficReport(
  cells: readonly TrafficCell[],
  gateRows: readonly (Counts & { gateId: number })[],
  period: { from: string; to: string },
  gateName: (gateId: number) => string,
): Omit<ReportResult, 'figures'> & { figures: Record<string, number> } {
  const total = sums(cells);
  const byDay = group(cells, (c) => c.day);
  const days: ReportRow[] = [];
  let peak = 0;
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
    const list = byDay.get(day) ?? [];
    const o = occupancy(list);
    peak = Math.max(peak, o.peak);
    days.push({
      day,
      ...sums(list),
      peak: o.peak,
      peakHour: o.peakHour === null ? null : hourLabel(o.peakHour),
    });
  }
  days.push({ day: null, ...total, peak, peakHour: null, total: 1 });

  const byHour = group(cells, (c) => c.hour);
  const active = [...byHour.keys()].sort((a, b) => a - b);
  const hours: ReportRow[] = [];
  if (active.length)
    for (let h = active[0]!; h <= active[active.length - 1]!; h++)
      hours.push({ hour: hourLabel(h), ...sums(byHour.get(h) ?? []) });
  hours.push({ hour: null, ...total, total: 1 });

  const gates: ReportRow[] = [...gateRows]
    .sort((a, b) => b.entries + b.exits - (a.entries + a.exits) || a.gateId - b.gateId)
    .map(({ gateId, ...counts }) => ({ gate: gateName(gateId), ...counts }));
  gates.push({ gate: null, ...total, total: 1 });

  return { figures: { ...total, peak }, tables: { days, hours, gates } };
}

/** The period of the same length just before `from`..`to`. */
export function previousPeriod(from: string, to: string) {
  const length = daysInclusive(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

export async function runGateTraffic(ctx: ReportContext, q: GateTrafficQuery): Promise<ReportResult> {
  const [{ cells, gates: gateRows }, prev, gates] = await Promise.all([
    trafficOf(ctx.db, ctx.scenicId, ctx.timeZone, q),
    trafficTotals(ctx.db, ctx.scenicId, ctx.timeZone, {
      ...previousPeriod(q.from, q.to),
      entryType: q.entryType,
    }),
    queryRows<{ id: number; name: string }>(
      ctx.db,
      sql`select id, name from gates where scenic_id = ${ctx.scenicId}`,
    ),
  ]);
  const lang = pickLang(ctx.req.headers['accept-language']);
  const names = new Map(gates.map((g) => [Number(g.id), g.name]));
  const result = trafficReport(cells, gateRows, q, (id) =>
    id === 0 ? SYSTEM_GATE[lang] : (names.get(id) ?? `#${id}`),
  );
  return {
    tables: result.tables,
    figures: { ...result.figures, entriesPrevious: prev.entries, exitsPrevious: prev.exits },
  };
}

export async function gateTrafficRoutes(app: FastifyInstance) {
  registerReport(app, {
    definition: gateTrafficReport,
    tag: 'statistics',
    summary: 'Entries and exits per day, hour and gate, and the peak inside (/statAnalyse/stat)',
    permission: 'admin:stat:stat',
    query: GateTrafficQuerySchema,
    export: GateTrafficExportSchema,
    run: runGateTraffic,
  });
}
