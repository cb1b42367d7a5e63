import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { idNumberCheckChar } from '../../../shared/api/staff-cards.ts';
import { afterAll, beforeAll } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import { priceCalendar } from '../inventory/inventory.table.ts';
import { productSessions, ticketProducts, ticketTypes } from '../products/products.table.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { showSeats, theatres, theatreShows } from '../theatres/theatres.table.ts';
import { DEFAULT_TIME_ZONE, addDays, areaDay } from '../../lib/area-clock.ts';
export { rowsOf } from '../../db/rows.ts';
import { rowsOf } from '../../db/rows.ts';

/** A day `n` days from today, YYYY-MM-DD, on the clock of an area (default: the demo areas'). */
export const dayFromToday = (n: number, timeZone = DEFAULT_TIME_ZONE) =>
  addDays(areaDay(new Date(), timeZone), n);

/** A valid 18-digit ID number (birth date 1990-01-01, sequence `n`). */
export function idNumber(n: number): string {
  const first17 = `11010119900101${String(n % 1000).padStart(3, '0')}`;
  return first17 + idNumberCheckChar(first17);
}

/** Gives a client the client_credentials grant and a new secret; returns its token. */
export function clientToken(t: TestApp, clientId = 'ctripManagement'): Promise<string> {
  return t.clientToken(clientId);
}

export interface OrderFixtures {
  scenicId: number;
  otherScenicId: number;
  /** regular, no real name, channels 1 and 16 (ctrip) */
  regular: number;
  /** regular, real name, at most 3 per order and 1 per ID number */
  realName: number;
  /** timed, with one session */
  timed: number;
  sessionId: number;
  /** performance with one show on `date`, 2 rows x 5 seats at 5000 (row 0) / 3000 (row 1) */
  performance: number;
  showId: number;
  /** a day with calendar rows for every product: stock 100, price 10000 (timed 8000) */
  date: string;
}

/**
 * Products of their own in area YLGZ (its public-stock slots closed, so no slot is needed) for the
 * order tests: on shelf, sold by the window (1) and Ctrip (16).
 */
export async function createOrderFixtures(db: Db, date = dayFromToday(3)): Promise<OrderFixtures> {
  const areas = await db.select().from(scenicAreas);
  const scenicId = areas.find((a) => a.code === 'YLGZ')!.id;
  const otherScenicId = areas.find((a) => a.code === 'QSH')!.id;
  await db.execute(sql`update scenic_periods set status = 2 where scenic_id = ${scenicId}`);
  const tag = crypto.randomBytes(3).toString('hex');
  const [type] = await db
    .insert(ticketTypes)
    .values({ scenicId, name: `ord-${tag}` })
    .returning();
  const base = {
    scenicId,
    typeId: type!.id,
    validityType: 1,
    realNameType: 2,
    printType: 1,
    channels: [1, 16],
    refundRule: 1,
    shelfStatus: 1,
  };
  const [regular, realName, timed, performance] = await db
    .insert(ticketProducts)
    .values([
      { ...base, productType: 1, name: `门票-${tag}`, price: 10000 },
      {
        ...base,
        productType: 1,
        name: `实名票-${tag}`,
        price: 10000,
        realNameType: 1,
        limitPerOrder: 3,
        limitPerIdNumber: 1,
      },
      { ...base, productType: 2, name: `分时-${tag}`, price: 8000, validityType: 4 },
      { ...base, productType: 3, name: `演出-${tag}`, price: 5000 },
    ])
    .returning();
  const [session] = await db
    .insert(productSessions)
    .values({ scenicId, productId: timed!.id, name: '上午', startTime: '09:00', endTime: '11:00' })
    .returning();
  await db.insert(priceCalendar).values([
    { scenicId, productId: regular!.id, date, price: 10000, stock: 100 },
    { scenicId, productId: realName!.id, date, price: 10000, stock: 100 },
    { scenicId, productId: timed!.id, sessionId: session!.id, date, price: 8000, stock: 100 },
  ]);
  const [theatre] = await db
    .insert(theatres)
    .values({ scenicId, name: `剧场-${tag}`, rows: 2, cols: 5 })
    .returning();
  const [show] = await db
    .insert(theatreShows)
    .values({
      scenicId,
      theatreId: theatre!.id,
      productId: performance!.id,
      showDate: date,
      startTime: '19:00',
      endTime: '21:00',
    })
    .returning();
  const seats = [];
  for (let row = 0; row < 2; row++)
    for (let col = 0; col < 5; col++)
      seats.push({
        showId: show!.id,
        row,
        col,
        label: `${row + 1}排${col + 1}号`,
        areaKey: row === 0 ? 'A' : 'B',
        price: row === 0 ? 5000 : 3000,
      });
  await db.insert(showSeats).values(seats);
  return {
    scenicId,
    otherScenicId,
    regular: regular!.id,
    realName: realName!.id,
    timed: timed!.id,
    sessionId: session!.id,
    performance: performance!.id,
    showId: show!.id,
    date,
  };
}

export async function soldOf(db: Db, productId: number, date: string): Promise<number> {
  const [row] = rowsOf<{ sold: number }>(
    await db.execute(sql`select sold from price_calendar where product_id = ${productId} and date = ${date}`),
  );
  return Number(row?.sold ?? -1);
}

/**
 * For a PostgreSQL race over orders, in the calling `describe`: before its tests a test app, a pool
 * `width` wide on its database (`db`) and the order fixtures there (`f`), the regular product sold
 * on `channels` (an array literal such as '{1,4,16}'); after them all closed.
 */
export function useWideOrders(width: number, channels: string) {
  const race = {} as { db: Db; f: OrderFixtures };
  let t: TestApp | undefined;
  let wide: Database | undefined;
  beforeAll(async () => {
    let db: Db;
    ({ t, wide, db } = await openWideApp(width));
    const f = await createOrderFixtures(db);
    await db.execute(sql`update ticket_products set channels = ${channels} where id = ${f.regular}`);
    Object.assign(race, { db, f });
  });
  afterAll(() => closeWideApp(wide, t));
  return race;
}
