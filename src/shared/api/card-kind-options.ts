import { z } from 'zod';
import { endpoints } from './common.ts';

/**
 * The card kinds of the acting area as the card screens pick them outside the kind screens (the card
 * list's and the order list's filters, the sale drawer), under the card permissions rather than
 * admin:card:kind:query: `cards` with admin:card:query, `orders` with admin:card:order:query.
 */
export const cardKindOptionApi = endpoints('/web/api/admin/cardKindOptions', ['cards', 'orders']);

export const CardKindOptionQuerySchema = z
  .object({
    /** only the kinds the back office sells now (on shelf, sold by backstageManagement) */
    forSale: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type CardKindOptionQuery = z.infer<typeof CardKindOptionQuerySchema>;

export const CardKindOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** cents */
  price: z.number().int(),
  /** ShelfStatus: 1 on shelf, 2 off shelf */
  status: z.number().int(),
  /** entries in all (0: unlimited), for the card list's "used / total" */
  totalEntries: z.number().int(),
});
export type CardKindOption = z.infer<typeof CardKindOptionSchema>;
