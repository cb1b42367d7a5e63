import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ReportResult, ReportRow } from '../../../shared/api/report.ts';
import {
  DataAnalyseExportSchema,
  DataAnalyseQuerySchema,
  DataParsExportSchema,
  DataParsQuerySchema,
  StatAllExportSchema,
  StatAllQuerySchema,
  dataAnalyseReport,
  dataParsReport,
  statAllReport,
  type DataAnalyseQuery,
  type DataParsQuery,
  type StatAllQuery,
  type TrendStepCode,
} from '../../../shared/reports/sales.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { registerReport, type ReportContext } from '../../http/report.ts';
import { addDays, areaDayEnd, areaDayStart } from '../../lib/area-clock.ts';
import { previousPeriod } from './gate-traffic.ts';
import {
  hourSales,
  orderSales,
  ticketSales,
  type OrderSalesRow,
  type SalesPeriod,
  type TicketSalesRow,
} from './sales-rollup.ts';

// The three sales reports (src/shared/reports/sales.ts, docs/statistics.md "Sales"), read from the
// sales rollups: a year costs a few thousand rollup rows, never the orders.

const ZERO_ORDERS = { orders: 0, tickets: 0, amount: 0, refundedAmount: 0 } satisfies OrderSalesRow;
const ZERO_TICKETS = {
  tickets: 0,
  amount: 0,
  refundedTickets: 0,
  refundedAmount: 0,
} satisfies TicketSalesRow;

/** part of whole in per mille (one decimal of a percentage), null without a whole. */
const permille = (part: number, whole: number) => (whole ? Math.round((part * 1000) / whole) : null);
/** change of `now` against `before` in per mille, null when there was nothing before. */
const change = (now: number, before: number) =>
  before ? Math.round(((now - before) * 1000) / before) : null;

type Sums = Record<string, number>;

/** The sums of the numeric fields named by `zero` over rows. */
function sumRows<Z extends Sums>(rows: readonly object[], zero: Z): Z {
  const out: Sums = { ...zero };
  for (const row of rows) for (const key of Object.keys(zero)) out[key]! += (row as Sums)[key] ?? 0;
  return out as Z;
}

/** The numeric fields of a row (those of `zero`), as report cells. */
function numbers(row: object, zero: Sums): ReportRow {
  return Object.fromEntries(Object.keys(zero).map((k) => [k, (row as Sums)[k] ?? 0]));
}

/** Rows by amount with their share of it, and a closing total row (`total: 1`, its key columns empty). */
function withShareAndTotal<T extends { amount: number }>(
  rows: readonly T[],
  zero: Sums,
  label: (row: T) => ReportRow,
  keyColumns: readonly string[],
): ReportRow[] {
  const total = sumRows(rows, zero);
  const out: ReportRow[] = rows
    .slice()
    .sort((a, b) => b.amount - a.amount)
    .map((row) => ({ ...label(row), ...numbers(row, zero), share: permille(row.amount, total.amount!) }));
  const empty = Object.fromEntries(keyColumns.map((k) => [k, null]));
  out.push({ ...empty, ...numbers(total, zero), share: total.amount ? 1000 : null, total: 1 });
  return out;
}

/** Entries of the period and of the one before, from the gate log's hourly rollup (one sum). */
async function visitors(ctx: ReportContext, period: SalesPeriod, before: SalesPeriod) {
  const at = (day: string) => areaDayStart(day, ctx.timeZone).toISOString();
  const end = areaDayEnd(period.to, ctx.timeZone).toISOString();
  const [row] = await queryRows<{ now: number; before: number }>(
    ctx.db,
    sql`select coalesce(sum(entries) filter (where hour >= ${at(period.from)}::timestamptz), 0)::int as now,
        coalesce(sum(entries) filter (where hour < ${at(period.from)}::timestamptz), 0)::int as before
      from gate_traffic_hourly
      where scenic_id = ${ctx.scenicId} and hour >= ${at(before.from)}::timestamptz and hour < ${end}::timestamptz`,
  );
  return { now: Number(row?.now ?? 0), before: Number(row?.before ?? 0) };
}

/** Rows of days split into the period's and the one before's sums. */
function splitByPeriod<Z extends Sums>(rows: readonly (Z & { day?: string })[], from: string, zero: Z) {
  return {
    now: sumRows(
      rows.filter((r) => r.day! >= from),
      zero,
    ),
    before: sumRows(
      rows.filter((r) => r.day! < from),
      zero,
    ),
  };
}

const headline = (o: OrderSalesRow, refundedTickets: number, entered: number) => ({
  amount: o.amount,
  orders: o.orders,
  tickets: o.tickets,
  visitors: entered,
  refundedAmount: o.refundedAmount,
  refundedTickets,
  avgPrice: o.tickets ? Math.round(o.amount / o.tickets) : 0,
});

const prefixed = (figures: Record<string, number>, suffix: string) =>
  Object.fromEntries(Object.entries(figures).map(([k, v]) => [`${k}${suffix}`, v]));

/** Sums of rows grouped anew by one key (a read grouped by two keys answers both tables). */
function regroup<T extends object>(rows: readonly T[], key: keyof T & string, zero: Sums) {
  const out = new Map<unknown, Sums>();
  for (const row of rows) {
    const k = (row as Record<string, unknown>)[key];
    out.set(k, { ...sumRows([out.get(k) ?? zero, row], zero), [key]: k as number });
  }
  return [...out.values()] as (Sums & { amount: number })[];
}

export async function runDataPars(ctx: ReportContext, q: DataParsQuery): Promise<ReportResult> {
  const period = { from: q.from, to: q.to };
  const before = previousPeriod(q.from, q.to);
  const both = { from: before.from, to: q.to };
  const filters = { channel: q.channel, payWay: q.payWay };
  const { db, scenicId } = ctx;
  // four reads: the two periods' days (orders, tickets), the period by channel and pay way, entries
  const [days, ticketDays, cells, entered] = await Promise.all([
    orderSales(db, scenicId, both, ['day'], filters),
    ticketSales(db, scenicId, both, ['day', 'productType'], filters),
    orderSales(db, scenicId, period, ['channel', 'payWay'], filters),
    visitors(ctx, period, before),
  ]);
  const orders = splitByPeriod(days, q.from, ZERO_ORDERS);
  const tickets = splitByPeriod(ticketDays, q.from, ZERO_TICKETS);
  const byType = regroup(
    ticketDays.filter((r) => r.day! >= q.from),
    'productType',
    ZERO_TICKETS,
  );
  return {
    figures: {
      ...headline(orders.now, tickets.now.refundedTickets, entered.now),
      ...prefixed(headline(orders.before, tickets.before.refundedTickets, entered.before), 'Prev'),
    },
    tables: {
      byChannel: withShareAndTotal(
        regroup(cells, 'channel', ZERO_ORDERS),
        ZERO_ORDERS,
        (r) => ({ channel: (r.channel as number | undefined) ?? null }),
        ['channel'],
      ),
      byPayWay: withShareAndTotal(
        regroup(cells, 'payWay', ZERO_ORDERS),
        ZERO_ORDERS,
        (r) => ({ payWay: (r.payWay as number | undefined) || null }),
        ['payWay'],
      ),
      byProductType: withShareAndTotal(
        byType,
        ZERO_TICKETS,
        (r) => ({ productType: (r.productType as number | undefined) ?? null }),
        ['productType'],
      ),
    },
  };
}

/** The Monday of the ISO week holding `day`. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The buckets of a period in order, each with its label and its days. */
function buckets(period: SalesPeriod, step: TrendStepCode): { label: string; days: Set<string> }[] {
  const out: { label: string; days: Set<string> }[] = [];
  let key = '';
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
    const k = step === 'day' ? day : step === 'week' ? mondayOf(day) : day.slice(0, 7);
    if (k !== key) out.push({ label: step === 'month' ? k : day, days: new Set() });
    key = k;
    out[out.length - 1]!.days.add(day);
  }
  return out;
}

function bucketSums(rows: readonly OrderSalesRow[], list: ReturnType<typeof buckets>): OrderSalesRow[] {
  return list.map((b) =>
    sumRows(
      rows.filter((r) => b.days.has(r.day!)),
      ZERO_ORDERS,
    ),
  );
}

async function productNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from ticket_products where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}

/** The trend table: each bucket of the period beside the bucket of the same rank in the period before. */
function trendRows(period: SalesPeriod, step: TrendStepCode, days: OrderSalesRow[], before: OrderSalesRow[]) {
  const list = buckets(period, step);
  const now = bucketSums(days, list);
  const prev = bucketSums(before, buckets(previousPeriod(period.from, period.to), step));
  const rows: ReportRow[] = list.map((b, i) => ({
    period: b.label,
    amount: now[i]!.amount,
    amountPrev: prev[i]?.amount ?? null,
    change: change(now[i]!.amount, prev[i]?.amount ?? 0),
    orders: now[i]!.orders,
    ordersPrev: prev[i]?.orders ?? null,
    tickets: now[i]!.tickets,
  }));
  const total = sumRows(days, ZERO_ORDERS);
  const totalPrev = sumRows(before, ZERO_ORDERS);
  rows.push({
    period: null,
    amount: total.amount,
    amountPrev: totalPrev.amount,
    change: change(total.amount, totalPrev.amount),
    orders: total.orders,
    ordersPrev: totalPrev.orders,
    tickets: total.tickets,
    total: 1,
  });
  return { rows, total, totalPrev };
}

export async function runDataAnalyse(ctx: ReportContext, q: DataAnalyseQuery): Promise<ReportResult> {
  const period = { from: q.from, to: q.to };
  const filters = { channel: q.channel };
  const { db, scenicId } = ctx;
  const both = { from: previousPeriod(q.from, q.to).from, to: q.to };
  const [allDays, hours, products, channels] = await Promise.all([
    orderSales(db, scenicId, both, ['day'], filters),
    hourSales(db, scenicId, period, ['hour'], filters),
    ticketSales(db, scenicId, period, ['productId', 'productType'], filters),
    orderSales(db, scenicId, period, ['channel'], filters),
  ]);
  const days = allDays.filter((d) => d.day! >= q.from);
  const before = allDays.filter((d) => d.day! < q.from);
  const names = await productNames(
    db,
    products.map((p) => p.productId!),
  );
  const trend = trendRows(period, q.step ?? 'day', days, before);
  const byHour: ReportRow[] = hours.map((h) => ({
    hour: `${String(h.hour).padStart(2, '0')}:00`,
    orders: h.orders,
    tickets: h.tickets,
    amount: h.amount,
  }));
  byHour.push({ hour: null, ...numbers(trend.total, { orders: 0, tickets: 0, amount: 0 }), total: 1 });
  const productRows = products.map((p) => ({
    product: names.get(p.productId!) ?? String(p.productId),
    productType: p.productType ?? null,
    tickets: p.tickets,
    amount: p.amount,
  }));
  return {
    figures: {
      amount: trend.total.amount,
      orders: trend.total.orders,
      tickets: trend.total.tickets,
      amountPrev: trend.totalPrev.amount,
      ordersPrev: trend.totalPrev.orders,
      ticketsPrev: trend.totalPrev.tickets,
    },
    tables: {
      trend: trend.rows,
      byHour,
      byProduct: withShareAndTotal(
        productRows,
        { tickets: 0, amount: 0 },
        (r) => ({ product: r.product, productType: r.productType }),
        ['product', 'productType'],
      ),
      byChannel: withShareAndTotal(channels, ZERO_ORDERS, (r) => ({ channel: r.channel ?? null }), [
        'channel',
      ]),
    },
  };
}

const summaryNumbers = (r: TicketSalesRow) => ({
  tickets: r.tickets,
  amount: r.amount,
  refundedTickets: r.refundedTickets,
  refundedAmount: r.refundedAmount,
  net: r.amount - r.refundedAmount,
});

export async function runStatAll(ctx: ReportContext, q: StatAllQuery): Promise<ReportResult> {
  const filters = { channel: q.channel, payWay: q.payWay, productType: q.productType };
  const cells = await ticketSales(
    ctx.db,
    ctx.scenicId,
    { from: q.from, to: q.to },
    ['productId', 'channel', 'payWay'],
    filters,
  );
  const names = await productNames(ctx.db, [...new Set(cells.map((c) => c.productId!))]);
  const perProduct = new Map<number, TicketSalesRow[]>();
  for (const c of cells) perProduct.set(c.productId!, [...(perProduct.get(c.productId!) ?? []), c]);
  const products = [...perProduct.entries()]
    .map(([id, list]) => ({ name: names.get(id) ?? String(id), list, sum: sumRows(list, ZERO_TICKETS) }))
    .sort((a, b) => b.sum.amount - a.sum.amount || a.name.localeCompare(b.name));
  const rows: ReportRow[] = [];
  for (const p of products) {
    for (const c of p.list)
      rows.push({ product: p.name, channel: c.channel!, payWay: c.payWay || null, ...summaryNumbers(c) });
    rows.push({ product: p.name, channel: 'subtotal', payWay: null, ...summaryNumbers(p.sum), subtotal: 1 });
  }
  const total = summaryNumbers(sumRows(cells, ZERO_TICKETS));
  rows.push({ product: null, channel: null, payWay: null, ...total, total: 1 });
  const byProduct: ReportRow[] = products.map((p) => ({ product: p.name, ...summaryNumbers(p.sum) }));
  byProduct.push({ product: null, ...total, total: 1 });
  return { figures: total, tables: { summary: rows, byProduct } };
}

const tag = 'statistics';

export async function salesReportRoutes(app: FastifyInstance) {
  registerReport(app, {
    definition: dataParsReport,
    tag,
    summary: 'Overview of a period: sales, orders, tickets, visitors, refunds (/statAnalyse/dataPars)',
    permission: 'admin:stat:dataPars',
    query: DataParsQuerySchema,
    export: DataParsExportSchema,
    run: runDataPars,
  });
  registerReport(app, {
    definition: dataAnalyseReport,
    tag,
    summary:
      'Sales trends by day, week or month, by hour of day, product and channel mix (/statAnalyse/dataAnalyse)',
    permission: 'admin:stat:dataAnalyse',
    query: DataAnalyseQuerySchema,
    export: DataAnalyseExportSchema,
    run: runDataAnalyse,
  });
  registerReport(app, {
    definition: statAllReport,
    tag,
    summary: 'Summary of sales by product, channel and pay way (/statAnalyse/statAllReport)',
    permission: 'admin:stat:statAllReport',
    query: StatAllQuerySchema,
    export: StatAllExportSchema,
    run: runStatAll,
  });
}
