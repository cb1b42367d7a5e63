import { z } from 'zod';
import { isKnownPermission } from '../perms.ts';
import { EnableStatusSchema } from './general.ts';
import { endpoints, IdSchema, listQuerySchema } from './common.ts';
import { key, required, text } from './fields.ts';

/** docs/product.md §2 /sys/role: roles; `list` is the account form's role select. */
export const roleApi = endpoints('/web/api/admin/role', [
  'page',
  'export',
  'list',
  'permissionTree',
  'create',
  'update',
  'delete',
]);

export const RoleCodeSchema = required(64).regex(/^[A-Za-z0-9_.:-]+$/, { error: key('roleCodeFormat') });

/** A role's permissions: each from the catalogue of src/shared/perms.ts, or `*`. */
export const PermissionListSchema = z
  .array(z.string().max(100))
  .max(500)
  .refine((list) => list.every(isKnownPermission), { error: key('permissionUnknown') });

const fields = {
  code: RoleCodeSchema,
  name: required(64),
  remark: text(500),
  status: EnableStatusSchema,
  permissions: PermissionListSchema,
};

export const ROLE_SORT_FIELDS = ['code', 'name', 'createTime'] as const;

export const RolePageSchema = listQuerySchema(ROLE_SORT_FIELDS, {
  name: text(64).optional(),
  code: text(64).optional(),
  status: EnableStatusSchema.optional(),
});

export const RoleCreateSchema = z
  .object({
    code: fields.code,
    name: fields.name,
    remark: fields.remark.default(''),
    status: fields.status.default(1),
    permissions: fields.permissions.default([]),
    /** A platform role (no scenic area), assignable to accounts of every area; platform callers only. */
    platform: z.boolean().default(false),
  })
  .strict();
export type RoleCreate = z.infer<typeof RoleCreateSchema>;

/** Only the fields sent change; permissions replaces the whole list. */
export const RoleUpdateSchema = z
  .object({
    id: IdSchema,
    code: fields.code.optional(),
    name: fields.name.optional(),
    remark: fields.remark.optional(),
    status: fields.status.optional(),
    permissions: fields.permissions.optional(),
  })
  .strict();
export type RoleUpdate = z.infer<typeof RoleUpdateSchema>;

export const RoleRowSchema = z.object({
  id: z.number().int(),
  scenicId: z.number().int().nullable().describe('null: a platform role'),
  platform: z.boolean(),
  code: z.string(),
  name: z.string(),
  remark: z.string(),
  status: z.number().int(),
  permissions: z.array(z.string()),
  accountCount: z.number().int().describe('accounts holding the role'),
  createTime: z.string(),
  updateTime: z.string(),
});
export type RoleRow = z.infer<typeof RoleRowSchema>;

/** An enabled role for the account form's select. */
export const RoleOptionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  platform: z.boolean(),
  assignable: z
    .boolean()
    .describe('whether the caller holds every permission of the role, so may assign it (docs/accounts.md)'),
});
export type RoleOption = z.infer<typeof RoleOptionSchema>;

const LabelSchema = z.object({ zh: z.string(), en: z.string() });

/** The permission catalogue grouped by module, for the role editor. */
export const PermissionTreeSchema = z.array(
  z.object({
    module: z.string(),
    label: LabelSchema,
    perms: z.array(
      z.object({
        code: z.string(),
        label: LabelSchema,
        grantable: z
          .boolean()
          .describe('whether the caller may grant it (docs/accounts.md "Who may grant what")'),
      }),
    ),
  }),
);
export type PermissionTree = z.infer<typeof PermissionTreeSchema>;
