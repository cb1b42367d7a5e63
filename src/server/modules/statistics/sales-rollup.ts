import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { JOB_LOCKS, runLocked, startPeriodic } from '../../lib/periodic-job.ts';

// The sales rollups (sales-rollup.table.ts, migrations 0057 and 0059, docs/statistics.md "Sales"):
// what the sales reports, the dashboard and other reports read. Exported for them: the grouped reads
// (`ticketSales`, `orderSales`, `hourSales`, `salesByDay`), the fold, the proof against the facts and
// the move to a new time zone.

/** A period of area days, both included (YYYY-MM-DD). */
export interface SalesPeriod {
  from: string;
  to: string;
}

/** Filters both rollups answer (0 for "none": an order without a pay way, a non-distribution order). */
export interface SalesFilters {
  channel?: number | undefined;
  payWay?: number | undefined;
  distributorId?: number | undefined;
  /** sales_daily only */
  productId?: number | undefined;
  productType?: number | undefined;
}

/** The keys of sales_daily a read may group by. */
export type TicketSalesKey = 'day' | 'productId' | 'productType' | 'channel' | 'payWay' | 'distributorId';
/** The keys of sales_orders_daily a read may group by. */
export type OrderSalesKey = 'day' | 'channel' | 'payWay' | 'distributorId';
/** The keys of sales_hourly a read may group by. */
export type HourSalesKey = 'day' | 'hour' | 'channel';

const COLUMN: Record<TicketSalesKey | OrderSalesKey | HourSalesKey, string> = {
  day: 'day',
  hour: 'hour',
  productId: 'product_id',
  productType: 'product_type',
  channel: 'channel',
  payWay: 'pay_way',
  distributorId: 'distributor_id',
};

export interface TicketSalesRow {
  day?: string;
  productId?: number;
  productType?: number;
  channel?: number;
  payWay?: number;
  distributorId?: number;
  tickets: number;
  amount: number;
  refundedTickets: number;
  refundedAmount: number;
}

export interface OrderSalesRow {
  day?: string;
  /** hourSales only */
  hour?: number;
  channel?: number;
  payWay?: number;
  distributorId?: number;
  orders: number;
  tickets: number;
  amount: number;
  refundedAmount: number;
}

function whereOf(scenicId: number, period: SalesPeriod, filters: SalesFilters, keys: readonly string[]): SQL {
  const where: SQL[] = [sql`scenic_id = ${scenicId}`, sql`day >= ${period.from}`, sql`day <= ${period.to}`];
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || !keys.includes(key)) continue;
    where.push(sql`${sql.raw(COLUMN[key as TicketSalesKey])} = ${value}`);
  }
  return sql.join(where, sql` and `);
}

const FILTERS_DAILY = ['productId', 'productType', 'channel', 'payWay', 'distributorId'];
const FILTERS_ORDERS = ['channel', 'payWay', 'distributorId'];
const FILTERS_HOURLY = ['channel'];

async function grouped<T>(
  db: Db,
  table: 'sales_daily' | 'sales_orders_daily' | 'sales_hourly',
  sums: Record<string, string>,
  by: readonly (TicketSalesKey | OrderSalesKey | HourSalesKey)[],
  where: SQL,
): Promise<T[]> {
  const keys = by.map((k) =>
    k === 'day' ? `to_char(day, 'YYYY-MM-DD') as "day"` : `${COLUMN[k]}::int as "${k}"`,
  );
  const values = Object.entries(sums).map(([name, expr]) => `coalesce(sum(${expr}), 0)::bigint as "${name}"`);
  const groupBy = by.length ? sql.raw(` group by ${by.map((k) => COLUMN[k]).join(', ')}`) : sql``;
  const orderBy = by.length ? sql.raw(` order by ${by.map((k) => COLUMN[k]).join(', ')}`) : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${sql.raw([...keys, ...values].join(', '))} from ${sql.raw(table)} where ${where}${groupBy}${orderBy}`,
  );
  // sums arrive as strings (bigint); make every value of `sums` a number
  return rows
    .map((row) => {
      const out: Record<string, unknown> = { ...row };
      for (const name of Object.keys(sums)) out[name] = Number(row[name]);
      return out as T;
    })
    .filter(
      (row) => by.length === 0 || Object.keys(sums).some((n) => (row as Record<string, number>)[n] !== 0),
    );
}

/** Tickets of paid orders over a period, grouped by `by` (none: one row of the whole period). */
export function ticketSales(
  db: Db,
  scenicId: number,
  period: SalesPeriod,
  by: readonly TicketSalesKey[],
  filters: SalesFilters = {},
): Promise<TicketSalesRow[]> {
  return grouped<TicketSalesRow>(
    db,
    'sales_daily',
    {
      tickets: 'tickets',
      amount: 'amount',
      refundedTickets: 'refunded_tickets',
      refundedAmount: 'refunded_amount',
    },
    by,
    whereOf(scenicId, period, filters, FILTERS_DAILY),
  );
}

/**
 * Paid orders over a period, grouped by `by`. A product filter cannot be answered here (an order
 * holds several products): the caller reads `ticketSales` for it.
 */
export function orderSales(
  db: Db,
  scenicId: number,
  period: SalesPeriod,
  by: readonly OrderSalesKey[],
  filters: SalesFilters = {},
): Promise<OrderSalesRow[]> {
  if (filters.productId !== undefined || filters.productType !== undefined)
    throw new Error('orderSales has no product key: use ticketSales');
  return grouped<OrderSalesRow>(
    db,
    'sales_orders_daily',
    { orders: 'orders', tickets: 'tickets', amount: 'amount', refundedAmount: 'refunded_amount' },
    by,
    whereOf(scenicId, period, filters, FILTERS_ORDERS),
  );
}

/** Paid orders over a period by hour of day (and day, channel); only a channel filter applies. */
export function hourSales(
  db: Db,
  scenicId: number,
  period: SalesPeriod,
  by: readonly HourSalesKey[],
  filters: Pick<SalesFilters, 'channel'> = {},
): Promise<OrderSalesRow[]> {
  return grouped<OrderSalesRow>(
    db,
    'sales_hourly',
    { orders: 'orders', tickets: 'tickets', amount: 'amount', refundedAmount: 'refunded_amount' },
    by,
    whereOf(scenicId, period, filters, FILTERS_HOURLY),
  );
}

/** Paid orders per area day of the period (days without a sale left out): the dashboard's trend. */
export function salesByDay(
  db: Db,
  scenicId: number,
  from: string,
  to: string,
  filters: SalesFilters = {},
): Promise<OrderSalesRow[]> {
  return orderSales(db, scenicId, { from, to }, ['day'], filters);
}

// ---- the facts, the fold, the proof ----

const DAILY_KEYS = 'scenic_id, day, product_id, product_type, channel, pay_way, distributor_id';
const DAILY_VALUES = ['tickets', 'amount', 'refunded_tickets', 'refunded_amount'];
const ORDERS_KEYS = 'scenic_id, day, channel, pay_way, distributor_id';
const HOURLY_KEYS = 'scenic_id, day, hour, channel';
const ORDER_VALUES = ['orders', 'tickets', 'amount', 'refunded_amount'];

/** sales_daily as the facts give it now (an area, or all). */
function dailyFacts(scenicId?: number): SQL {
  const area = scenicId === undefined ? sql`` : sql` and o.scenic_id = ${scenicId}`;
  return sql`select o.scenic_id, sales_local_time(o.scenic_id, o.created_at)::date as day, t.product_id,
      t.product_type, o.channel, coalesce(o.pay_way, 0)::smallint as pay_way,
      sales_distributor(o.channel, o.admin_id) as distributor_id, count(*)::bigint as tickets,
      sum(t.price)::bigint as amount, count(*) filter (where t.status = 203)::bigint as refunded_tickets,
      coalesce(sum(t.price) filter (where t.status = 203), 0)::bigint as refunded_amount
    from order_tickets t join ticket_orders o on o.id = t.order_id
    where o.pay_status = 201${area}
    group by 1, 2, 3, 4, 5, 6, 7`;
}

/** sales_orders_daily (`hourly` false) or sales_hourly as the facts give it now. */
function orderFacts(hourly: boolean, scenicId?: number): SQL {
  const area = scenicId === undefined ? sql`` : sql` and o.scenic_id = ${scenicId}`;
  const keys = hourly
    ? sql`extract(hour from local)::smallint as hour, channel`
    : sql`channel, coalesce(pay_way, 0)::smallint as pay_way, sales_distributor(channel, admin_id) as distributor_id`;
  return sql`select scenic_id, local::date as day, ${keys},
      count(*)::bigint as orders, sum(ticket_count)::bigint as tickets, sum(total_amount)::bigint as amount,
      sum(refunded_amount)::bigint as refunded_amount
    from (select o.*, sales_local_time(o.scenic_id, o.created_at) as local from ticket_orders o
      where o.pay_status = 201${area}) s
    group by ${sql.raw(hourly ? '1, 2, 3, 4' : '1, 2, 3, 4, 5')}`;
}

const TABLES = [
  { table: 'sales_daily', keys: DAILY_KEYS, values: DAILY_VALUES, facts: dailyFacts },
  {
    table: 'sales_orders_daily',
    keys: ORDERS_KEYS,
    values: ORDER_VALUES,
    facts: (scenicId?: number) => orderFacts(false, scenicId),
  },
  {
    table: 'sales_hourly',
    keys: HOURLY_KEYS,
    values: ORDER_VALUES,
    facts: (scenicId?: number) => orderFacts(true, scenicId),
  },
] as const;

const nonZero = (values: readonly string[]) => values.map((v) => `sum(${v}) <> 0`).join(' or ');

/**
 * Folds the deltas into one row per key (every 30 s, under the job lock). One statement per table:
 * rows appended by transactions still running are not in its snapshot, so they stay as they are.
 */
export async function foldSalesRollups(db: Db): Promise<void> {
  for (const { table, keys, values } of TABLES) {
    const match = keys
      .split(', ')
      .map((k) => `t.${k} = f.${k}`)
      .join(' and ');
    await db.execute(
      sql.raw(`with folded as (select ${keys} from ${table} group by ${keys} having count(*) > 1),
      gone as (delete from ${table} t using folded f where ${match} returning t.*)
      insert into ${table} select ${keys}, ${values.map((v) => `sum(${v})`).join(', ')}
      from gone group by ${keys} having ${nonZero(values)}`),
    );
  }
}

/** A key where a rollup and the facts differ: what each holds. */
export interface RollupMismatch {
  table: string;
  key: Record<string, unknown>;
  rollup: Record<string, number>;
  facts: Record<string, number>;
}

/** Every key (at most `limit`) where the rollups differ from the facts; empty when they are equal. */
export async function salesRollupMismatches(
  db: Db,
  scenicId?: number,
  limit = 100,
): Promise<RollupMismatch[]> {
  const out: RollupMismatch[] = [];
  for (const { table, keys, values, facts } of TABLES) {
    const area = scenicId === undefined ? sql`` : sql` where scenic_id = ${scenicId}`;
    const sums = values.map((v) => `sum(${v})::bigint as ${v}`).join(', ');
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`with r as (select ${sql.raw(`${keys}, ${sums}`)} from ${sql.raw(table)}${area}
          group by ${sql.raw(keys)} having ${sql.raw(nonZero(values))}),
        f as (${facts(scenicId)})
      select ${sql.raw(
        keys
          .split(', ')
          .map((k) => `coalesce(r.${k}, f.${k})::text as ${k}`)
          .join(', '),
      )},
        ${sql.raw(values.map((v) => `coalesce(r.${v}, 0)::bigint as r_${v}, coalesce(f.${v}, 0)::bigint as f_${v}`).join(', '))}
      from r full join f using (${sql.raw(keys)})
      where ${sql.raw(values.map((v) => `coalesce(r.${v}, 0) <> coalesce(f.${v}, 0)`).join(' or '))}
      limit ${limit}`,
    );
    for (const row of rows)
      out.push({
        table,
        key: Object.fromEntries(keys.split(', ').map((k) => [k, row[k]])),
        rollup: Object.fromEntries(values.map((v) => [v, Number(row[`r_${v}`])])),
        facts: Object.fromEntries(values.map((v) => [v, Number(row[`f_${v}`])])),
      });
  }
  return out;
}

/**
 * Moves an area's rollups to its new time zone (settings' zone-change listeners), in the caller's
 * transaction: appends, per key, what the facts give by the new days less what the rollup holds.
 */
export async function rezoneSalesRollups(tx: Db, scenicId: number): Promise<void> {
  for (const { table, keys, values, facts } of TABLES) {
    const cols = values.join(', ');
    await tx.execute(
      sql`insert into ${sql.raw(table)} select ${sql.raw(`${keys}, ${values.map((v) => `sum(${v})`).join(', ')}`)}
      from (${facts(scenicId)} union all
        select ${sql.raw(`${keys}, ${values.map((v) => `-${v}`).join(', ')}`)} from ${sql.raw(table)} where scenic_id = ${scenicId}
      ) as change (${sql.raw(`${keys}, ${cols}`)})
      group by ${sql.raw(keys)} having ${sql.raw(nonZero(values))}`,
    );
  }
}

/** How often the fold runs. */
export const SALES_FOLD_INTERVAL_MS = 30_000;

/** One fold, one instance at a time (null when another holds the lock). */
export function runSalesFold(db: Db) {
  return runLocked(db, JOB_LOCKS.statistics, async (tx) => {
    await foldSalesRollups(tx);
    return true;
  });
}

export function startSalesFold(db: Db, log: FastifyBaseLogger, intervalMs = SALES_FOLD_INTERVAL_MS) {
  return startPeriodic(log, {
    name: 'salesFold',
    intervalMs,
    run: () => runSalesFold(db),
    worthLogging: () => false,
  });
}
