import { z } from 'zod';
import { DisplayStatus, MAX_DISPLAY_TAGS, MAX_TAG_LENGTH } from '../dict/ticket-display.ts';
import { ImageUrlSchema } from './general.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { key, required, text } from './fields.ts';

/** /scenic/ticmes: what the mini-program shows of each ticket product of the area. */
export const ticketDisplayApi = endpoints('/web/api/admin/ticketDisplay', [
  'page',
  'export',
  'update',
  'status',
]);
/** The mini-program's read: no login, cacheable (docs/api.md "Public ticket display"). */
export const publicTicketDisplayApi = endpoints('/api/public/ticketDisplay', ['list']);

export const TICKET_DISPLAY_SORT_FIELDS = ['sort', 'productName', 'updateTime'] as const;

export const TicketDisplayPageSchema = listQuerySchema(TICKET_DISPLAY_SORT_FIELDS, {
  productName: text(100).optional(),
  status: dictCodeSchema(DisplayStatus).optional(),
});
export type TicketDisplayPage = z.infer<typeof TicketDisplayPageSchema>;

const TagSchema = z
  .string()
  .trim()
  .min(1, { error: key('required') })
  .max(MAX_TAG_LENGTH);

/** The whole display of one product (saved as a whole: a first save replaces the defaults). */
export const TicketDisplayUpdateSchema = z
  .object({
    productId: IdSchema,
    displayName: required(30),
    cover: ImageUrlSchema.default(''),
    shortText: text(100).default(''),
    tags: z
      .array(TagSchema)
      .max(MAX_DISPLAY_TAGS)
      .refine((tags) => new Set(tags).size === tags.length, { error: key('noRepeat') })
      .default([]),
    sort: z.coerce.number().int().min(0).max(9999).default(0),
    status: dictCodeSchema(DisplayStatus).default(1),
  })
  .strict();
export type TicketDisplayUpdate = z.infer<typeof TicketDisplayUpdateSchema>;

/** Show (1) or hide (2) several products at once; all change or none. */
export const TicketDisplayStatusSchema = z
  .object({
    productIds: z
      .array(IdSchema)
      .min(1, { error: key('required') })
      .max(400),
    status: dictCodeSchema(DisplayStatus),
  })
  .strict();

export const TicketDisplayRowSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  productType: z.number().int(),
  shelfStatus: z.number().int(),
  price: z.number().int(),
  displayName: z.string(),
  cover: z.string(),
  shortText: z.string(),
  tags: z.array(z.string()),
  sort: z.number().int(),
  status: z.number().int(),
  /** False while the product shows its defaults (name, first image, intro, its own sort; shown). */
  customized: z.boolean(),
  updateTime: z.string().nullable(),
});
export type TicketDisplayRow = z.infer<typeof TicketDisplayRowSchema>;

export const PublicTicketDisplayQuerySchema = z.object({ scenicId: IdSchema }).strict();

export const PublicTicketDisplaySchema = z.object({
  productId: z.number().int(),
  productType: z.number().int(),
  name: z.string(),
  cover: z.string(),
  shortText: z.string(),
  tags: z.array(z.string()),
  /** Default selling price in cents (a price-calendar day may differ). */
  price: z.number().int(),
  marketPrice: z.number().int(),
});
export type PublicTicketDisplay = z.infer<typeof PublicTicketDisplaySchema>;
