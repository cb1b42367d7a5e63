import { and, eq, sql } from 'drizzle-orm';
import { SHELF } from '../../../shared/dict/product.ts';
import { DEPARTURE_STATE } from '../../../shared/dict/travel.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { travelDepartures, travelPackages } from './travel.table.ts';

/**
 * The seats of a departure as order stock (docs/decisions.md "Travel packages are sold as ticket
 * orders"): the orders module takes and gives them back inside its own transactions.
 */

export interface DepartureLine {
  departureId: number;
  packageId: number;
  packageName: string;
  /** the product whose tickets the travellers hold */
  productId: number;
  date: string;
  days: number;
  price: number;
}

/** The departure of an area with its package, for an order line (404 / 409 when not bookable). */
export async function resolveDeparture(
  tx: Db,
  scenicId: number,
  departureId: number,
): Promise<DepartureLine> {
  const [row] = await tx
    .select({ d: travelDepartures, p: travelPackages })
    .from(travelDepartures)
    .innerJoin(travelPackages, eq(travelPackages.id, travelDepartures.packageId))
    .where(and(eq(travelDepartures.id, departureId), eq(travelDepartures.scenicId, scenicId)));
  if (!row) throw new AppError(404, 'travelDepartureNotFound', { params: { id: departureId } });
  if (row.p.status !== SHELF.on)
    throw new AppError(409, 'travelPackageOffShelf', { params: { name: row.p.name } });
  if (row.d.state !== DEPARTURE_STATE.open)
    throw new AppError(409, 'travelDepartureClosed', { params: { date: row.d.date } });
  return {
    departureId: row.d.id,
    packageId: row.p.id,
    packageName: row.p.name,
    productId: row.p.ticketProductId,
    date: row.d.date,
    days: row.p.days,
    price: row.d.price,
  };
}

/**
 * Takes `quantity` seats of a departure: one guarded update (`sold + n <= capacity`, and still
 * open unless `anyState`, e.g. a late payment taking back what its order had), so concurrent
 * orders can never oversell; 409 with the seats left otherwise. Answers the price per seat.
 */
export async function takeDepartureSeats(
  tx: Db,
  input: { scenicId: number; departureId: number; quantity: number; anyState?: boolean },
): Promise<{ price: number }> {
  const [row] = await tx
    .update(travelDepartures)
    .set({ sold: sql`${travelDepartures.sold} + ${input.quantity}`, updatedAt: new Date() })
    .where(
      and(
        eq(travelDepartures.id, input.departureId),
        eq(travelDepartures.scenicId, input.scenicId),
        sql`${travelDepartures.sold} + ${input.quantity} <= ${travelDepartures.capacity}`,
        input.anyState ? undefined : eq(travelDepartures.state, DEPARTURE_STATE.open),
      ),
    )
    .returning({ price: travelDepartures.price });
  if (row) return row;
  const [current] = await tx
    .select()
    .from(travelDepartures)
    .where(and(eq(travelDepartures.id, input.departureId), eq(travelDepartures.scenicId, input.scenicId)));
  if (!current) throw new AppError(404, 'travelDepartureNotFound', { params: { id: input.departureId } });
  if (!input.anyState && current.state !== DEPARTURE_STATE.open)
    throw new AppError(409, 'travelDepartureClosed', { params: { date: current.date } });
  throw new AppError(409, 'travelSeatsSoldOut', {
    params: { date: current.date, left: Math.max(0, current.capacity - current.sold) },
  });
}

/** Gives seats back (cancel, expiry, void, refund), guarded by `sold >= n`: never a negative count. */
export async function releaseDepartureSeats(
  tx: Db,
  input: { scenicId: number; departureId: number; quantity: number },
): Promise<void> {
  const [row] = await tx
    .update(travelDepartures)
    .set({ sold: sql`${travelDepartures.sold} - ${input.quantity}`, updatedAt: new Date() })
    .where(
      and(
        eq(travelDepartures.id, input.departureId),
        eq(travelDepartures.scenicId, input.scenicId),
        sql`${travelDepartures.sold} >= ${input.quantity}`,
      ),
    )
    .returning({ id: travelDepartures.id, date: travelDepartures.date });
  if (row) return;
  const [current] = await tx
    .select({ date: travelDepartures.date })
    .from(travelDepartures)
    .where(eq(travelDepartures.id, input.departureId));
  throw new AppError(409, 'travelSeatsReleaseExceeds', { params: { date: current?.date ?? '' } });
}
