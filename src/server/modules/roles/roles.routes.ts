import { and, asc, count, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdQuerySchema } from '../../../shared/api/general.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  PermissionTreeSchema,
  RoleCreateSchema,
  roleApi,
  RoleOptionSchema,
  RolePageSchema,
  RoleRowSchema,
  RoleUpdateSchema,
  type PermissionTree,
  type RoleRow,
} from '../../../shared/api/roles.ts';
import { ENABLED, EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { RoleField, RoleScope, SysCellText, SysExportText } from '../../../shared/dict/sys-fields.ts';
import { PERMISSION_GROUPS, WILDCARD } from '../../../shared/perms.ts';
import type { Db } from '../../db/client.ts';
import { perm, requireAuth, scenicScope } from '../../http/access.ts';
import { audited, auditThrough, registerAction } from '../../http/action.ts';
import { createRecord, deleteRecord, updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { type ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { rolesMessages } from './roles.messages.ts';
import { likeContains } from '../../http/paging.ts';
import {
  isPlatform,
  keepingWildcard,
  adminRoles,
  rolePermissions,
  roles,
  checkGrantable,
  checkWithinReach,
  ungrantable,
} from '../accounts/index.ts';
import { writeAudit } from '../audit/index.ts';

/** Roles have no single scenic column to scope by: platform roles (null) are visible to platform callers. */
const roleResource: Resource<typeof roles> = {
  table: roles,
  id: roles.id,
  module: 'sys',
  targetType: 'role',
  audit: writeAudit,
};
/** The role actions' audit rows: the resource's (its helpers write them through auditThrough). */
const audit = { write: writeAudit, module: 'sys', targetType: 'role' } as const;

/** The roles a caller sees and manages: its acting area's, plus platform roles for a platform caller. */
function visibleRoles(req: FastifyRequest) {
  const scenicId = scenicScope(req);
  return or(eq(roles.scenicId, scenicId), isPlatform(requireAuth(req)) ? isNull(roles.scenicId) : undefined);
}

async function permissionsOf(db: Db, roleIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (!roleIds.length) return map;
  const rows = await db
    .select()
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, roleIds))
    .orderBy(asc(rolePermissions.permission));
  for (const row of rows) map.set(row.roleId, [...(map.get(row.roleId) ?? []), row.permission]);
  return map;
}

const withPermissions = async (tx: Db, row: typeof roles.$inferSelect) => ({
  permissions: (await permissionsOf(tx, [row.id])).get(row.id) ?? [],
});

async function replacePermissions(tx: Db, roleId: number, permissions: string[]) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (permissions.length) {
    await tx.insert(rolePermissions).values(permissions.map((permission) => ({ roleId, permission })));
  }
}

/** Routes without parameters still refuse unknown ones, like every other route. */
const NoQuerySchema = z.object({}).strict();

type RoleQuery = z.infer<typeof RolePageSchema>;

function roleWhere(_scenicId: number, q: RoleQuery, req: FastifyRequest) {
  return and(
    visibleRoles(req),
    q.name ? ilike(roles.name, likeContains(q.name)) : undefined,
    q.code ? ilike(roles.code, likeContains(q.code)) : undefined,
    q.status ? eq(roles.status, q.status) : undefined,
  );
}

/** List rows of roles with their permissions and the number of accounts holding them. */
async function roleRows(db: Db, page: (typeof roles.$inferSelect)[]): Promise<RoleRow[]> {
  const ids = page.map((r) => r.id);
  const [perms, counts] = await Promise.all([
    permissionsOf(db, ids),
    ids.length
      ? db
          .select({ roleId: adminRoles.roleId, n: count() })
          .from(adminRoles)
          .where(inArray(adminRoles.roleId, ids))
          .groupBy(adminRoles.roleId)
      : Promise.resolve([]),
  ]);
  return page.map((r) => ({
    id: r.id,
    scenicId: r.scenicId,
    platform: r.scenicId == null,
    code: r.code,
    name: r.name,
    remark: r.remark,
    status: r.status,
    permissions: perms.get(r.id) ?? [],
    accountCount: counts.find((c) => c.roleId === r.id)?.n ?? 0,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  }));
}

const ROLE_EXPORT: ExportColumn<RoleRow>[] = [
  { header: RoleField.code, value: (r) => r.code },
  { header: RoleField.name, value: (r) => r.name },
  { header: RoleField.scope, value: (r, lang) => RoleScope[r.platform ? 'platform' : 'area'][lang] },
  { header: RoleField.remark, value: (r) => r.remark, width: 40 },
  {
    header: RoleField.permissionCount,
    value: (r, lang) =>
      r.permissions.includes(WILDCARD) ? SysCellText.allPermissions[lang] : r.permissions.length,
  },
  { header: RoleField.accountCount, value: (r) => r.accountCount, kind: 'number' },
  { header: RoleField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: RoleField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: RoleField.updateTime, value: (r) => r.updateTime, kind: 'datetime', width: 20 },
];

export async function roleRoutes(root: FastifyInstance) {
  await roleReadRoutes(root);
  await roleWriteRoutes(root);
}

/** The role list, its export, the role options and the permission tree. */
async function roleReadRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerListResource(root, {
    tag: 'sys',
    api: roleApi,
    perms: { page: 'admin:role:page' },
    table: roles,
    where: roleWhere,
    sort: { code: roles.code, name: roles.name, createTime: roles.createdAt },
    order: [asc(roles.id)],
    rowSchema: RoleRowSchema,
    rows: (records) => roleRows(db, records),
    page: {
      summary:
        'Roles of the acting area (and platform roles for platform callers) with permissions and account counts',
      body: RolePageSchema,
    },
    export: {
      summary: 'The roles of the current filter (all pages) as an .xlsx download',
      fileName: SysExportText.roles,
      columns: ROLE_EXPORT,
    },
  });

  // The account form's role select: it is part of the account screen, so it needs admin:admin:page.
  // hand-registered: a read for a form's picker, not a list resource
  app.get(
    roleApi.list,
    {
      config: { access: perm('admin:admin:page') },
      schema: {
        tags: ['sys'],
        summary:
          'Enabled roles of the acting area (and platform roles for platform callers) for the account form; assignable: the caller holds all their permissions',
        querystring: NoQuerySchema,
        response: { 200: envelopeSchema(z.array(RoleOptionSchema)) },
      },
    },
    async (req) => {
      const rows = await db
        .select({ id: roles.id, code: roles.code, name: roles.name, scenicId: roles.scenicId })
        .from(roles)
        .where(and(visibleRoles(req), eq(roles.status, ENABLED)))
        .orderBy(asc(roles.code), asc(roles.id));
      const auth = requireAuth(req);
      const perms = await permissionsOf(
        db,
        rows.map((r) => r.id),
      );
      return ok(
        req,
        rows.map((r) => ({
          id: r.id,
          code: r.code,
          name: r.name,
          platform: r.scenicId == null,
          assignable: ungrantable(auth, perms.get(r.id) ?? []).length === 0,
        })),
      );
    },
  );

  // hand-registered: a read that is not a list resource
  app.get(
    roleApi.permissionTree,
    {
      config: { access: perm('admin:role:page') },
      schema: {
        tags: ['sys'],
        summary:
          'The permission catalogue grouped by module, labels in zh and en, and whether the caller may grant each (role editor)',
        querystring: NoQuerySchema,
        response: { 200: envelopeSchema(PermissionTreeSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const tree: PermissionTree = PERMISSION_GROUPS.map((group) => ({
        module: group.module,
        label: { zh: group.label.zh, en: group.label.en },
        perms: Object.entries(group.perms).map(([code, label]) => ({
          code,
          label: { zh: label.zh, en: label.en },
          grantable: ungrantable(auth, [code]).length === 0,
        })),
      }));
      return ok(req, tree);
    },
  );
}

/** Create, edit and delete roles. */
async function roleWriteRoutes(root: FastifyInstance) {
  registerAction(root, {
    url: roleApi.create,
    access: perm('admin:role:create'),
    tag: 'sys',
    summary: 'Create a role of the acting area (or a platform role, platform callers only)',
    body: RoleCreateSchema,
    response: z.object({ id: z.number().int() }),
    audit: { ...audit, action: 'create' },
    run: async (tx, { scenicId, adminId: _, permissions, platform, ...values }, req) => {
      const auth = requireAuth(req);
      if (platform && !isPlatform(auth)) throw new FieldError('platform', rolesMessages.platformRoleOnly);
      const unique = [...new Set(permissions)].sort();
      checkGrantable(auth, unique, 'permissions');
      const kept = auditThrough(roleResource);
      const row = await createRecord(
        tx,
        req,
        kept.resource,
        { ...values, scenicId: platform ? null : scenicId },
        {
          write: (inner, created) => replacePermissions(inner, created.id, unique),
          snapshot: withPermissions,
        },
      );
      return audited({ id: row.id }, kept.row());
    },
  });

  registerAction(root, {
    url: roleApi.update,
    access: perm('admin:role:update'),
    tag: 'sys',
    summary: "Edit a role and its permissions; applies at every holder's next request",
    body: RoleUpdateSchema,
    response: z.null(),
    audit: { ...audit, action: 'update' },
    run: async (tx, { scenicId: _s, adminId: _a, id, permissions, ...values }, req) => {
      const auth = requireAuth(req);
      const unique = permissions && [...new Set(permissions)].sort();
      const kept = auditThrough(roleResource);
      await keepingWildcard(tx, (outer) =>
        updateRecord(
          outer,
          req,
          kept.resource,
          id,
          null,
          { ...values, updatedAt: new Date() },
          {
            where: visibleRoles(req),
            // a role above the caller stays as it is; enabling or editing one within reach raises nobody
            guard: async (before, inner) => {
              checkWithinReach(auth, (await withPermissions(inner, before)).permissions, 'role');
              if (unique) checkGrantable(auth, unique, 'permissions');
            },
            write: async (inner, after) => {
              if (unique) await replacePermissions(inner, after.id, unique);
            },
            snapshot: withPermissions,
          },
        ),
      );
      return audited(null, kept.row());
    },
  });

  registerAction(root, {
    method: 'GET',
    url: roleApi.delete,
    access: perm('admin:role:delete'),
    tag: 'sys',
    summary: 'Delete a role that no account holds (409 with the count otherwise)',
    querystring: IdQuerySchema,
    response: z.null(),
    audit: { ...audit, action: 'delete' },
    run: async (tx, { id }, req) => {
      const kept = auditThrough(roleResource);
      await deleteRecord(tx, req, kept.resource, id, null, {
        where: visibleRoles(req),
        // The link rows cascade, so an assigned role would silently vanish from its accounts.
        guard: async (before, inner) => {
          checkWithinReach(requireAuth(req), (await withPermissions(inner, before)).permissions, 'role');
          const [used] = await inner
            .select({ n: count() })
            .from(adminRoles)
            .where(eq(adminRoles.roleId, before.id));
          const n = used?.n ?? 0;
          if (n > 0) throw new AppError(409, 'roleInUse', { params: { count: n }, data: { count: n } });
        },
        snapshot: withPermissions,
      });
      return audited(null, kept.row());
    },
  });
}
