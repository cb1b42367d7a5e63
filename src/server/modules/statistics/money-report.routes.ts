import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ONLINE_PAY_WAYS } from '../../../shared/api/payments.ts';
import type { ReportRow } from '../../../shared/api/report.ts';
import { addDays } from '../../../shared/area-clock.ts';
import { daysInclusive } from '../../../shared/api/inventory.ts';
import {
  ParticularsExportSchema,
  ParticularsQuerySchema,
  particularsReport,
  type ParticularsQuery,
} from '../../../shared/reports/particulars.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { registerReport, type ReportContext } from '../../http/report.ts';

/**
 * /statAnalyse/particulars (docs/statistics.md): ticket orders' money received and paid back per
 * pay way and area day, read from money_totals_daily (migration 0056, kept by triggers on payments
 * and refunds), beside each pay way's daily statement and its open differences (reconciliation).
 */

/**
 * The pay ways whose providers send daily statements (docs/payments.md): the reconciliation table
 * lists their days. The others (cash, POS, balances…) are in the tables by day and by pay way, and
 * in the reconciliation table when the report is filtered to one of them.
 */
const STATEMENT_WAYS: ReadonlySet<number> = new Set(ONLINE_PAY_WAYS);

interface Sums {
  received: number;
  payments: number;
  refunded: number;
  refunds: number;
}
const empty = (): Sums => ({ received: 0, payments: 0, refunded: 0, refunds: 0 });
const add = (s: Sums, kind: number, n: number, amount: number) => {
  if (kind === 1) {
    s.payments += n;
    s.received += amount;
  } else {
    s.refunds += n;
    s.refunded += amount;
  }
};
function bump<K>(map: Map<K, Sums>, key: K, kind: number, n: number, amount: number) {
  const s = map.get(key) ?? empty();
  add(s, kind, n, amount);
  map.set(key, s);
}
function sumOf(all: Sums[]): Sums {
  const t = empty();
  for (const s of all) {
    add(t, 1, s.payments, s.received);
    add(t, 2, s.refunds, s.refunded);
  }
  return t;
}
const moneyCells = (s: Sums) => ({ ...s, net: s.received - s.refunded });

async function moneyRows(db: Db, scenicId: number, from: string, to: string, payWay?: number) {
  const way = payWay ? sql` and pay_way = ${payWay}` : sql``;
  return queryRows<{ day: string; pay_way: number; kind: number; n: number; amount: string | number }>(
    db,
    sql`select day::text as day, pay_way, kind, sum(count)::int as n, sum(amount)::bigint as amount
      from money_totals_daily
      where scenic_id = ${scenicId} and day between ${from}::date and ${to}::date${way}
      group by 1, 2, 3 having sum(count) <> 0 or sum(amount) <> 0
      order by 1, 2, 3`,
  );
}

/** The statements the reconciliation job fetched for the period, and their open differences. */
async function statements(db: Db, scenicId: number, from: string, to: string) {
  const states = await queryRows<{ day: string; pay_way: number; status: string; lines: number }>(
    db,
    sql`select statement_date::text as day, pay_way, status, lines from pay_statements
      where scenic_id = ${scenicId} and statement_date between ${from}::date and ${to}::date`,
  );
  const open = await queryRows<{ day: string; pay_way: number; n: number }>(
    db,
    sql`select statement_date::text as day, pay_way, count(*)::int as n from pay_differences
      where scenic_id = ${scenicId} and status = 'open' and statement_date between ${from}::date and ${to}::date
      group by 1, 2`,
  );
  const key = (day: string, way: number) => `${day}|${way}`;
  const byKey = new Map(states.map((s) => [key(s.day, Number(s.pay_way)), s]));
  const diffs = new Map(open.map((d) => [key(d.day, Number(d.pay_way)), Number(d.n)]));
  return { byKey, diffs, key };
}

export async function particulars(ctx: ReportContext, q: ParticularsQuery) {
  const { db, scenicId } = ctx;
  const days = daysInclusive(q.from, q.to);
  const [rows, before, st] = await Promise.all([
    moneyRows(db, scenicId, q.from, q.to, q.payWay),
    moneyRows(db, scenicId, addDays(q.from, -days), addDays(q.from, -1), q.payWay),
    statements(db, scenicId, q.from, q.to),
  ]);
  const total = empty();
  const prev = empty();
  const byDay = new Map<string, Sums>();
  const byWay = new Map<number, Sums>();
  const daily = new Map<string, Sums>();
  for (const r of before) add(prev, Number(r.kind), Number(r.n), Number(r.amount));
  for (const r of rows) {
    const [kind, n, amount, way] = [Number(r.kind), Number(r.n), Number(r.amount), Number(r.pay_way)];
    add(total, kind, n, amount);
    bump(byDay, r.day, kind, n, amount);
    bump(byWay, way, kind, n, amount);
    if (q.payWay || STATEMENT_WAYS.has(way)) bump(daily, st.key(r.day, way), kind, n, amount);
  }
  // a statement's day shows even when we moved no money that day (all its lines are differences)
  for (const k of st.byKey.keys()) {
    const way = Number(k.split('|')[1]);
    if ((!q.payWay || way === q.payWay) && !daily.has(k)) daily.set(k, empty());
  }
  // by day, then by pay way as a number ("2" before "10")
  const order = (k: string) => k.replace(/\|(\d+)$/, (_, way: string) => `|${way.padStart(3, '0')}`);
  const dailyRows: ReportRow[] = [...daily.entries()]
    .sort(([a], [b]) => (order(a) < order(b) ? -1 : 1))
    .map(([k, s]) => {
      const [day, way] = k.split('|') as [string, string];
      const statement = st.byKey.get(k);
      return {
        day,
        payWay: Number(way),
        ...moneyCells(s),
        statement: statement?.status ?? 'none',
        statementLines: statement ? Number(statement.lines) : null,
        differences: st.diffs.get(k) ?? 0,
      };
    });
  const totalRow = { total: 1, ...moneyCells(total) };
  return {
    figures: {
      ...moneyCells(total),
      receivedPrev: prev.received,
      netPrev: prev.received - prev.refunded,
    },
    tables: {
      byDay: [...[...byDay.entries()].map(([day, s]) => ({ day, ...moneyCells(s) })), totalRow],
      byPayWay: [
        ...[...byWay.entries()]
          .sort(([a], [b]) => a - b)
          .map(([payWay, s]) => ({ payWay, ...moneyCells(s) })),
        totalRow,
      ],
      daily: [
        ...dailyRows,
        {
          total: 1,
          ...moneyCells(sumOf([...daily.values()])),
          differences: dailyRows.reduce((n, r) => n + Number(r.differences), 0),
        },
      ],
    },
  };
}

export async function particularsRoutes(app: FastifyInstance) {
  registerReport(app, {
    definition: particularsReport,
    tag: 'statistics',
    summary: 'Money movements: payments and refunds per pay way and day',
    permission: 'admin:stat:particulars',
    query: ParticularsQuerySchema,
    export: ParticularsExportSchema,
    run: particulars,
  });
}
