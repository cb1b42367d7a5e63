import { z } from 'zod';
import { PageQuerySchema } from './common.ts';
import { EncryptedSchema, UsernameSchema } from './auth.ts';
import { key, required } from './fields.ts';

export { copyrightApi, terminalCopyrightApi } from './endpoints.ts';

/** What copContent holds (docs/product.md §3): the site icon URL and the site title. */
export const CopyrightContentSchema = z.object({
  siteIcon: z.string().max(500),
  siteTitle: required(50),
});
export type CopyrightContent = z.infer<typeof CopyrightContentSchema>;

/** copContent travels as JSON text; it must parse into CopyrightContentSchema. */
export const CopContentTextSchema = z
  .string()
  .max(2000)
  .refine(
    (text) => {
      try {
        return CopyrightContentSchema.safeParse(JSON.parse(text)).success;
      } catch {
        return false;
      }
    },
    { error: key('copContent') },
  );

export const ClientIdSchema = required(64);

export const CopyrightLoginSchema = z.object({
  username: UsernameSchema,
  password: EncryptedSchema,
});

export const CopyrightPageSchema = PageQuerySchema.extend({
  clientId: ClientIdSchema.optional(),
});

export const CopyrightAddSchema = z.object({
  clientId: ClientIdSchema,
  copContent: CopContentTextSchema,
});

export const CopyrightUpdateSchema = z.object({
  id: z.coerce.number().int().positive(),
  clientId: ClientIdSchema.optional(),
  copContent: CopContentTextSchema,
});

export const CopyrightRowSchema = z.object({
  id: z.number().int(),
  clientId: z.string(),
  copContent: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type CopyrightRow = z.infer<typeof CopyrightRowSchema>;
