import { and, asc, eq, sql } from 'drizzle-orm';
import type { Sellable } from '../../../shared/api/selling.ts';
import { SHELF, type BuyChannelCode } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { ticketProducts } from '../products/index.ts';
import { stockHolders, type Offer } from './order-stock.ts';

/** The products on shelf for `channel` on `date`, each with its offers: price, time and stock left. */
export async function sellableOn(
  db: Db,
  scenicId: number,
  channel: BuyChannelCode,
  date: string,
): Promise<Sellable[]> {
  const products = await db
    .select()
    .from(ticketProducts)
    .where(
      and(
        eq(ticketProducts.scenicId, scenicId),
        eq(ticketProducts.shelfStatus, SHELF.on),
        sql`${channel} = any(${ticketProducts.channels})`,
      ),
    )
    .orderBy(asc(ticketProducts.sort), asc(ticketProducts.id));
  // each product's offers come from the first stock holder that sells it, else from the calendar
  const offered: Map<number, Offer[]>[] = [];
  const holders = [...stockHolders.items].sort(
    (a, b) => Number(a.fallback ?? false) - Number(b.fallback ?? false),
  );
  for (const holder of holders) offered.push(await holder.offers(db, scenicId, date, products));
  return products.map((p) => ({
    productId: p.id,
    name: p.name,
    productType: p.productType,
    realNameType: p.realNameType,
    limitPerOrder: p.limitPerOrder,
    limitPerIdNumber: p.limitPerIdNumber,
    offers: offered.find((m) => m.has(p.id))?.get(p.id) ?? [],
  }));
}
