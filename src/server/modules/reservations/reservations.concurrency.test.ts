import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { addDays, areaDay } from '../../lib/area-clock.ts';
import { rushTransactions, closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { bookSession } from './reservations.service.ts';
import { reservationSessions, reservationSites, reservations } from './reservations.table.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('bookings under concurrent channels (PostgreSQL)', () => {
  const RACERS = 50;
  let t: TestApp;
  let wide: Database;
  let db: Db;
  let scenicId: number;
  let siteId: number;

  beforeAll(async () => {
    ({ t, wide, db } = await openWideApp(RACERS + 5));
    const areas = await db.select().from(scenicAreas);
    scenicId = areas.find((a) => a.code === 'QSH')!.id;
    const [site] = await db
      .insert(reservationSites)
      .values({ scenicId, name: '并发馆', capacity: 55, daysAhead: 30 })
      .returning();
    siteId = site!.id;
  });
  afterAll(() => closeWideApp(wide, t));

  async function newSession(startTime: string, capacity: number, booked: number) {
    const date = addDays(areaDay(new Date(), 'Asia/Shanghai'), 2);
    const [session] = await db
      .insert(reservationSessions)
      .values({ scenicId, siteId, date, startTime, endTime: '23:00', capacity, booked })
      .returning();
    return session!;
  }

  /** Runs `book(i)` in RACERS transactions that all start before any books; counts outcomes. */
  const rush = (book: (tx: Db, i: number) => Promise<unknown>) => rushTransactions(db, RACERS, book);

  const actor = { username: 'ctripManagement', scenicId: 0 };

  it(`gives the last 5 places to exactly 5 of ${RACERS} visitors booking at once`, async () => {
    // 50 of 55 places already taken
    const session = await newSession('10:00', 55, 50);
    const res = await rush((tx, i) =>
      bookSession(tx, {
        scenicId,
        sessionId: session.id,
        visitorName: `V${i}`,
        phone: `1390000${String(i).padStart(4, '0')}`,
        clientId: 'ctripManagement',
        channel: 16,
        actor: { ...actor, scenicId },
      }),
    );
    expect(res.unexpected).toEqual([]);
    expect(res.ok).toBe(5);
    expect(res.conflicts).toEqual(Array(RACERS - 5).fill('reservationSoldOut'));
    const [after] = await db.select().from(reservationSessions).where(eq(reservationSessions.id, session.id));
    expect(after!.booked).toBe(55);
    const made = await db.select().from(reservations).where(eq(reservations.sessionId, session.id));
    expect(made).toHaveLength(5);
  });

  it(`lets one visitor hold one booking of a session, however many times it is sent at once`, async () => {
    const session = await newSession('11:00', 100, 0);
    const res = await rush((tx) =>
      bookSession(tx, {
        scenicId,
        sessionId: session.id,
        visitorName: '同一人',
        phone: '13911112222',
        clientId: 'ctripManagement',
        channel: 16,
        actor: { ...actor, scenicId },
      }),
    );
    expect(res.unexpected).toEqual([]);
    expect(res.ok).toBe(1);
    expect(new Set(res.conflicts)).toEqual(new Set(['reservationVisitorBooked']));
    const [after] = await db.select().from(reservationSessions).where(eq(reservationSessions.id, session.id));
    // the losers' places were rolled back with their transactions
    expect(after!.booked).toBe(1);
  });
});
