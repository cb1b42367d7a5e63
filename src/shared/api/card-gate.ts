import { z } from 'zod';
import { endpoints, IdSchema, PageQuerySchema } from './common.ts';

/**
 * A travel card at the gates (docs/domain.md "At the gate"): its entries from the gate log on the
 * card's detail (/VipCard/EnjSelfCardListDetail) and the IC card staff bind to it.
 */
export const cardGateApi = endpoints('/web/api/admin/card', ['entries', 'bindIc']);

/** One card's gate events, newest first: this number's and those of the cards it replaced. */
export const CardEntriesQuerySchema = PageQuerySchema.extend({ id: IdSchema }).strict();
export type CardEntriesQuery = z.infer<typeof CardEntriesQuerySchema>;

export const CardEntryRowSchema = z.object({
  id: z.number().int(),
  scannedAt: z.string(),
  gateId: z.number().int().nullable(),
  gateName: z.string(),
  direction: z.string().describe('GateDirection: entry, exit, denied'),
  readMode: z.number().int().nullable().describe('CardReadMode: 1 QR, 2 ID card, 3 IC card, 4 face'),
  /** the number read: a replaced card's entries show its old number */
  cardNo: z.string(),
  result: z.string().describe("'ok' or the refusal (CheckinResult)"),
  offline: z.boolean(),
  forced: z.boolean(),
});
export type CardEntryRow = z.infer<typeof CardEntryRowSchema>;

/** bindIc: the IC card bound to the card (letters, digits and '-', as staff cards'; unique in the area); empty unbinds it. */
export const CardBindIcSchema = z
  .object({
    id: IdSchema,
    icNo: z
      .string()
      .trim()
      .max(32)
      .regex(/^[A-Za-z0-9-]*$/),
  })
  .strict();
export type CardBindIc = z.infer<typeof CardBindIcSchema>;
