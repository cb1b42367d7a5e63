import { sql } from 'drizzle-orm';
import { PRODUCT_TYPE } from '../../../../shared/dict/product.ts';
import { seedDemoDistributorLedger } from '../../distribution/index.ts';
import { compactOrderTotals } from '../../orders/index.ts';
import { areaDay, areaDayStart, areaTimeZone } from '../../../lib/area-clock.ts';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { writeBatch, type DemoGates } from './demo-order-facts.ts';
import {
  loadProducts,
  planOrders,
  type DemoArea,
  type DemoSeller,
  type Period,
  type Product,
} from './demo-order-plans.ts';
import { alignStock } from './demo-stock.ts';
import { seededRandom } from '../../../lib/seeded-random.ts';

/**
 * A history of ticket orders for one scenic area (`npm run seed -- --orders N`, and a small one for
 * `npm start`'s demo): a year of orders across channels, pay ways and outcomes, with their tickets,
 * payments, refund applications, refunds and gate events, and then the price calendar and the
 * public stock brought in line with what was sold. Set-based batches, so a million orders work.
 *
 * Tickets are written as they start (101 or 201) and then moved along the transitions of
 * docs/domain.md (T4, T5, T8, T9, T11, T13, T15, T17, T21, T24) with one UPDATE per step and batch, so
 * the database's transition guard (migration 0004) checks the history like any other change.
 * Performance products are left out: their seats belong to the theatre demo.
 */

const BATCH = 5_000;

export interface DemoOrdersOptions {
  scenicId: number;
  orders: number;
  /** How far back the history goes (days before `now`) */
  days?: number | undefined;
  now?: Date | undefined;
  seed?: number | undefined;
  /** Progress after each batch */
  onProgress?: ((done: number, total: number) => void) | undefined;
}

/**
 * Who sells on the distribution channel: the distributors of the area that have a login account
 * (normal or frozen now; the history is the year before), each at its price tier's settlement
 * prices. The area's first distributor account (the demo `agent`) sells a third of them. Without a
 * distributor row, the area's first distributor account at the products' prices.
 */
async function demoSellers(db: Db, scenicId: number): Promise<DemoSeller[]> {
  const rows = rowsOf<{ admin_id: number; tier_id: number | null }>(
    await db.execute(sql`select d.admin_id, d.tier_id from distributors d join admins a on a.id = d.admin_id
      where d.scenic_id = ${scenicId} and a.adm_type = 3 order by a.id`),
  );
  if (!rows.length) {
    const [account] = rowsOf<{ id: number }>(
      await db.execute(
        sql`select id from admins where scenic_id = ${scenicId} and adm_type = 3 order by id limit 1`,
      ),
    );
    return account ? [{ adminId: Number(account.id), tierId: null, lines: new Map() }] : [];
  }
  // one line per tier and product: the one covering today, else the latest
  const lines = rowsOf<{
    tier_id: number;
    product_id: number;
    settlement_price: number;
    retail_floor: number;
  }>(
    await db.execute(sql`select distinct on (tier_id, product_id) tier_id, product_id, settlement_price, retail_floor
      from price_tier_lines where scenic_id = ${scenicId}
      order by tier_id, product_id, (current_date between date_from and date_to) desc, date_from desc`),
  );
  const byTier = new Map<number, Map<number, { price: number; floor: number }>>();
  for (const l of lines) {
    const map = byTier.get(Number(l.tier_id)) ?? new Map<number, { price: number; floor: number }>();
    map.set(Number(l.product_id), { price: Number(l.settlement_price), floor: Number(l.retail_floor) });
    byTier.set(Number(l.tier_id), map);
  }
  const sellers = rows.map((r) => ({
    adminId: Number(r.admin_id),
    tierId: r.tier_id == null ? null : Number(r.tier_id),
    lines:
      (r.tier_id != null && byTier.get(Number(r.tier_id))) ||
      new Map<number, { price: number; floor: number }>(),
  }));
  // the first account (the demo `agent`) as often as all the others together, halved
  const first = sellers[0]!;
  return [
    ...Array.from({ length: Math.max(1, Math.ceil((sellers.length - 1) / 2)) }, () => first),
    ...sellers.slice(1),
  ];
}

/** What the history is planned from: the area's slots, gates, clock, distributor and numbering. */
async function demoArea(
  db: Db,
  scenicId: number,
  products: Product[],
  options: { days: number; now: Date },
): Promise<{ area: DemoArea; gates: DemoGates }> {
  const periods = rowsOf<Period>(
    await db.execute(sql`select id, start_time as "startTime", end_time as "endTime" from scenic_periods
      where scenic_id = ${scenicId} and status = 1 order by start_time`),
  );
  const gates = rowsOf<{ id: number; gate_type: number }>(
    await db.execute(
      sql`select id, gate_type from gates where scenic_id = ${scenicId} and status = 1 and gate_type in (10, 11)`,
    ),
  );
  const [{ prefix } = { prefix: 0 }] = rowsOf<{ prefix: number }>(
    await db.execute(sql`select count(*)::int as prefix from ticket_orders where order_no like 'D%'`),
  );
  const sellers = await demoSellers(db, scenicId);
  // days and times on the area's clock
  const timeZone = await areaTimeZone(db, scenicId);
  // a day's start, once per day (a million orders meet a few hundred days)
  const starts = new Map<string, Date>();
  const dayStart = (date: string) => {
    let start = starts.get(date);
    if (!start) starts.set(date, (start = areaDayStart(date, timeZone)));
    return start;
  };
  return {
    area: {
      scenicId,
      now: options.now,
      days: options.days,
      timeZone,
      today: areaDay(options.now, timeZone),
      periods,
      // regular products sell more than the night tour
      weighted: products.flatMap((p) => (p.productType === PRODUCT_TYPE.regular ? [p, p, p] : [p])),
      prefix,
      sellers,
      dayStart,
    },
    gates: {
      entry: gates.filter((g) => Number(g.gate_type) === 10).map((g) => Number(g.id)),
      exit: gates.filter((g) => Number(g.gate_type) === 11).map((g) => Number(g.id)),
    },
  };
}

/** Writes `orders` orders of the past `days` days (and a week ahead) for one area. */
export async function seedDemoOrders(
  db: Db,
  options: DemoOrdersOptions,
): Promise<{ orders: number; tickets: number }> {
  const { scenicId, orders: total, days = 365, now = new Date() } = options;
  const r = seededRandom(options.seed ?? 20261121);
  const products = await loadProducts(db, scenicId);
  if (products.length === 0 || total <= 0) return { orders: 0, tickets: 0 };
  const { area, gates } = await demoArea(db, scenicId, products, { days, now });

  let ticketsWritten = 0;
  for (let done = 0; done < total; done += BATCH) {
    const count = Math.min(BATCH, total - done);
    ticketsWritten += await writeBatch(db, area, gates, r, planOrders(area, r, done, count));
    options.onProgress?.(done + count, total);
  }

  await alignStock(db, scenicId);
  // the distributors' ledger rows of the orders paid on their balance or credit, and their year around them
  await seedDemoDistributorLedger(db, scenicId, now);
  // one row per key in the daily totals, as the order jobs leave them
  await compactOrderTotals(db);
  return { orders: total, tickets: ticketsWritten };
}
