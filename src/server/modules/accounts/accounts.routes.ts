import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
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
  type AccountRow,
} from '../../../shared/api/accounts.ts';
import { IdQuerySchema } from '../../../shared/api/general.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { AdmType, EnableStatus, PayType } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { AccountField, SysExportText } from '../../../shared/dict/sys-fields.ts';
import { perm, requireAuth } from '../../http/access.ts';
import { audited, auditedInRun, auditThrough, registerAction } from '../../http/action.ts';
import { deleteRecord } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { joinTexts, type ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import {
  accountResource,
  accountRows,
  createAccount,
  resetPasswordMove,
  setAccountsStatus,
  updateAccount,
  visibleTo,
  withRoleIds,
} from './account-ops.ts';
import { keepingWildcard } from './accounts.service.ts';
import { adminRoles, admins } from './accounts.table.ts';
import { checkAccountWithinReach } from './privilege.ts';

const okSchema = envelopeSchema(z.null());
/** The account actions' audit rows: the resource's (its helpers write them through auditThrough). */
const audit = { write: accountResource.audit, module: 'sys', targetType: 'admin' } as const;

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

  // createAccount, updateAccount and resetAccountPassword (account-ops.ts, shared with the shop's
  // accounts) write their audit rows themselves, without the password, in the action's transaction
  registerAction(root, {
    url: accountApi.create,
    access: perm('admin:admin:create'),
    tag: 'sys',
    summary:
      'Create an account in the acting area with an initial password (encrypted), changed at first login',
    body: AccountCreateSchema,
    response: z.object({ id: z.number().int() }),
    audit: { ...audit, action: 'create' },
    run: async (tx, { scenicId: _s, adminId: _a, ...body }, req) =>
      auditedInRun({ id: (await createAccount(tx, req, body)).id }),
  });

  registerAction(root, {
    url: accountApi.update,
    access: perm('admin:admin:update'),
    tag: 'sys',
    summary: 'Edit an account (not its password); role and status changes apply at its next request',
    body: AccountUpdateSchema,
    response: z.null(),
    audit: { ...audit, action: 'update' },
    run: async (tx, { scenicId: _s, adminId: _a, ...body }, req) => {
      await updateAccount(tx, req, body);
      return auditedInRun(null);
    },
  });
}

/** Enable or disable, reset a password, delete. */
async function accountLifecycleRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: several records in one move, an audit row for each
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
      await setAccountsStatus(db, req, req.body);
      return ok(req, null);
    },
  );

  registerAction(root, {
    url: accountApi.resetPassword,
    access: perm('admin:admin:resetPassword'),
    tag: 'sys',
    summary:
      'Set a new initial password (encrypted): signs the account out and forces a change at next login',
    body: AccountResetPasswordSchema,
    ...resetPasswordMove(),
  });

  registerAction(root, {
    method: 'GET',
    url: accountApi.delete,
    access: perm('admin:admin:delete'),
    tag: 'sys',
    summary: 'Delete an account (not oneself, not the last enabled wildcard account)',
    querystring: IdQuerySchema,
    response: z.null(),
    audit: { ...audit, action: 'delete' },
    run: async (tx, { scenicId, adminId, id }, req) => {
      const kept = auditThrough(accountResource);
      await keepingWildcard(tx, (outer) =>
        deleteRecord(outer, req, kept.resource, id, scenicId, {
          where: visibleTo(req),
          guard: async (before, inner) => {
            if (before.id === adminId) throw new AppError(409, 'cannotDeleteSelf');
            await checkAccountWithinReach(inner, requireAuth(req), before.id);
          },
          snapshot: withRoleIds,
        }),
      );
      return audited(null, kept.row());
    },
  });
}
