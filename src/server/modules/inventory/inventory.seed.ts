import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { scenicAreas } from '../scenic/index.ts';
import { scenicPeriods } from './inventory.table.ts';

/** Chinese public holidays of 2026-2027 (approximate where the official dates are not out yet). */
const HOLIDAYS: readonly [string, string][] = [
  ['2026-01-01', '2026-01-03'], // 元旦
  ['2026-02-15', '2026-02-23'], // 春节
  ['2026-04-04', '2026-04-06'], // 清明
  ['2026-05-01', '2026-05-05'], // 劳动节
  ['2026-06-19', '2026-06-21'], // 端午
  ['2026-09-25', '2026-09-27'], // 中秋
  ['2026-10-01', '2026-10-07'], // 国庆
  ['2027-01-01', '2027-01-03'],
  ['2027-02-06', '2027-02-12'],
  ['2027-04-03', '2027-04-05'],
  ['2027-05-01', '2027-05-05'],
  ['2027-06-09', '2027-06-11'],
  ['2027-09-15', '2027-09-17'],
  ['2027-10-01', '2027-10-07'],
];

/** Whether the demo calendar prices `day` (YYYY-MM-DD) +20 %: a weekend or a public holiday. */
export function isDemoPeakDay(day: string): boolean {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return dow === 0 || dow === 6 || HOLIDAYS.some(([from, to]) => day >= from && day <= to);
}

const PERIODS = [
  { name: '早场', startTime: '08:00', endTime: '10:00', capacity: 1500 },
  { name: '上午场', startTime: '10:00', endTime: '12:00', capacity: 2000 },
  { name: '午场', startTime: '12:00', endTime: '14:30', capacity: 1500 },
  { name: '下午场', startTime: '14:30', endTime: '17:30', capacity: 1000 },
  { name: '夜场', startTime: '18:00', endTime: '21:30', capacity: 900 },
];

/**
 * Demo data: the lake area's time slots and calendar (seedDemoAreaInventory), then the old town's
 * calendar (issue 15) from today on, nothing sold, and no time slots: its calendar alone says
 * what it can sell (docs/decisions.md "Public stock").
 */
export async function seedDemoInventory(db: Db, scenicId: number): Promise<void> {
  await seedDemoAreaInventory(db, scenicId);
  const [town] = await db
    .select({ id: scenicAreas.id })
    .from(scenicAreas)
    .where(eq(scenicAreas.code, 'YLGZ'));
  if (town) {
    const today = sql`${areaDay(new Date(), await areaTimeZone(db, town.id))}::date`;
    await seedCalendar(db, town.id, today, 0);
  }
}

/**
 * An area's time slots, and a price calendar from 30 days ago to 365 days ahead for every regular
 * and timed product (weekends and public holidays +20 %), with plausible sales on past days and
 * the public stock those sales used. Three statements, whatever the number of days.
 */
export async function seedDemoAreaInventory(db: Db, scenicId: number): Promise<void> {
  // "past" and "ahead" on the area's clock, not the database session's
  const today = sql`${areaDay(new Date(), await areaTimeZone(db, scenicId))}::date`;
  await db.insert(scenicPeriods).values(PERIODS.map((p, i) => ({ ...p, scenicId, sort: i + 1 })));
  await seedCalendar(db, scenicId, today, 30);

  // the slots of past days filled in the same proportion as that day's calendar
  await db.execute(sql`
    insert into public_stock (scenic_id, period_id, date, capacity, sold)
    select p.scenic_id, p.id, day.date, p.capacity,
           least(p.capacity, floor(p.capacity * day.ratio))::int
    from scenic_periods p
    join (
      select date, sum(sold)::numeric / nullif(sum(stock), 0) as ratio from price_calendar
      where scenic_id = ${scenicId}::int and date < ${today} group by date
    ) day on day.ratio is not null
    where p.scenic_id = ${scenicId}::int
  `);
}

/**
 * The price calendar of an area's regular and timed products from `past` days before `today` to
 * 365 days ahead; past days sold 35-84 % of the stock, varying by day, product and session.
 */
async function seedCalendar(db: Db, scenicId: number, today: SQL, past: number): Promise<void> {
  const holiday = sql.join(
    HOLIDAYS.map(([from, to]) => sql`(d.day between ${from}::date and ${to}::date)`),
    sql` or `,
  );
  await db.execute(sql`
    insert into price_calendar (scenic_id, product_id, session_id, date, price, stock, sold, status)
    select ${scenicId}::int, slot.product_id, slot.session_id, d.day,
           case when extract(dow from d.day) in (0, 6) or ${holiday}
                then round(slot.price * 1.2)::int else slot.price end,
           slot.stock,
           case when d.day < ${today}
                then slot.stock * (35 + ((d.day - date '2000-01-01') * 17 + slot.product_id * 31
                                         + coalesce(slot.session_id, 0) * 7) % 50) / 100
                else 0 end,
           1
    from generate_series((${today} - ${past}::int)::timestamp, (${today} + 365)::timestamp, interval '1 day') as g(ts)
    cross join lateral (select g.ts::date as day) as d
    cross join (
      select p.id as product_id, null::int as session_id, p.price, 3000 as stock
        from ticket_products p where p.scenic_id = ${scenicId}::int and p.product_type = 1
      union all
      select p.id, s.id, p.price, 300
        from ticket_products p join product_sessions s on s.product_id = p.id
        where p.scenic_id = ${scenicId}::int and p.product_type = 2
    ) as slot
  `);
}
