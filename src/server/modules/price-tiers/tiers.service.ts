import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import type { PriceTierLineSave } from '../../../shared/api/price-tiers.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { distributors } from '../distribution/index.ts';
import { ticketProducts } from '../products/index.ts';
import { priceTierLines, priceTiers, type PriceTierLine } from './price-tiers.table.ts';

/** Price tiers (docs/decisions.md "Price tiers"): the lines, their overlap rule, and tier pricing of orders. */

/** The tier of the area, locked for the change of its lines (the overlap check runs under it); 404 otherwise. */
async function lockTier(tx: Db, scenicId: number, tierId: number) {
  const [tier] = await tx
    .select()
    .from(priceTiers)
    .where(and(eq(priceTiers.id, tierId), eq(priceTiers.scenicId, scenicId)))
    .for('update');
  if (!tier) throw new AppError(404, 'recordNotFound');
  return tier;
}

/**
 * Creates or edits a line: the product is the area's, and no other line of the product in the tier
 * shares a day with it (400 on `dateFrom`). Answers the line before (null when new) and after.
 */
export async function saveTierLine(
  tx: Db,
  scenicId: number,
  body: PriceTierLineSave,
): Promise<{ before: PriceTierLine | null; after: PriceTierLine }> {
  await lockTier(tx, scenicId, body.tierId);
  const [product] = await tx
    .select({ id: ticketProducts.id })
    .from(ticketProducts)
    .where(and(eq(ticketProducts.id, body.productId), eq(ticketProducts.scenicId, scenicId)));
  if (!product) throw new FieldError('productId', ValidationMessage.productOfArea);
  let before: PriceTierLine | null = null;
  if (body.id != null) {
    const [found] = await tx
      .select()
      .from(priceTierLines)
      .where(and(eq(priceTierLines.id, body.id), eq(priceTierLines.tierId, body.tierId)));
    if (!found) throw new AppError(404, 'recordNotFound');
    before = found;
  }
  const [overlap] = await tx
    .select({ id: priceTierLines.id })
    .from(priceTierLines)
    .where(
      and(
        eq(priceTierLines.tierId, body.tierId),
        eq(priceTierLines.productId, body.productId),
        lte(priceTierLines.dateFrom, body.dateTo),
        gte(priceTierLines.dateTo, body.dateFrom),
        body.id != null ? ne(priceTierLines.id, body.id) : undefined,
      ),
    )
    .limit(1);
  if (overlap) throw new FieldError('dateFrom', ValidationMessage.tierLineOverlap);
  const values = {
    productId: body.productId,
    dateFrom: body.dateFrom,
    dateTo: body.dateTo,
    settlementPrice: body.settlementPrice,
    retailFloor: body.retailFloor,
  };
  const [after] = before
    ? await tx
        .update(priceTierLines)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(priceTierLines.id, before.id))
        .returning()
    : await tx
        .insert(priceTierLines)
        .values({ ...values, scenicId, tierId: body.tierId })
        .returning();
  return { before, after: after! };
}

/** Deletes a line of a tier of the area (404 otherwise); answers it. */
export async function deleteTierLine(tx: Db, scenicId: number, id: number): Promise<PriceTierLine> {
  const [line] = await tx
    .select()
    .from(priceTierLines)
    .where(and(eq(priceTierLines.id, id), eq(priceTierLines.scenicId, scenicId)));
  if (!line) throw new AppError(404, 'recordNotFound');
  await lockTier(tx, scenicId, line.tierId);
  await tx.delete(priceTierLines).where(eq(priceTierLines.id, id));
  return line;
}

/** The lines of a tier of the area with their product names, by product and date. */
export async function tierLines(db: Db, scenicId: number, tierId: number) {
  const [tier] = await db
    .select({ id: priceTiers.id })
    .from(priceTiers)
    .where(and(eq(priceTiers.id, tierId), eq(priceTiers.scenicId, scenicId)));
  if (!tier) throw new AppError(404, 'recordNotFound');
  const rows = await db
    .select({ line: priceTierLines, productName: ticketProducts.name })
    .from(priceTierLines)
    .innerJoin(ticketProducts, eq(ticketProducts.id, priceTierLines.productId))
    .where(eq(priceTierLines.tierId, tierId))
    .orderBy(asc(ticketProducts.name), asc(priceTierLines.dateFrom));
  return rows.map(({ line, productName }) => ({
    id: line.id,
    tierId: line.tierId,
    productId: line.productId,
    productName,
    dateFrom: line.dateFrom,
    dateTo: line.dateTo,
    settlementPrice: line.settlementPrice,
    retailFloor: line.retailFloor,
  }));
}

/**
 * Puts distributors of the area on a tier of the area (null: none). All or none: an id outside the
 * area is a 404. Answers the distributors before the change (for the audit).
 */
export async function assignTier(
  tx: Db,
  scenicId: number,
  tierId: number | null,
  distributorIds: number[],
): Promise<{ id: number; tierId: number | null }[]> {
  if (tierId != null) await lockTier(tx, scenicId, tierId);
  const ids = [...new Set(distributorIds)];
  const before = await tx
    .select({ id: distributors.id, tierId: distributors.tierId })
    .from(distributors)
    .where(and(eq(distributors.scenicId, scenicId), inArray(distributors.id, ids)))
    .for('update');
  if (before.length !== ids.length) throw new AppError(404, 'recordNotFound');
  await tx
    .update(distributors)
    .set({ tierId, updatedAt: new Date() })
    .where(and(eq(distributors.scenicId, scenicId), inArray(distributors.id, ids)));
  return before;
}

/** The tier of the distributor whose login account is `adminId`, when it has one that is enabled. */
export async function tierOfAccount(
  db: Db,
  scenicId: number,
  adminId: number,
): Promise<{ distributorId: number; tierId: number; tierName: string } | null> {
  const [row] = await db
    .select({ distributorId: distributors.id, tierId: priceTiers.id, tierName: priceTiers.name })
    .from(distributors)
    .innerJoin(priceTiers, eq(priceTiers.id, distributors.tierId))
    .where(
      and(eq(distributors.scenicId, scenicId), eq(distributors.adminId, adminId), eq(priceTiers.status, 1)),
    );
  return row ?? null;
}

/** The line of the tier covering the product on the date, if any. */
export type TierPriceOf = (productId: number, date: string) => PriceTierLine | undefined;

/** The tier's lines for these products and dates, as a lookup. */
export async function tierPrices(
  db: Db,
  tierId: number,
  wanted: readonly { productId: number; date: string }[],
): Promise<TierPriceOf> {
  if (!wanted.length) return () => undefined;
  const dates = wanted.map((w) => w.date).sort();
  const lines = await db
    .select()
    .from(priceTierLines)
    .where(
      and(
        eq(priceTierLines.tierId, tierId),
        inArray(priceTierLines.productId, [...new Set(wanted.map((w) => w.productId))]),
        lte(priceTierLines.dateFrom, dates[dates.length - 1]!),
        gte(priceTierLines.dateTo, dates[0]!),
      ),
    );
  return (productId, date) =>
    lines.find((l) => l.productId === productId && l.dateFrom <= date && l.dateTo >= date);
}

/** Counts of lines and distributors per tier (the list's columns). */
export async function tierCounts(db: Db, tierIds: number[]) {
  if (!tierIds.length) return new Map<number, { lines: number; distributors: number }>();
  const [lines, dists] = await Promise.all([
    db
      .select({ tierId: priceTierLines.tierId, n: sql<number>`count(*)::int` })
      .from(priceTierLines)
      .where(inArray(priceTierLines.tierId, tierIds))
      .groupBy(priceTierLines.tierId),
    db
      .select({ tierId: distributors.tierId, n: sql<number>`count(*)::int` })
      .from(distributors)
      .where(inArray(distributors.tierId, tierIds))
      .groupBy(distributors.tierId),
  ]);
  return new Map(
    tierIds.map((id) => [
      id,
      {
        lines: Number(lines.find((l) => l.tierId === id)?.n ?? 0),
        distributors: Number(dists.find((d) => d.tierId === id)?.n ?? 0),
      },
    ]),
  );
}
