import { z } from 'zod';
import { AccountRowSchema, AccountUsernameSchema } from './accounts.ts';
import { EnableStatusSchema } from './general.ts';
import { EncryptedSchema } from './auth.ts';
import { endpoints, IdSchema, listQuerySchema, statusChangeSchema } from './common.ts';
import { key, required, text } from './fields.ts';

/** /shop/accountManage: the shop accounts (admType 4) of the acting area. */
export const shopAccountApi = endpoints('/web/api/admin/shop/account', [
  'page',
  'export',
  'roles',
  'create',
  'update',
  'status',
  'resetPassword',
]);

const name = required(64);
const phone = z
  .string()
  .trim()
  .regex(/^(|1\d{10})$/, { error: key('mobile') });
/** Roles of the area whose permissions are all the shop's (`shop:…`). */
const roleIds = z
  .array(IdSchema)
  .min(1, { error: key('required') })
  .max(10);

export const SHOP_ACCOUNT_SORT_FIELDS = ['username', 'createTime', 'lastLoginTime'] as const;
export const ShopAccountPageSchema = listQuerySchema(SHOP_ACCOUNT_SORT_FIELDS, {
  username: text(64).optional(),
  nickname: text(64).optional(),
  phone: text(11).optional(),
  status: EnableStatusSchema.optional(),
});
export type ShopAccountPage = z.infer<typeof ShopAccountPageSchema>;

export const ShopAccountCreateSchema = z
  .object({
    username: AccountUsernameSchema,
    nickname: name,
    phone: phone.default(''),
    status: EnableStatusSchema.default(1),
    roleIds,
    password: EncryptedSchema,
  })
  .strict();
export type ShopAccountCreate = z.infer<typeof ShopAccountCreateSchema>;

export const ShopAccountUpdateSchema = z
  .object({
    id: IdSchema,
    username: AccountUsernameSchema.optional(),
    nickname: name.optional(),
    phone: phone.optional(),
    roleIds: roleIds.optional(),
  })
  .strict();

export const ShopAccountStatusSchema = statusChangeSchema(EnableStatusSchema);
export const ShopAccountResetPasswordSchema = z.object({ id: IdSchema, password: EncryptedSchema }).strict();

export const ShopAccountRowSchema = AccountRowSchema.extend({ phone: z.string() });
export type ShopAccountRow = z.infer<typeof ShopAccountRowSchema>;

export const ShopRoleOptionSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type ShopRoleOption = z.infer<typeof ShopRoleOptionSchema>;
