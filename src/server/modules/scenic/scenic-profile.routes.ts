import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  positionIssue,
  ScenicProfileSchema,
  ScenicProfileUpdateSchema,
  scenicProfileApi,
  type ScenicProfile,
} from '../../../shared/api/scenic.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { isPlatform, perm, requireAuth, type AuthContext } from '../../http/access.ts';
import { audited, auditThrough, registerAction } from '../../http/action.ts';
import { updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { cleanRichText } from '../../http/rich-text.ts';
import { writeAudit } from '../audit/index.ts';
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

/**
 * /scenic/sceManageDetail: read and edit an area's profile. Creating an area, with its administrator
 * and roles, is the accounts module's (area-create.routes.ts).
 */
export async function scenicProfileRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read that is not a list resource
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

  registerAction(root, {
    url: scenicProfileApi.update,
    access: perm('admin:scenic:profile'),
    tag: 'scenic',
    summary:
      "Edit an area's profile (only the fields sent change; the introduction is sanitised); its own area for staff, any for a platform administrator, who alone changes the status",
    body: ScenicProfileUpdateSchema,
    response: ScenicProfileSchema,
    audit: { write: areaResource.audit, module: 'scenic', action: 'update', targetType: 'scenicArea' },
    // the area edited is the one named (by reach), not the acting one
    run: async (tx, { scenicId: _s, adminId: _a, id, intro, status, ...fields }, req) => {
      const auth = requireAuth(req);
      if (status !== undefined && !isPlatform(auth)) throw new AppError(403, 'scenicStatusPlatformOnly');
      const values: Partial<typeof scenicAreas.$inferInsert> = { updatedAt: new Date() };
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) Object.assign(values, { [k]: v });
      if (intro !== undefined) values.intro = cleanRichText(intro, 'intro');
      if (status !== undefined) values.status = status;
      const kept = auditThrough(areaResource);
      const row = await updateRecord(tx, req, kept.resource, id, null, values, {
        where: reachable(auth),
        guard: (before) => {
          const merged = {
            latitude: fields.latitude === undefined ? before.latitude : fields.latitude,
            longitude: fields.longitude === undefined ? before.longitude : fields.longitude,
          };
          if (positionIssue(merged)) throw new FieldError('longitude', ValidationMessage.latLngPair);
        },
      });
      return audited(toProfile(row), kept.row());
    },
  });
}
