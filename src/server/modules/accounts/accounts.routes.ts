import { and, asc, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountApi,
  AccountCreateSchema,
  AccountPageSchema,
  AccountResetPasswordSchema,
  AccountRowSchema,
  AccountStatusSchema,
  AccountUpdateSchema,
  IdQuerySchema,
  type AccountRow,
} from '../../../shared/api/accounts.ts';
import { PasswordSchema } from '../../../shared/api/auth.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { ADM_TYPE, AdmType, DISABLED, EnableStatus, PayType } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { AccountField, SysExportText } from '../../../shared/dict/sys-fields.ts';
import type { Db } from '../../db/client.ts';
import { perm, requireAuth, scenicScope } from '../../http/access.ts';
import { createRecord, deleteRecord, updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { joinTexts, type ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { revokeAccountTokens, hashPassword, decryptField } from '../auth/index.ts';
import {
  checkAdmType,
  checkPayType,
  checkRoleIds,
  isPlatform,
  replaceAccountRoles,
  keepingWildcard,
  roleIdsOf,
} from './accounts.service.ts';
import { adminRoles, admins, roles } from './accounts.table.ts';
import { checkAccountWithinReach, checkGrantable, permissionsOfRoles } from './privilege.ts';

const accountResource: Resource<typeof admins> = {
  table: admins,
  id: admins.id,
  scenic: admins.scenicId,
  module: 'sys',
  targetType: 'admin',
  audit: writeAudit,
};

/** Platform accounts exist for platform callers only; to anyone else they are not there (404). */
function visibleTo(req: FastifyRequest) {
  return isPlatform(requireAuth(req)) ? undefined : ne(admins.admType, ADM_TYPE.platform);
}

/** Role ids for the audit snapshot of an account (the hash is dropped by writeAudit). */
const withRoleIds = async (tx: Parameters<typeof roleIdsOf>[0], row: typeof admins.$inferSelect) => ({
  roleIds: await roleIdsOf(tx, row.id),
});

const okSchema = envelopeSchema(z.null());

function decryptPassword(req: FastifyRequest, encrypted: string): string {
  const plain = decryptField(req.server.ctx.keys, 'password', encrypted);
  if (!PasswordSchema.safeParse(plain).success) {
    throw new FieldError('password', ValidationMessage.passwordPolicy);
  }
  return plain;
}

type AccountQuery = z.infer<typeof AccountPageSchema>;

/** The accounts of a list query: the acting area's, visible to the caller, under the filters. */
function accountWhere(scenicId: number, q: AccountQuery, req: FastifyRequest) {
  return and(
    eq(admins.scenicId, scenicId),
    visibleTo(req),
    q.username ? ilike(admins.username, likeContains(q.username)) : undefined,
    q.nickname ? ilike(admins.nickname, likeContains(q.nickname)) : undefined,
    q.admType ? eq(admins.admType, q.admType) : undefined,
    q.status ? eq(admins.status, q.status) : undefined,
    q.roleId
      ? inArray(
          admins.id,
          req.server.ctx.db
            .select({ id: adminRoles.adminId })
            .from(adminRoles)
            .where(eq(adminRoles.roleId, q.roleId)),
        )
      : undefined,
  );
}

/** List rows of accounts with the roles they hold; never the password hash. */
async function accountRows(db: Db, page: (typeof admins.$inferSelect)[]): Promise<AccountRow[]> {
  const ids = page.map((r) => r.id);
  const held = ids.length
    ? await db
        .select({ adminId: adminRoles.adminId, id: roles.id, code: roles.code, name: roles.name })
        .from(adminRoles)
        .innerJoin(roles, eq(roles.id, adminRoles.roleId))
        .where(inArray(adminRoles.adminId, ids))
        .orderBy(asc(roles.id))
    : [];
  return page.map((r) => ({
    id: r.id,
    username: r.username,
    nickname: r.nickname,
    avatar: r.avatar,
    introduction: r.introduction,
    admType: r.admType,
    payType: r.payType,
    status: r.status,
    scenicId: r.scenicId,
    mustChangePassword: r.mustChangePassword,
    lockedUntil: r.lockedUntil && r.lockedUntil > new Date() ? r.lockedUntil.toISOString() : null,
    lastLoginTime: r.lastLoginAt?.toISOString() ?? null,
    lastLoginIp: r.lastLoginIp,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
    roles: held.filter((h) => h.adminId === r.id).map(({ id, code, name }) => ({ id, code, name })),
  }));
}

const ACCOUNT_EXPORT: ExportColumn<AccountRow>[] = [
  { header: AccountField.username, value: (r) => r.username },
  { header: AccountField.nickname, value: (r) => r.nickname },
  { header: AccountField.admType, value: (r, lang) => dictLabel(AdmType, r.admType, lang) },
  { header: AccountField.payType, value: (r, lang) => dictLabel(PayType, r.payType, lang) },
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
  { header: AccountField.introduction, value: (r) => r.introduction, width: 40 },
];

export async function accountRoutes(root: FastifyInstance) {
  await accountRecordRoutes(root);
  await accountLifecycleRoutes(root);
}

/** The account list, its export, create and edit. */
async function accountRecordRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerListResource(root, {
    tag: 'sys',
    api: accountApi,
    perms: { page: 'admin:admin:page' },
    table: admins,
    where: accountWhere,
    sort: { username: admins.username, createTime: admins.createdAt, lastLoginTime: admins.lastLoginAt },
    order: [asc(admins.id)],
    rowSchema: AccountRowSchema,
    rows: (records) => accountRows(db, records),
    page: {
      summary:
        'Accounts of the acting scenic area with their roles; platform accounts to platform callers only',
      body: AccountPageSchema,
    },
    export: {
      summary: 'The accounts of the current filter (all pages) as an .xlsx download; no password hashes',
      fileName: SysExportText.accounts,
      columns: ACCOUNT_EXPORT,
    },
  });

  app.post(
    accountApi.create,
    {
      config: { access: perm('admin:admin:create') },
      schema: {
        tags: ['sys'],
        summary:
          'Create an account in the acting area with an initial password (encrypted), changed at first login',
        body: AccountCreateSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const scenicId = scenicScope(req);
      const { password, roleIds, ...body } = req.body;
      checkAdmType(auth, body.admType);
      checkPayType(body.admType, body.payType);
      const ids = await checkRoleIds(db, auth, scenicId, roleIds);
      checkGrantable(auth, await permissionsOfRoles(db, ids), 'roleIds');
      const passwordHash = await hashPassword(decryptPassword(req, password));
      const row = await createRecord(
        db,
        req,
        accountResource,
        { ...body, scenicId, passwordHash, mustChangePassword: true },
        {
          write: async (tx, created) => {
            if (ids.length)
              await tx.insert(adminRoles).values(ids.map((roleId) => ({ adminId: created.id, roleId })));
          },
          snapshot: withRoleIds,
        },
      );
      return ok(req, { id: row.id });
    },
  );

  app.post(
    accountApi.update,
    {
      config: { access: perm('admin:admin:update') },
      schema: {
        tags: ['sys'],
        summary: 'Edit an account (not its password); role and status changes apply at its next request',
        body: AccountUpdateSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const scenicId = scenicScope(req);
      const { id, roleIds, ...values } = req.body;
      checkAdmType(auth, values.admType);
      const ids = roleIds && (await checkRoleIds(db, auth, scenicId, roleIds));
      await keepingWildcard(db, (tx) =>
        updateRecord(
          tx,
          req,
          accountResource,
          id,
          scenicId,
          { ...values, updatedAt: new Date() },
          {
            where: visibleTo(req),
            guard: async (before, inner) => {
              if (values.status === DISABLED && before.id === auth.adminId) {
                throw new AppError(409, 'cannotDisableSelf');
              }
              checkPayType(values.admType ?? before.admType, values.payType ?? before.payType);
              await checkAccountWithinReach(inner, auth, before.id);
              // roles it already has stay; each new one must be within the caller's own permissions
              if (ids) {
                const had = new Set(await roleIdsOf(inner, before.id));
                const added = ids.filter((roleId) => !had.has(roleId));
                checkGrantable(auth, await permissionsOfRoles(inner, added), 'roleIds');
              }
            },
            write: async (inner, after) => {
              if (ids) await replaceAccountRoles(inner, auth, scenicId, after.id, ids);
              if (after.status === DISABLED) await revokeAccountTokens(inner, after.id, 'account_disabled');
            },
            snapshot: withRoleIds,
          },
        ),
      );
      return ok(req, null);
    },
  );
}

/** Enable or disable, reset a password, delete. */
async function accountLifecycleRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    accountApi.status,
    {
      config: { access: perm('admin:admin:update') },
      schema: {
        tags: ['sys'],
        summary: 'Enable or disable accounts; disabling signs their sessions out',
        body: AccountStatusSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const scenicId = scenicScope(req);
      const { status } = req.body;
      // Ascending ids: two batches over the same accounts lock them in the same order.
      const ids = [...new Set(req.body.ids)].sort((a, b) => a - b);
      await keepingWildcard(db, async (tx) => {
        for (const id of ids) {
          await updateRecord(
            tx,
            req,
            accountResource,
            id,
            scenicId,
            { status, updatedAt: new Date() },
            {
              action: 'status',
              where: visibleTo(req),
              guard: async (before, inner) => {
                if (status === DISABLED && before.id === auth.adminId)
                  throw new AppError(409, 'cannotDisableSelf');
                await checkAccountWithinReach(inner, auth, before.id);
              },
              write: async (inner, after) => {
                if (after.status === DISABLED) await revokeAccountTokens(inner, after.id, 'account_disabled');
              },
            },
          );
        }
      });
      return ok(req, null);
    },
  );

  app.post(
    accountApi.resetPassword,
    {
      config: { access: perm('admin:admin:resetPassword') },
      schema: {
        tags: ['sys'],
        summary:
          'Set a new initial password (encrypted): signs the account out and forces a change at next login',
        body: AccountResetPasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const scenicId = scenicScope(req);
      const passwordHash = await hashPassword(decryptPassword(req, req.body.password));
      const now = new Date();
      await updateRecord(
        db,
        req,
        accountResource,
        req.body.id,
        scenicId,
        {
          passwordHash,
          mustChangePassword: true,
          passwordChangedAt: now,
          failedLoginCount: 0,
          lockedUntil: null,
          updatedAt: now,
        },
        {
          action: 'resetPassword',
          where: visibleTo(req),
          // whoever resets a password can log in as the account: never one above the caller
          guard: (before, tx) => checkAccountWithinReach(tx, auth, before.id),
          write: async (tx, after) => {
            await revokeAccountTokens(tx, after.id, 'password_reset');
          },
        },
      );
      return ok(req, null, 'passwordReset');
    },
  );

  app.get(
    accountApi.delete,
    {
      config: { access: perm('admin:admin:delete') },
      schema: {
        tags: ['sys'],
        summary: 'Delete an account (not oneself, not the last enabled wildcard account)',
        querystring: IdQuerySchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const scenicId = scenicScope(req);
      await keepingWildcard(db, (tx) =>
        deleteRecord(tx, req, accountResource, req.query.id, scenicId, {
          where: visibleTo(req),
          guard: async (before, tx) => {
            if (before.id === auth.adminId) throw new AppError(409, 'cannotDeleteSelf');
            await checkAccountWithinReach(tx, auth, before.id);
          },
          snapshot: withRoleIds,
        }),
      );
      return ok(req, null);
    },
  );
}
