import { z } from 'zod';

/** Fields a print template may place on a ticket (issue 5). */
export const PRINT_FIELDS = [
  'productName',
  'visitDate',
  'price',
  'qrCode',
  'visitor',
  'orderNo',
  'text',
] as const;
export type PrintField = (typeof PRINT_FIELDS)[number];

/** One field on the ticket; position and size in mm from the top-left corner of the paper. */
export const PrintElementSchema = z
  .object({
    field: z.enum(PRINT_FIELDS),
    x: z.number().min(0).max(300),
    y: z.number().min(0).max(300),
    width: z.number().min(1).max(300),
    height: z.number().min(1).max(300),
    /** pt */
    fontSize: z.number().min(5).max(72).default(10),
    bold: z.boolean().default(false),
    align: z.enum(['left', 'center', 'right']).default('left'),
    /** Fixed text for the `text` field, or a label printed before the value */
    text: z.string().max(100).default(''),
  })
  .strict();
export type PrintElement = z.infer<typeof PrintElementSchema>;
