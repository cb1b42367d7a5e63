import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productSessions, ticketProducts } from './products.table.ts';

export type ProductRecord = typeof ticketProducts.$inferSelect;
export type SessionRecord = typeof productSessions.$inferSelect;

/** One product of the area with its sessions (in start order), or null when it is not the area's. */
export async function findProduct(
  db: Db,
  scenicId: number,
  id: number,
): Promise<(ProductRecord & { sessions: SessionRecord[] }) | null> {
  const [product] = await db
    .select()
    .from(ticketProducts)
    .where(and(eq(ticketProducts.id, id), eq(ticketProducts.scenicId, scenicId)));
  if (!product) return null;
  const sessions = await db
    .select()
    .from(productSessions)
    .where(eq(productSessions.productId, id))
    .orderBy(asc(productSessions.startTime));
  return { ...product, sessions };
}

/** Products of the area for a select (optionally of some product types), by sort then name. */
export async function productOptions(
  db: Db,
  scenicId: number,
  productTypes?: readonly number[],
): Promise<Pick<ProductRecord, 'id' | 'name' | 'productType' | 'price' | 'shelfStatus'>[]> {
  return db
    .select({
      id: ticketProducts.id,
      name: ticketProducts.name,
      productType: ticketProducts.productType,
      price: ticketProducts.price,
      shelfStatus: ticketProducts.shelfStatus,
    })
    .from(ticketProducts)
    .where(
      and(
        eq(ticketProducts.scenicId, scenicId),
        productTypes?.length ? inArray(ticketProducts.productType, [...productTypes]) : undefined,
      ),
    )
    .orderBy(asc(ticketProducts.sort), asc(ticketProducts.name));
}
