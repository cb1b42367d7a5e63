import { and, eq, gt, inArray } from 'drizzle-orm';
import { AppError } from '../../http/errors.ts';
import type { ProductHolder, SessionRemovalGuard } from '../products/index.ts';
import { priceCalendar } from './inventory.table.ts';

/** The price calendar of a product (products' productHolders). */
export const calendarOfProduct: ProductHolder = {
  // a product with calendar days keeps its product type
  holds: async (db, productId) => {
    const [day] = await db
      .select({ id: priceCalendar.id })
      .from(priceCalendar)
      .where(eq(priceCalendar.productId, productId))
      .limit(1);
    return Boolean(day);
  },
  // a product with sold stock is not deleted
  deleteProblem: async (db, product) => {
    const [sold] = await db
      .select({ id: priceCalendar.id })
      .from(priceCalendar)
      .where(and(eq(priceCalendar.productId, product.id), gt(priceCalendar.sold, 0)))
      .limit(1);
    return sold ? new AppError(409, 'productHasSales', { params: { name: product.name } }) : null;
  },
};

/** A session with sold calendar stock is not removed: 409 naming it (products' sessionRemovalGuards). */
export const keepSoldSessions: SessionRemovalGuard = async (db, removed) => {
  const sold = await db
    .select({ sessionId: priceCalendar.sessionId })
    .from(priceCalendar)
    .where(
      and(
        inArray(
          priceCalendar.sessionId,
          removed.map((s) => s.id),
        ),
        gt(priceCalendar.sold, 0),
      ),
    )
    .limit(1);
  const hit = sold[0] && removed.find((s) => s.id === sold[0]!.sessionId);
  if (hit)
    throw new AppError(409, 'sessionSold', {
      params: { name: `${hit.name} (${hit.startTime}-${hit.endTime})` },
      data: { field: 'sessions' },
    });
};
