import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { addDays, areaDay } from '../../lib/area-clock.ts';
import { barrier, closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import { placeOrder } from '../orders/order-placing.ts';
import { ticketOrders } from '../orders/index.ts';
import { ticketProducts } from '../products/index.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { travelDepartures, travelPackages } from './travel.table.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'bookings of a departure under concurrent channels (PostgreSQL)',
  () => {
    const RACERS = 40;
    let t: TestApp;
    let wide: Database;
    let db: Db;
    let scenicId: number;
    let departureId: number;

    beforeAll(async () => {
      ({ t, wide, db } = await openWideApp(RACERS + 5));
      scenicId = (await db.select().from(scenicAreas)).find((a) => a.code === 'QSH')!.id;
      const [product] = await db.select().from(ticketProducts).where(eq(ticketProducts.scenicId, scenicId));
      const [pkg] = await db
        .insert(travelPackages)
        .values({
          scenicId,
          name: '并发线路',
          days: 1,
          itinerary: [{ title: 'd1', description: '', productIds: [product!.id] }],
          ticketProductId: product!.id,
          status: 1,
        })
        .returning();
      const [departure] = await db
        .insert(travelDepartures)
        .values({
          scenicId,
          packageId: pkg!.id,
          date: addDays(areaDay(new Date(), 'Asia/Shanghai'), 5),
          capacity: 30,
          sold: 25,
          price: 10_000,
        })
        .returning();
      departureId = departure!.id;
    });
    afterAll(() => closeWideApp(wide, t));

    it(`gives the last 5 seats to exactly 5 of ${RACERS} bookings at once`, async () => {
      const gate = barrier(RACERS);
      const outcomes = await Promise.allSettled(
        Array.from({ length: RACERS }, (_, i) =>
          db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            await gate();
            return placeOrder(tx, {
              scenicId,
              channel: 16,
              clientId: 'ctripManagement',
              buyer: { name: `V${i}`, phone: '13900000000' },
              lines: [{ departureId, quantity: 1 }],
            });
          }),
        ),
      );
      const failures = outcomes.filter((o) => o.status === 'rejected').map((o) => o.reason as unknown);
      const unexpected = failures.filter((e) => !(e instanceof AppError && e.statusCode === 409));
      expect(unexpected).toEqual([]);
      expect(outcomes.length - failures.length).toBe(5);
      expect(new Set(failures.map((e) => (e as AppError).msgKey))).toEqual(new Set(['travelSeatsSoldOut']));
      const [departure] = await db
        .select()
        .from(travelDepartures)
        .where(eq(travelDepartures.id, departureId));
      expect(departure!.sold).toBe(30);
      const orders = await db.select().from(ticketOrders).where(eq(ticketOrders.departureId, departureId));
      expect(orders).toHaveLength(5);
    });
  },
);
