import { count, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { UseCounter } from '../../lib/record-uses.ts';
import { ticketProducts } from './products.table.ts';

/** How many ticket products refer to a record through `column`. */
const productsBy =
  (column: PgColumn): UseCounter =>
  async (db, id) => {
    const [used] = await db.select({ n: count() }).from(ticketProducts).where(eq(column, id));
    return used?.n ?? 0;
  };

/** Plugged into notices' and print-templates' use points (products.module.ts): their delete guards. */
export const productsOfAgreement = productsBy(ticketProducts.agreementId);
export const productsOfNotice = productsBy(ticketProducts.noticeId);
export const productsOfPrintTemplate = productsBy(ticketProducts.printTemplateId);
