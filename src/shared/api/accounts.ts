import { z } from 'zod';
import { AdmType, PayType } from '../dict/account.ts';
import { dictCodes } from '../dict/dict.ts';
import { EncryptedSchema } from './auth.ts';
import { endpoints, IdSchema, listQuerySchema, statusChangeSchema } from './common.ts';
import { key, required, text } from './fields.ts';
import { EnableStatusSchema, ImageUrlSchema } from './general.ts';

/** docs/product.md §2 /sys/admin: accounts. */
export const accountApi = endpoints('/web/api/admin/admin', [
  'page',
  'export',
  'create',
  'update',
  'status',
  'resetPassword',
  'delete',
]);

/** Account user names: trimmed, 1-64 characters, no spaces or control characters inside. */
export const AccountUsernameSchema = required(64).regex(/^[^\s\p{C}]+$/u, { error: key('usernameFormat') });

export const AdmTypeSchema = z.coerce
  .number()
  .int()
  .pipe(z.literal(dictCodes(AdmType)));
export const PayTypeSchema = z.coerce
  .number()
  .int()
  .pipe(z.literal(dictCodes(PayType)));
const fields = {
  username: AccountUsernameSchema,
  nickname: required(64),
  avatar: ImageUrlSchema,
  introduction: text(500),
  admType: AdmTypeSchema,
  payType: PayTypeSchema,
  status: EnableStatusSchema,
  /** Roles of the acting scenic area, or platform roles for a platform administrator. */
  roleIds: z.array(IdSchema).max(50),
};

export const ACCOUNT_SORT_FIELDS = ['username', 'createTime', 'lastLoginTime'] as const;

export const AccountPageSchema = listQuerySchema(ACCOUNT_SORT_FIELDS, {
  username: text(64).optional(),
  nickname: text(64).optional(),
  admType: AdmTypeSchema.optional(),
  status: EnableStatusSchema.optional(),
  roleId: IdSchema.optional(),
});
export type AccountPage = z.infer<typeof AccountPageSchema>;

/** The initial password travels encrypted; the account must change it at its first login. */
export const AccountCreateSchema = z
  .object({
    username: fields.username,
    nickname: fields.nickname,
    avatar: fields.avatar.default(''),
    introduction: fields.introduction.default(''),
    admType: fields.admType,
    payType: fields.payType.default(0),
    status: fields.status.default(1),
    roleIds: fields.roleIds.default([]),
    password: EncryptedSchema,
  })
  .strict();
export type AccountCreate = z.infer<typeof AccountCreateSchema>;

/** Only the fields sent change; roleIds replaces the roles the caller may assign. No password here. */
export const AccountUpdateSchema = z
  .object({
    id: IdSchema,
    username: fields.username.optional(),
    nickname: fields.nickname.optional(),
    avatar: fields.avatar.optional(),
    introduction: fields.introduction.optional(),
    admType: fields.admType.optional(),
    payType: fields.payType.optional(),
    status: fields.status.optional(),
    roleIds: fields.roleIds.optional(),
  })
  .strict();
export type AccountUpdate = z.infer<typeof AccountUpdateSchema>;

export const AccountStatusSchema = statusChangeSchema(fields.status);

export const AccountResetPasswordSchema = z
  .object({
    id: IdSchema,
    password: EncryptedSchema,
  })
  .strict();

export const AccountRoleSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/** A row of the account list; the password hash never leaves the server. */
export const AccountRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  admType: z.number().int(),
  payType: z.number().int(),
  status: z.number().int(),
  scenicId: z.number().int().nullable(),
  mustChangePassword: z.boolean(),
  lockedUntil: z.string().nullable().describe('ISO time a login lockout ends, when locked'),
  lastLoginTime: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
  roles: z.array(AccountRoleSchema),
});
export type AccountRow = z.infer<typeof AccountRowSchema>;
