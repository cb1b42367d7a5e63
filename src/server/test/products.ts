import type { Db } from '../db/client.ts';
import { ticketProducts, ticketTypes } from '../modules/products/products.table.ts';

type ProductValues = Partial<Omit<typeof ticketProducts.$inferInsert, 'typeId'>> & {
  scenicId: number;
  name: string;
};

/**
 * A ticket product straight in the database, under a new ticket type named `typeName`; what `values`
 * leaves out is a plain day ticket's: type 1, 100 yuan, valid on the day, one real name per order,
 * printed, sold at the window (channel 1), refundable at any time. Returns the product's row.
 */
export async function insertTicketProduct(db: Db, typeName: string, values: ProductValues) {
  const [type] = await db
    .insert(ticketTypes)
    .values({ scenicId: values.scenicId, name: typeName })
    .returning({ id: ticketTypes.id });
  const [product] = await db
    .insert(ticketProducts)
    .values({
      productType: 1,
      price: 10_000,
      validityType: 1,
      realNameType: 1,
      printType: 1,
      channels: [1],
      refundRule: 1,
      ...values,
      typeId: type!.id,
    })
    .returning();
  return product!;
}
