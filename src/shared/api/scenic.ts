import { z } from 'zod';
import { listQuerySchema } from './common.ts';

export { scenicApi } from './endpoints.ts';

export const SCENIC_SORT_FIELDS = ['code', 'name', 'createTime'] as const;

export const ScenicPageSchema = listQuerySchema(SCENIC_SORT_FIELDS, {
  name: z.string().trim().max(100).optional(),
  status: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional(),
});

export const ScenicRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
  status: z.number().int(),
  createTime: z.string(),
});
export type ScenicRow = z.infer<typeof ScenicRowSchema>;
