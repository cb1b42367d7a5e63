import type { Db } from '../../db/client.ts';
import { DEFAULT_TIME_ZONE, addDays, areaDay } from '../../lib/area-clock.ts';
import { ticketProducts, ticketTypes } from '../products/products.table.ts';

/** A ticket category and a product of a given type in an area, straight in the database (tests). */
export async function insertProduct(db: Db, scenicId: number, productType: number, name: string) {
  const [type] = await db
    .insert(ticketTypes)
    .values({ scenicId, name: `${name}-类` })
    .returning({ id: ticketTypes.id });
  const [product] = await db
    .insert(ticketProducts)
    .values({
      scenicId,
      typeId: type!.id,
      productType,
      name,
      price: 10_000,
      validityType: 1,
      realNameType: 1,
      printType: 1,
      channels: [1],
      refundRule: 1,
      shelfStatus: 1,
    })
    .returning({ id: ticketProducts.id });
  return product!.id;
}

/** A date `days` from today on the area's clock (the demo areas keep the default zone), "YYYY-MM-DD". */
export function dayFromNow(days: number, timeZone = DEFAULT_TIME_ZONE): string {
  return addDays(areaDay(new Date(), timeZone), days);
}
