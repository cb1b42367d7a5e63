import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SeatRef } from '../../../shared/api/theatres.ts';
import { SALE_STATUS } from '../../../shared/dict/product.ts';
import { SEAT_STATUS } from '../../../shared/dict/theatres.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { areaDay, areaTime } from '../../lib/area-clock.ts';
import { scenicAreas } from '../scenic/index.ts';
import { showSeats, theatres, theatreShows } from './theatres.table.ts';

export type TheatreRecord = typeof theatres.$inferSelect;
export type ShowRecord = typeof theatreShows.$inferSelect;

/** A seat a claim took, with what it costs. */
export interface ClaimedSeat {
  row: number;
  col: number;
  label: string;
  areaKey: string;
  /** cents */
  price: number;
}

/** A theatre of the area, or null when it is not the area's. */
export async function findTheatre(db: Db, scenicId: number, id: number): Promise<TheatreRecord | null> {
  const [row] = await db
    .select()
    .from(theatres)
    .where(and(eq(theatres.id, id), eq(theatres.scenicId, scenicId)));
  return row ?? null;
}

/** A show of the area, or null when it is not the area's. */
export async function findShow(db: Db, scenicId: number, id: number): Promise<ShowRecord | null> {
  const [row] = await db
    .select()
    .from(theatreShows)
    .where(and(eq(theatreShows.id, id), eq(theatreShows.scenicId, scenicId)));
  return row ?? null;
}

/** Show dates and times are wall-clock times of the area's clock (`timeZone`). */
export function hasStarted(
  show: Pick<ShowRecord, 'showDate' | 'startTime'>,
  timeZone: string,
  now = new Date(),
): boolean {
  const today = areaDay(now, timeZone);
  return show.showDate < today || (show.showDate === today && show.startTime <= areaTime(now, timeZone));
}

/** Distinct seats, in row then column order. */
export function distinctSeats(seats: readonly SeatRef[]): SeatRef[] {
  const seen = new Map<string, SeatRef>();
  for (const s of seats) seen.set(`${s.row}:${s.col}`, { row: s.row, col: s.col });
  return [...seen.values()].sort((a, b) => a.row - b.row || a.col - b.col);
}

/** `(row, col) IN ((…), …)` over the seats of a show. */
export function seatsIn(seats: readonly SeatRef[]): SQL {
  const list = sql.join(
    seats.map((s) => sql`(${s.row}::int, ${s.col}::int)`),
    sql`, `,
  );
  return sql`(${showSeats.row}, ${showSeats.col}) in (${list})`;
}

/** "3排12号、3排13号": the labels of seats (row/column numbers when a seat is not in the show). */
export async function seatNames(db: Db, showId: number, seats: readonly SeatRef[]): Promise<string> {
  if (!seats.length) return '';
  const rows = await db
    .select({ row: showSeats.row, col: showSeats.col, label: showSeats.label })
    .from(showSeats)
    .where(and(eq(showSeats.showId, showId), seatsIn(seats)));
  const labels = new Map(rows.map((r) => [`${r.row}:${r.col}`, r.label]));
  return seats
    .slice(0, 20)
    .map((s) => labels.get(`${s.row}:${s.col}`) ?? `${s.row + 1}-${s.col + 1}`)
    .concat(seats.length > 20 ? ['…'] : [])
    .join('、');
}

/**
 * Holds seats of a show for an order: all or nothing. Each seat is taken by a guarded
 * `UPDATE … WHERE status = 1`, so of concurrent buyers of one seat exactly one gets it; when fewer
 * rows change than were asked for, the savepoint rolls back and the answer is a 409 naming the
 * seats that are taken. 404 when the show is not the area's; 409 when it is closed or has started.
 * Call it with the order's transaction; `sellSeats` turns the hold into a sale on payment.
 */
export async function claimSeats(
  db: Db,
  input: { scenicId: number; showId: number; seats: readonly SeatRef[]; holdRef: string },
): Promise<ClaimedSeat[]> {
  const wanted = distinctSeats(input.seats);
  if (!wanted.length) return [];
  // a savepoint: even a caller that catches the 409 keeps no partial claim
  return db.transaction(async (tx) => {
    // FOR SHARE: the show cannot be closed or deleted while seats are being claimed
    const [found] = await tx
      .select({ show: theatreShows, timeZone: scenicAreas.timeZone })
      .from(theatreShows)
      .innerJoin(scenicAreas, eq(scenicAreas.id, theatreShows.scenicId))
      .where(and(eq(theatreShows.id, input.showId), eq(theatreShows.scenicId, input.scenicId)))
      .for('share', { of: theatreShows });
    if (!found) throw new AppError(404, 'showNotFound');
    const { show } = found;
    if (show.status !== SALE_STATUS.onSale) throw new AppError(409, 'showClosed');
    if (hasStarted(show, found.timeZone)) throw new AppError(409, 'showPast');
    const where = and(eq(showSeats.showId, show.id), seatsIn(wanted));
    // lock in one fixed order, so two buyers of overlapping seats wait for each other, never deadlock
    await tx
      .select({ id: showSeats.id })
      .from(showSeats)
      .where(where)
      .orderBy(asc(showSeats.row), asc(showSeats.col))
      .for('update');
    const claimed = await tx
      .update(showSeats)
      .set({ status: SEAT_STATUS.held, holdRef: input.holdRef, updatedAt: sql`now()` })
      .where(and(where, eq(showSeats.status, SEAT_STATUS.available)))
      .returning({
        row: showSeats.row,
        col: showSeats.col,
        label: showSeats.label,
        areaKey: showSeats.areaKey,
        price: showSeats.price,
      });
    if (claimed.length < wanted.length) {
      const got = new Set(claimed.map((s) => `${s.row}:${s.col}`));
      const taken = wanted.filter((s) => !got.has(`${s.row}:${s.col}`));
      throw new AppError(409, 'seatsTaken', {
        params: { seats: await seatNames(tx, show.id, taken) },
        data: { seats: taken },
      });
    }
    return claimed.sort((a, b) => a.row - b.row || a.col - b.col);
  });
}

/**
 * Frees the seats an order holds (unpaid order cancelled or expired): held → available. With
 * `sold: true` also its sold seats (a refund). Only seats of this hold reference change; `seats`
 * narrows it to some of them. Returns how many seats were freed.
 */
export async function releaseSeats(
  db: Db,
  input: { showId: number; holdRef: string; seats?: readonly SeatRef[]; sold?: boolean },
): Promise<number> {
  if (input.seats && !input.seats.length) return 0;
  const statuses: number[] = input.sold ? [SEAT_STATUS.held, SEAT_STATUS.sold] : [SEAT_STATUS.held];
  const freed = await db
    .update(showSeats)
    .set({ status: SEAT_STATUS.available, holdRef: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(showSeats.showId, input.showId),
        eq(showSeats.holdRef, input.holdRef),
        inArray(showSeats.status, statuses),
        input.seats ? seatsIn(distinctSeats(input.seats)) : undefined,
      ),
    )
    .returning({ id: showSeats.id });
  return freed.length;
}

/** The order was paid: its held seats become sold. Returns how many seats were sold. */
export async function sellSeats(db: Db, input: { showId: number; holdRef: string }): Promise<number> {
  const sold = await db
    .update(showSeats)
    .set({ status: SEAT_STATUS.sold, updatedAt: sql`now()` })
    .where(
      and(
        eq(showSeats.showId, input.showId),
        eq(showSeats.holdRef, input.holdRef),
        eq(showSeats.status, SEAT_STATUS.held),
      ),
    )
    .returning({ id: showSeats.id });
  return sold.length;
}

/**
 * Copies the seats (cells of kind 1) of each show's theatre map into show_seats, with the price of
 * their tier, in one statement. Later edits of the map do not touch these copies.
 */
export async function copySeats(db: Db, showIds: readonly number[]): Promise<void> {
  if (!showIds.length) return;
  await db.execute(sql`
    insert into show_seats (show_id, "row", col, label, area_key, price)
    select sh.id, (e->>'r')::int, (e->>'c')::int,
           coalesce(nullif(e->>'label', ''), ((e->>'r')::int + 1) || '排' || ((e->>'c')::int + 1) || '号'),
           e->>'area', coalesce((a->>'price')::int, 0)
    from theatre_shows sh
    join theatres t on t.id = sh.theatre_id
    cross join lateral jsonb_array_elements(t.seats) e
    left join lateral (
      select x from jsonb_array_elements(t.areas) x where x->>'key' = e->>'area' limit 1
    ) ar(a) on true
    where sh.id in (${sql.join(
      showIds.map((id) => sql`${id}::int`),
      sql`, `,
    )})
      and (e->>'kind')::int = 1
  `);
}
