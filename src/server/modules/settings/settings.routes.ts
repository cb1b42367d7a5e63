import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  ScenicSettingsSchema,
  ScenicSettingsUpdateSchema,
  settingApi,
} from '../../../shared/api/settings.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { writeAudit } from '../audit/index.ts';
import { getScenicSettings, saveScenicSettings, toSettings } from './settings.service.ts';
import { scenicSettings } from './settings.table.ts';

export async function settingsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read that is not a list resource
  app.get(
    settingApi.query,
    {
      config: { access: perm('admin:setting:query') },
      schema: {
        tags: ['setting'],
        summary: "The acting scenic area's settings (defaults while none are saved: saved=false)",
        querystring: z.object({}).strict(),
        response: { 200: envelopeSchema(ScenicSettingsSchema) },
      },
    },
    async (req) => ok(req, await getScenicSettings(db, scenicScope(req))),
  );

  registerAction(root, {
    url: settingApi.update,
    access: perm('admin:setting:update'),
    tag: 'setting',
    summary: "Save the acting scenic area's settings (the whole form); audited with before/after",
    body: ScenicSettingsUpdateSchema,
    response: ScenicSettingsSchema,
    audit: { write: writeAudit, module: 'setting', action: 'update', targetType: 'scenicSetting' },
    run: async (tx, { scenicId, adminId, ...values }) => {
      // row lock, so concurrent saves each audit the state they replaced
      await tx
        .select({ id: scenicSettings.scenicId })
        .from(scenicSettings)
        .where(eq(scenicSettings.scenicId, scenicId))
        .for('update');
      const before = await getScenicSettings(tx, scenicId);
      const row = await saveScenicSettings(tx, scenicId, values, adminId);
      const after = toSettings(row, {
        name: before.scenicName,
        timeZone: values.timeZone ?? before.timeZone,
      });
      return audited(after, { targetId: scenicId, before: before.saved ? before : null, after });
    },
  });
}
