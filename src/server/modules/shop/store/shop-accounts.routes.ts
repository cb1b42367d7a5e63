import { and, asc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../../shared/api/common.ts';
import {
  shopAccountApi,
  ShopAccountCreateSchema,
  ShopAccountPageSchema,
  ShopAccountResetPasswordSchema,
  ShopAccountRowSchema,
  ShopAccountStatusSchema,
  ShopAccountUpdateSchema,
  ShopRoleOptionSchema,
  type ShopAccountPage,
  type ShopAccountRow,
} from '../../../../shared/api/shop-accounts.ts';
import { ADM_TYPE, EnableStatus } from '../../../../shared/dict/account.ts';
import { defineDict, dictLabel } from '../../../../shared/dict/dict.ts';
import { ShopAccountField, ShopAccountText } from '../../../../shared/dict/shop-store.ts';
import { AccountField } from '../../../../shared/dict/sys-fields.ts';
import type { Db } from '../../../db/client.ts';
import { scenicScope } from '../../../http/access.ts';
import { auditedInRun, registerAction } from '../../../http/action.ts';
import { ok } from '../../../http/envelope.ts';
import { FieldError } from '../../../http/errors.ts';
import { joinTexts, type ExportColumn } from '../../../http/export.ts';
import { registerListResource } from '../../../http/list-resource.ts';
import { likeContains } from '../../../http/paging.ts';
import {
  accountRows,
  admins,
  createAccount,
  permissionsOfRoles,
  resetPasswordMove,
  rolePermissions,
  roles,
  setAccountsStatus,
  updateAccount,
} from '../../accounts/index.ts';
import { writeAudit } from '../../audit/index.ts';
import { shopPerm } from '../shop-access.ts';
import { shopAccountProfiles } from '../shop-store.table.ts';

const okSchema = envelopeSchema(z.null());
/** A shop account's audit rows: the accounts' (account-ops writes them). */
const audit = { write: writeAudit, module: 'sys', targetType: 'admin' } as const;
const reasons = defineDict({
  shopRoleOnly: {
    zh: '只能选择本景区中权限全部为商城权限的角色',
    en: 'must be roles of this scenic area holding shop permissions only',
  },
});
/** The operations of this screen touch shop accounts only: any other account is a 404. */
const SHOP_ONLY = eq(admins.admType, ADM_TYPE.shop);

/** Roles of the area holding no permission outside the shop's (`shop:…`). */
function shopRolesWhere(scenicId: number): SQL {
  return and(
    eq(roles.scenicId, scenicId),
    notInArray(roles.id, sql`(select role_id from role_permissions where permission not like 'shop:%')`),
  )!;
}

/** 400 naming roleIds unless every role is a shop role of the area. */
async function checkShopRoles(db: Db, scenicId: number, roleIds: number[]): Promise<void> {
  const ids = [...new Set(roleIds)];
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, ids), shopRolesWhere(scenicId)));
  const perms = await permissionsOfRoles(db, ids);
  if (found.length !== ids.length || perms.some((p) => !p.startsWith('shop:')))
    throw new FieldError('roleIds', reasons.shopRoleOnly);
}

const phoneWrite = (phone: string | undefined) => async (tx: Db, row: { id: number }) => {
  if (phone === undefined) return;
  await tx
    .insert(shopAccountProfiles)
    .values({ adminId: row.id, phone })
    .onConflictDoUpdate({ target: shopAccountProfiles.adminId, set: { phone } });
};
const phoneSnapshot = async (tx: Db, row: { id: number }) => {
  const [p] = await tx.select().from(shopAccountProfiles).where(eq(shopAccountProfiles.adminId, row.id));
  return { phone: p?.phone ?? '' };
};

function accountWhere(scenicId: number, q: ShopAccountPage, req: FastifyRequest) {
  const { db } = req.server.ctx;
  return and(
    eq(admins.scenicId, scenicId),
    SHOP_ONLY,
    q.username ? ilike(admins.username, likeContains(q.username)) : undefined,
    q.nickname ? ilike(admins.nickname, likeContains(q.nickname)) : undefined,
    q.status ? eq(admins.status, q.status) : undefined,
    q.phone
      ? inArray(
          admins.id,
          db
            .select({ id: shopAccountProfiles.adminId })
            .from(shopAccountProfiles)
            .where(ilike(shopAccountProfiles.phone, likeContains(q.phone))),
        )
      : undefined,
  );
}

async function rowsWithPhone(db: Db, records: (typeof admins.$inferSelect)[]): Promise<ShopAccountRow[]> {
  const rows = await accountRows(db, records);
  const ids = records.map((r) => r.id);
  const phones = ids.length
    ? await db.select().from(shopAccountProfiles).where(inArray(shopAccountProfiles.adminId, ids))
    : [];
  const phoneOf = new Map(phones.map((p) => [p.adminId, p.phone]));
  return rows.map((r) => ({ ...r, phone: phoneOf.get(r.id) ?? '' }));
}

const SHOP_ACCOUNT_EXPORT: ExportColumn<ShopAccountRow>[] = [
  { header: AccountField.username, value: (r) => r.username },
  { header: AccountField.nickname, value: (r) => r.nickname },
  { header: ShopAccountField.phone, value: (r) => r.phone },
  {
    header: AccountField.roles,
    value: (r, lang) =>
      joinTexts(
        r.roles.map((held) => held.name),
        lang,
      ),
    width: 30,
  },
  { header: AccountField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: AccountField.lastLoginTime, value: (r) => r.lastLoginTime, kind: 'datetime', width: 20 },
  { header: AccountField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** docs/product.md §2 /shop/accountManage: the shop accounts (admType 4) of the acting area. */
export async function shopAccountRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerListResource(root, {
    tag: 'shop',
    api: shopAccountApi,
    shop: 'shop',
    perms: { page: 'shop:account:page' },
    table: admins,
    where: accountWhere,
    sort: { username: admins.username, createTime: admins.createdAt, lastLoginTime: admins.lastLoginAt },
    order: [asc(admins.id)],
    rowSchema: ShopAccountRowSchema,
    rows: (records) => rowsWithPhone(db, records),
    page: {
      summary: 'Shop accounts (admType 4) of the acting area with their roles and phone',
      body: ShopAccountPageSchema,
    },
    export: {
      summary: 'The shop accounts of the current filter (all pages) as .xlsx; no password hashes',
      fileName: ShopAccountText.accountsExport,
      columns: SHOP_ACCOUNT_EXPORT,
    },
  });

  // hand-registered: a read for a form's picker, not a list resource
  app.get(
    shopAccountApi.roles,
    {
      config: { access: shopPerm('shop:account:page') },
      schema: {
        tags: ['shop'],
        summary: "Roles a shop account may hold: the area's roles whose permissions are all the shop's",
        response: { 200: envelopeSchema(z.array(ShopRoleOptionSchema)) },
      },
    },
    async (req) => {
      const rows = await db
        .select({ id: roles.id, code: roles.code, name: roles.name })
        .from(roles)
        .where(
          and(
            shopRolesWhere(scenicScope(req)),
            // a role with no permission at all is no shop role
            inArray(roles.id, db.select({ id: rolePermissions.roleId }).from(rolePermissions)),
          ),
        )
        .orderBy(asc(roles.id));
      return ok(req, rows);
    },
  );

  // createAccount, updateAccount and resetAccountPassword (accounts' account-ops) write their audit
  // rows themselves, without the password, in the action's transaction
  registerAction(root, {
    url: shopAccountApi.create,
    access: shopPerm('shop:account:edit'),
    tag: 'shop',
    summary:
      'Create a shop account (admType 4) with shop roles and an initial password (encrypted), changed at first login',
    body: ShopAccountCreateSchema,
    response: z.object({ id: z.number().int() }),
    audit: { ...audit, action: 'create' },
    run: async (tx, { scenicId, adminId: _, phone, ...body }, req) => {
      await checkShopRoles(tx, scenicId, body.roleIds);
      const row = await createAccount(
        tx,
        req,
        { ...body, admType: ADM_TYPE.shop, payType: 0, avatar: '', introduction: '' },
        { write: phoneWrite(phone), snapshot: phoneSnapshot },
      );
      return auditedInRun({ id: row.id });
    },
  });

  registerAction(root, {
    url: shopAccountApi.update,
    access: shopPerm('shop:account:edit'),
    tag: 'shop',
    summary: 'Edit a shop account: user name, name, phone, shop roles (not its password)',
    body: ShopAccountUpdateSchema,
    response: z.null(),
    audit: { ...audit, action: 'update' },
    run: async (tx, { scenicId, adminId: _, phone, ...body }, req) => {
      if (body.roleIds) await checkShopRoles(tx, scenicId, body.roleIds);
      await updateAccount(tx, req, body, {
        where: SHOP_ONLY,
        write: phoneWrite(phone),
        snapshot: phoneSnapshot,
      });
      return auditedInRun(null);
    },
  });

  // hand-registered: several records in one move, an audit row for each
  app.post(
    shopAccountApi.status,
    {
      config: { access: shopPerm('shop:account:edit') },
      schema: {
        tags: ['shop'],
        summary: 'Enable or disable shop accounts; disabling signs them out',
        body: ShopAccountStatusSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await setAccountsStatus(db, req, req.body, { where: SHOP_ONLY });
      return ok(req, null);
    },
  );

  registerAction(root, {
    url: shopAccountApi.resetPassword,
    access: shopPerm('shop:account:edit'),
    tag: 'shop',
    summary:
      'Set a new initial password (encrypted) of a shop account: signs it out and forces a change at next login',
    body: ShopAccountResetPasswordSchema,
    ...resetPasswordMove({ where: SHOP_ONLY }),
  });
}
