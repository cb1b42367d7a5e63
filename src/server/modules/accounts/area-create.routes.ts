import { eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { ScenicCreatedSchema, ScenicCreateSchema, scenicProfileApi } from '../../../shared/api/scenic.ts';
import type { Db } from '../../db/client.ts';
import { isPlatform, perm, requireAuth } from '../../http/access.ts';
import { mapDbError } from '../../http/db-errors.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { DEFAULT_SETTINGS, saveScenicSettings } from '../settings/index.ts';
import { admins } from './accounts.table.ts';
import { createAreaAdmin, createAreaRoles } from './area-setup.ts';

const taken = (field: string) => new AppError(409, 'fieldTaken', { params: { field }, data: { field } });

/** 409 naming the field when the code or name of an area, or the user name, is in use. */
async function checkFree(tx: Db, code: string, name: string, username: string): Promise<void> {
  const [area] = await tx
    .select({ code: scenicAreas.code, name: scenicAreas.name })
    .from(scenicAreas)
    .where(or(eq(scenicAreas.code, code), eq(scenicAreas.name, name)))
    .limit(1);
  if (area) throw taken(area.code === code ? 'code' : 'name');
  const [user] = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(sql`lower(${admins.username}) = lower(${username})`)
    .limit(1);
  if (user) throw taken('adminUsername');
}

/**
 * /scenic/sceManageDetail's new area (platform administrators): the area, its administrator and
 * default roles, and its settings in one transaction. Here rather than in the scenic module, which
 * sits below accounts and settings.
 */
export async function areaCreateRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a unique violation at commit is mapped to adminUsername after the transaction, and
  // its two audit rows belong to two modules (the area's, the administrator's)
  app.post(
    scenicProfileApi.create,
    {
      config: { access: perm('admin:scenic:create') },
      schema: {
        tags: ['scenic'],
        summary:
          'Create an area with its administrator (initial password answered once), default roles and settings, in one transaction (platform administrators)',
        body: ScenicCreateSchema,
        response: { 200: envelopeSchema(ScenicCreatedSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      if (!isPlatform(auth)) throw new AppError(403, 'scenicCreatePlatformOnly');
      const { adminUsername, adminNickname, ...area } = req.body;
      try {
        const created = await db.transaction(async (tx) => {
          await checkFree(tx, area.code, area.name, adminUsername);
          const [last] = await tx
            .select({ sort: sql<number>`coalesce(max(${scenicAreas.sort}), 0)::int` })
            .from(scenicAreas);
          const [row] = await tx
            .insert(scenicAreas)
            .values({ ...area, sort: (last?.sort ?? 0) + 1 })
            .returning();
          if (!row) throw new Error('insert returned no row');
          const roles = await createAreaRoles(tx, auth, row.id, 'adminUsername');
          const { account, initialPassword } = await createAreaAdmin(tx, {
            scenicId: row.id,
            username: adminUsername,
            nickname: adminNickname,
            roleIds: roles.filter((r) => r.code === 'scenic_admin').map((r) => r.id),
          });
          await saveScenicSettings(
            tx,
            row.id,
            { contact: area.contact, phone: area.phone, notice: '', ...DEFAULT_SETTINGS },
            auth.adminId,
          );
          await writeAudit(tx, req, {
            module: 'scenic',
            action: 'create',
            targetType: 'scenicArea',
            targetId: row.id,
            after: { ...row, roles, adminId: account.id, adminUsername: account.username },
          });
          await writeAudit(tx, req, {
            module: 'sys',
            action: 'create',
            targetType: 'admin',
            targetId: account.id,
            after: { ...account, roleIds: roles.filter((r) => r.code === 'scenic_admin').map((r) => r.id) },
          });
          return { id: row.id, adminId: account.id, adminUsername: account.username, initialPassword };
        });
        return ok(req, created);
      } catch (error) {
        // a concurrent request took the user name between the check and the insert
        const mapped = mapDbError(error);
        if (mapped?.statusCode === 409 && (mapped.options.data as { field?: string })?.field === 'username')
          throw taken('adminUsername');
        throw error;
      }
    },
  );
}
