import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ReportResult, ReportRow } from '../../../shared/api/report.ts';
import {
  OriginExportSchema,
  OriginQuerySchema,
  originReport,
  type OriginQuery,
} from '../../../shared/reports/origin.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { registerReport, type ReportContext } from '../../http/report.ts';
import { previousPeriod } from './gate-traffic.ts';

/** Visitors per province of an area's visit days `from`..`to`, from origin_daily. */
export async function visitorsByProvince(
  db: Db,
  scenicId: number,
  period: { from: string; to: string },
): Promise<Map<number, number>> {
  const rows = await queryRows<{ province: number; n: number }>(
    db,
    sql`select province, sum(tickets)::int as n from origin_daily
      where scenic_id = ${scenicId} and day between ${period.from}::date and ${period.to}::date
      group by 1 having sum(tickets) <> 0`,
  );
  return new Map(rows.map((r) => [Number(r.province), Number(r.n)]));
}

const sumOf = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** Provinces by visitors, most first, the unknown ones last; a total row; shares in per mille. */
export function originTable(byProvince: Map<number, number>): ReportRow[] {
  const total = sumOf(byProvince);
  const share = (n: number) => (total ? Math.round((n * 1000) / total) : 0);
  const rows: ReportRow[] = [...byProvince.entries()]
    .sort(([a, n], [b, m]) => Number(a === 0) - Number(b === 0) || m - n || a - b)
    .map(([province, n]) => ({ province, visitors: n, share: share(n) }));
  rows.push({ province: null, visitors: total, share: total ? 1000 : 0, total: 1 });
  return rows;
}

export async function runOrigin(ctx: ReportContext, q: OriginQuery): Promise<ReportResult> {
  const [now, before] = await Promise.all([
    visitorsByProvince(ctx.db, ctx.scenicId, q),
    visitorsByProvince(ctx.db, ctx.scenicId, previousPeriod(q.from, q.to)),
  ]);
  const known = [...now.entries()].filter(([p]) => p !== 0);
  return {
    figures: {
      visitors: sumOf(now),
      visitorsPrevious: sumOf(before),
      identified: known.reduce((n, [, v]) => n + v, 0),
      provinces: known.filter(([p, v]) => p !== 91 && v > 0).length,
    },
    tables: { provinces: originTable(now) },
  };
}

export async function originRoutes(app: FastifyInstance) {
  registerReport(app, {
    definition: originReport,
    tag: 'statistics',
    summary: 'Visitors by province of origin, from their ID numbers (/statAnalyse/origin)',
    permission: 'admin:stat:origin',
    query: OriginQuerySchema,
    export: OriginExportSchema,
    run: runOrigin,
  });
}
