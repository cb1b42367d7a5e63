import { z } from 'zod';
import { EnableStatus } from '../dict/account.ts';
import { dictCodes } from '../dict/dict.ts';
import { IdSchema } from './common.ts';
import { key } from './fields.ts';

/** Schemas that many modules' requests share (they were account fields once). */

/** 1 enabled / 2 disabled (docs/product.md §9). */
export const EnableStatusSchema = z.coerce
  .number()
  .int()
  .pipe(z.literal(dictCodes(EnableStatus)));

/** An uploaded image (`/uploads/…`) or an http(s) address; never `javascript:` or `data:`. */
export const ImageUrlSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^(|\/[^/\\].*|https?:\/\/\S+)$/i, { error: key('imageUrl') });

/** `?id=` of a query or delete. */
export const IdQuerySchema = z.object({ id: IdSchema }).strict();
