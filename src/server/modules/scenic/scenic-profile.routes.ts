import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  positionIssue,
  ScenicCreatedSchema,
  ScenicCreateSchema,
  ScenicProfileSchema,
  ScenicProfileUpdateSchema,
  scenicProfileApi,
  type ScenicProfile,
} from '../../../shared/api/scenic.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import type { Db } from '../../db/client.ts';
import { perm, requireAuth, type AuthContext } from '../../http/access.ts';
import { updateRecord, type Resource } from '../../http/crud.ts';
import { mapDbError } from '../../http/db-errors.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { admins, createAreaAdmin, createAreaRoles, isPlatform } from '../accounts/index.ts';
import { writeAudit } from '../audit/index.ts';
import { cleanRichText } from '../notices/index.ts';
import { DEFAULT_SETTINGS, saveScenicSettings } from '../settings/index.ts';
import { scenicAreas } from './scenic.table.ts';

type Area = typeof scenicAreas.$inferSelect;

const areaResource: Resource<typeof scenicAreas> = {
  table: scenicAreas,
  id: scenicAreas.id,
  module: 'scenic',
  targetType: 'scenicArea',
  audit: writeAudit,
};

/** The areas a caller may see or edit: every area for a platform administrator, else its own. */
const reachable = (auth: AuthContext) =>
  isPlatform(auth) ? undefined : eq(scenicAreas.id, auth.homeScenicId ?? -1);

export const toProfile = (a: Area): ScenicProfile => ({
  id: a.id,
  code: a.code,
  name: a.name,
  level: a.level,
  contact: a.contact,
  phone: a.phone,
  address: a.address,
  latitude: a.latitude,
  longitude: a.longitude,
  openingSeasons: a.openingSeasons,
  cover: a.cover,
  gallery: a.gallery,
  intro: a.intro,
  traffic: a.traffic,
  status: a.status,
  updateTime: a.updatedAt.toISOString(),
});

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

/** /scenic/sceManageDetail: read and edit an area's profile; create an area (platform administrators). */
export async function scenicProfileRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.get(
    scenicProfileApi.query,
    {
      config: { access: perm('admin:scenic:page') },
      schema: {
        tags: ['scenic'],
        summary: 'The profile of an area: any area for a platform administrator, otherwise only its own',
        querystring: z.object({ id: z.coerce.number().int().positive() }).strict(),
        response: { 200: envelopeSchema(ScenicProfileSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const [area] = await db
        .select()
        .from(scenicAreas)
        .where(and(eq(scenicAreas.id, req.query.id), reachable(auth)));
      if (!area) throw new AppError(404, 'scenicNotFound');
      return ok(req, toProfile(area));
    },
  );

  app.post(
    scenicProfileApi.update,
    {
      config: { access: perm('admin:scenic:profile') },
      schema: {
        tags: ['scenic'],
        summary:
          "Edit an area's profile (only the fields sent change; the introduction is sanitised); its own area for staff, any for a platform administrator, who alone changes the status",
        body: ScenicProfileUpdateSchema,
        response: { 200: envelopeSchema(ScenicProfileSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { id, intro, status, ...fields } = req.body;
      if (status !== undefined && !isPlatform(auth)) throw new AppError(403, 'scenicStatusPlatformOnly');
      const values: Partial<typeof scenicAreas.$inferInsert> = { updatedAt: new Date() };
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) Object.assign(values, { [k]: v });
      if (intro !== undefined) values.intro = cleanRichText(intro, 'intro');
      if (status !== undefined) values.status = status;
      const row = await updateRecord(db, req, areaResource, id, null, values, {
        where: reachable(auth),
        guard: (before) => {
          const merged = {
            latitude: fields.latitude === undefined ? before.latitude : fields.latitude,
            longitude: fields.longitude === undefined ? before.longitude : fields.longitude,
          };
          if (positionIssue(merged)) throw new FieldError('longitude', ValidationMessage.latLngPair);
        },
      });
      return ok(req, toProfile(row));
    },
  );

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
