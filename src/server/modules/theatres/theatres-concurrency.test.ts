import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeatRef } from '../../../shared/api/theatres.ts';
import { SEAT_STATUS } from '../../../shared/dict/theatres.ts';
import type { Db } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { dayFromNow, insertDemoHall, insertProduct } from './theatres.fixture.ts';
import { claimSeats, copySeats, seatsIn } from './theatres.service.ts';
import { showSeats, theatreShows } from './theatres.table.ts';

const BUYERS = 20;

/** Buyer i wants three neighbouring seats of row 0 starting at column 5 + i mod 6: heavy overlap. */
const wantOf = (i: number): SeatRef[] => [0, 1, 2].map((k) => ({ row: 0, col: 5 + ((i + k) % 8) }));

/**
 * CONTROL: the naive way, check then update. Both buyers of a seat can see it free before either
 * writes, so a seat is sold twice; the pause widens the window the way a busy server does.
 */
async function naiveClaim(db: Db, showId: number, seats: SeatRef[], holdRef: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const free = await tx
      .select({ id: showSeats.id })
      .from(showSeats)
      .where(and(eq(showSeats.showId, showId), seatsIn(seats), eq(showSeats.status, SEAT_STATUS.available)));
    if (free.length < seats.length) return false;
    await tx.execute(sql`select pg_sleep(0.05)`);
    await tx
      .update(showSeats)
      .set({ status: SEAT_STATUS.held, holdRef })
      .where(and(eq(showSeats.showId, showId), seatsIn(seats)));
    return true;
  });
}

/** How many successful buyers got each seat. */
function winnersPerSeat(results: { ok: boolean; seats: SeatRef[] }[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const r of results) {
    if (!r.ok) continue;
    for (const s of r.seats) count.set(`${s.row}:${s.col}`, (count.get(`${s.row}:${s.col}`) ?? 0) + 1);
  }
  return count;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('seat claims under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  const showIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const productId = await insertProduct(db, 1, 3, '并发演出');
    const hallId = await insertDemoHall(db, '并发测试厅');
    const shows = await db
      .insert(theatreShows)
      .values(
        [5, 6].map((d) => ({
          scenicId: 1,
          theatreId: hallId,
          productId,
          showDate: dayFromNow(d),
          startTime: '19:30',
          endTime: '21:00',
        })),
      )
      .returning({ id: theatreShows.id });
    showIds.push(...shows.map((s) => s.id));
    await copySeats(db, showIds);
  });
  afterAll(() => t?.close());

  it('CONTROL: a naive check-then-update sells a seat twice', async () => {
    const showId = showIds[1]!;
    const results = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => ({
        ok: await naiveClaim(t.database.db, showId, wantOf(i), `naive-${i}`),
        seats: wantOf(i),
      })),
    );
    const doubled = [...winnersPerSeat(results).values()].filter((n) => n > 1);
    expect(doubled.length).toBeGreaterThan(0);
  });

  it('20 buyers of overlapping seats at once: each seat is claimed exactly once', async () => {
    const showId = showIds[0]!;
    const results = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const seats = wantOf(i);
        try {
          await t.database.db.transaction(async (tx) => {
            await claimSeats(tx, { scenicId: 1, showId, seats, holdRef: `buyer-${i}` });
            // keep the transaction open a little, as an order insert would
            await tx.execute(sql`select pg_sleep(0.02)`);
          });
          return { ok: true, seats, holdRef: `buyer-${i}` };
        } catch (error) {
          expect(error).toMatchObject({ statusCode: 409, msgKey: 'seatsTaken' });
          return { ok: false, seats, holdRef: `buyer-${i}` };
        }
      }),
    );
    const winners = results.filter((r) => r.ok);
    expect(winners.length).toBeGreaterThan(0);
    expect(winners.length).toBeLessThan(BUYERS);
    expect([...winnersPerSeat(results).values()].every((n) => n === 1)).toBe(true);
    // the database agrees: every held seat belongs to the one winner that claimed it, losers hold nothing
    const held = await t.database.db
      .select()
      .from(showSeats)
      .where(and(eq(showSeats.showId, showId), eq(showSeats.status, SEAT_STATUS.held)));
    const owner = new Map(winners.flatMap((w) => w.seats.map((s) => [`${s.row}:${s.col}`, w.holdRef])));
    expect(held).toHaveLength(owner.size);
    for (const seat of held) expect(seat.holdRef).toBe(owner.get(`${seat.row}:${seat.col}`));
  });
});
