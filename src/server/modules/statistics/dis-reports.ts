import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ReportResult, ReportRow } from '../../../shared/api/report.ts';
import {
  DisQuerySchema,
  disExportSchema,
  disReportReport,
  disSaleReport,
  disTicketReport,
  type DisQuery,
} from '../../../shared/reports/distributors.ts';
import type { ServerReport } from '../../http/report.ts';
import { registerReport, type ReportContext } from '../../http/report.ts';
import { areaDayEnd, areaDayStart } from '../../lib/area-clock.ts';
import { queryRows } from '../../db/rows.ts';
import { previousPeriod } from './gate-traffic.ts';

/**
 * The distributor reports over the sales rollups (sales_orders_daily, sales_daily: paid orders of channel
 * 13 under the distributor's login account, by the area day they were created) and the settlement
 * batches closed in the period. A distributor (ctx.distributorId) reads its own rows only.
 */

type Period = { from: string; to: string };
const n = (v: unknown) => Number(v ?? 0);

/** Rows of the distributors in scope: all of the area's (distributor_id <> 0), or the caller's own. */
const mine = (ctx: ReportContext, column: SQL) =>
  ctx.distributorId === null ? sql`${column} <> 0` : sql`${column} = ${ctx.distributorId}`;

interface SaleCell {
  day: string;
  distributor: number;
  orders: number;
  tickets: number;
  sales: number;
  refunded: number;
}

/** Paid distribution orders per day and distributor account (sales_orders_daily). */
export async function saleCells(ctx: ReportContext, p: Period): Promise<SaleCell[]> {
  const rows = await queryRows<Record<string, unknown>>(
    ctx.db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, distributor_id, sum(orders)::int as orders, sum(tickets)::int as tickets,
        sum(amount)::bigint as sales, sum(refunded_amount)::bigint as refunded
      from sales_orders_daily
      where scenic_id = ${ctx.scenicId} and day between ${p.from}::date and ${p.to}::date
        and ${mine(ctx, sql`distributor_id`)}
      group by 1, 2 having sum(orders) <> 0 order by 1, 2`,
  );
  return rows.map((r) => ({
    day: String(r.day),
    distributor: n(r.distributor_id),
    orders: n(r.orders),
    tickets: n(r.tickets),
    sales: n(r.sales),
    refunded: n(r.refunded),
  }));
}

/** Settlement of batches closed in the period (its area days) per distributor account. */
export async function settledCells(ctx: ReportContext, p: Period) {
  const rows = await queryRows<Record<string, unknown>>(
    ctx.db,
    sql`select d.admin_id, count(*)::int as tickets, sum(i.amount)::bigint as amount, sum(i.commission)::bigint as commission
      from settlement_batches b
      join settlement_items i on i.batch_id = b.id
      join distributors d on d.id = i.distributor_id
      where b.scenic_id = ${ctx.scenicId} and b.state = 2
        and b.closed_at >= ${areaDayStart(p.from, ctx.timeZone).toISOString()}::timestamptz
        and b.closed_at < ${areaDayEnd(p.to, ctx.timeZone).toISOString()}::timestamptz
        and ${mine(ctx, sql`coalesce(d.admin_id, 0)`)}
      group by 1`,
  );
  return new Map(
    rows.map((r) => [
      n(r.admin_id),
      { tickets: n(r.tickets), amount: n(r.amount), commission: n(r.commission) },
    ]),
  );
}

/** The companies of the area's distributor accounts. */
async function companies(ctx: ReportContext): Promise<(id: number) => string> {
  const rows = await queryRows<{ admin_id: number; company: string }>(
    ctx.db,
    sql`select admin_id, company from distributors where scenic_id = ${ctx.scenicId} and admin_id is not null`,
  );
  const map = new Map(rows.map((r) => [n(r.admin_id), r.company]));
  return (id) => map.get(id) ?? `#${id}`;
}

const saleSums = (cells: readonly SaleCell[]) => {
  const s = { orders: 0, tickets: 0, sales: 0, refunded: 0 };
  for (const c of cells) {
    s.orders += c.orders;
    s.tickets += c.tickets;
    s.sales += c.sales;
    s.refunded += c.refunded;
  }
  return { ...s, net: s.sales - s.refunded };
};

function byKey<T, K>(list: readonly T[], keyOf: (t: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const t of list) map.set(keyOf(t), [...(map.get(keyOf(t)) ?? []), t]);
  return map;
}

async function runDisReport(ctx: ReportContext, q: DisQuery): Promise<ReportResult> {
  const [cells, before, settled, company] = await Promise.all([
    saleCells(ctx, q),
    saleCells(ctx, previousPeriod(q.from, q.to)),
    settledCells(ctx, q),
    companies(ctx),
  ]);
  const perDistributor = byKey(cells, (c) => c.distributor);
  const ids = [...new Set([...perDistributor.keys(), ...settled.keys()])];
  const rows: ReportRow[] = ids
    .map((id) => {
      const s = saleSums(perDistributor.get(id) ?? []);
      const set = settled.get(id) ?? { amount: 0, commission: 0 };
      return {
        company: company(id),
        ...s,
        settled: set.amount,
        commission: set.commission,
        unsettled: s.net - set.amount,
      };
    })
    .sort((a, b) => b.sales - a.sales || a.company.localeCompare(b.company));
  const total = saleSums(cells);
  const settledTotal = [...settled.values()].reduce((a, s) => a + s.amount, 0);
  const commission = [...settled.values()].reduce((a, s) => a + s.commission, 0);
  const unsettled = total.net - settledTotal;
  rows.push({ company: null, ...total, settled: settledTotal, commission, unsettled, total: 1 });
  return {
    figures: {
      sales: total.sales,
      salesPrevious: saleSums(before).sales,
      net: total.net,
      settled: settledTotal,
      unsettled,
    },
    tables: { distributors: rows },
  };
}

async function runDisSale(ctx: ReportContext, q: DisQuery): Promise<ReportResult> {
  const [cells, before, company] = await Promise.all([
    saleCells(ctx, q),
    saleCells(ctx, previousPeriod(q.from, q.to)),
    companies(ctx),
  ]);
  const total = saleSums(cells);
  const perDay = byKey(cells, (c) => c.day);
  const days: ReportRow[] = [...perDay.entries()].map(([day, list]) => ({ day, ...saleSums(list) }));
  days.push({ day: null, ...total, total: 1 });
  const distributorDays: ReportRow[] = cells.map((c) => ({
    day: c.day,
    company: company(c.distributor),
    ...saleSums([c]),
  }));
  distributorDays.push({ day: null, company: null, ...total, total: 1 });
  const prev = saleSums(before);
  return {
    figures: {
      orders: total.orders,
      ordersPrevious: prev.orders,
      tickets: total.tickets,
      ticketsPrevious: prev.tickets,
      sales: total.sales,
      salesPrevious: prev.sales,
      net: total.net,
    },
    tables: { days, distributorDays },
  };
}

/** Tickets of paid distribution orders per distributor account and product (sales_daily). */
async function productCells(ctx: ReportContext, p: Period) {
  const rows = await queryRows<Record<string, unknown>>(
    ctx.db,
    sql`select s.distributor_id, s.product_id, p.name, sum(s.tickets)::int as sold, sum(s.amount)::bigint as sales,
        sum(s.refunded_tickets)::int as refunded, sum(s.refunded_amount)::bigint as refunded_amount
      from sales_daily s left join ticket_products p on p.id = s.product_id
      where s.scenic_id = ${ctx.scenicId} and s.day between ${p.from}::date and ${p.to}::date
        and ${mine(ctx, sql`s.distributor_id`)}
      group by 1, 2, 3 having sum(s.tickets) <> 0`,
  );
  return rows.map((r) => ({
    distributor: n(r.distributor_id),
    product: r.name == null ? `#${n(r.product_id)}` : String(r.name),
    sold: n(r.sold),
    sales: n(r.sales),
    refunded: n(r.refunded),
    refundedAmount: n(r.refunded_amount),
  }));
}

async function runDisTicket(ctx: ReportContext, q: DisQuery): Promise<ReportResult> {
  const [cells, before, settled, company] = await Promise.all([
    productCells(ctx, q),
    productCells(ctx, previousPeriod(q.from, q.to)),
    settledCells(ctx, q),
    companies(ctx),
  ]);
  const sum = <K extends 'sold' | 'sales' | 'refunded' | 'refundedAmount'>(k: K) =>
    cells.reduce((a, c) => a + c[k], 0);
  const set = [...settled.values()].reduce(
    (a, s) => ({ tickets: a.tickets + s.tickets, amount: a.amount + s.amount }),
    { tickets: 0, amount: 0 },
  );
  const states: ReportRow[] = [
    { state: 1, tickets: sum('sold') - sum('refunded'), amount: sum('sales') - sum('refundedAmount') },
    { state: 2, tickets: sum('refunded'), amount: sum('refundedAmount') },
    { state: 3, tickets: set.tickets, amount: set.amount },
  ];
  const products: ReportRow[] = cells
    .map((c) => ({
      company: company(c.distributor),
      product: c.product,
      sold: c.sold,
      refunded: c.refunded,
      valid: c.sold - c.refunded,
      sales: c.sales,
      refundedAmount: c.refundedAmount,
    }))
    .sort((a, b) => a.company.localeCompare(b.company) || b.sold - a.sold);
  products.push({
    company: null,
    product: null,
    sold: sum('sold'),
    refunded: sum('refunded'),
    valid: sum('sold') - sum('refunded'),
    sales: sum('sales'),
    refundedAmount: sum('refundedAmount'),
    total: 1,
  });
  return {
    figures: {
      sold: sum('sold'),
      soldPrevious: before.reduce((a, c) => a + c.sold, 0),
      refunded: sum('refunded'),
      settled: set.tickets,
    },
    tables: { states, products },
  };
}

const common = { tag: 'statistics', distributor: 'own', query: DisQuerySchema } as const;

export const DIS_REPORTS: ServerReport<DisQuery>[] = [
  {
    ...common,
    definition: disReportReport,
    summary: 'Sales, settled and unsettled amounts per distributor (/statAnalyse/disReport)',
    permission: 'admin:stat:disReport',
    export: disExportSchema(['distributors']),
    run: runDisReport,
  },
  {
    ...common,
    definition: disSaleReport,
    summary: 'Distribution sales per day and distributor (/statAnalyse/disSale)',
    permission: 'admin:stat:disSale',
    export: disExportSchema(['days', 'distributorDays']),
    run: runDisSale,
  },
  {
    ...common,
    definition: disTicketReport,
    summary: 'Distribution tickets per state, distributor and product (/statAnalyse/disTicket)',
    permission: 'admin:stat:disTicket',
    export: disExportSchema(['states', 'products']),
    run: runDisTicket,
  },
];

export async function disReportRoutes(app: FastifyInstance) {
  for (const report of DIS_REPORTS) registerReport(app, report);
}
