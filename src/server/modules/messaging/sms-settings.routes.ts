import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  smsApi,
  SmsPlatformSettingSchema,
  SmsPlatformUpdateSchema,
  SmsSettingsSchema,
  SmsTemplateSettingSchema,
  SmsTemplateUpdateSchema,
  SmsUsesUpdateSchema,
  SmsUseSettingSchema,
} from '../../../shared/api/messaging.ts';
import { z } from 'zod';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { writeAudit } from '../audit/index.ts';
import { saveSmsPlatform, saveSmsTemplate, saveSmsUses, smsSettingsOf } from './sms-settings.service.ts';

const UPDATE = perm('admin:sms:update');
const audit = (action: string, targetType: 'smsPlatform' | 'smsTemplate' | 'smsUses') =>
  ({ write: writeAudit, module: 'setting', action, targetType }) as const;

/** docs/product.md §2 /sys/smsconfig (issue 31): the area's SMS platforms, templates and uses. */
export async function smsSettingRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read that is not a list resource
  app.get(
    smsApi.settings,
    {
      config: { access: perm('admin:sms:query') },
      schema: {
        tags: ['sys'],
        summary:
          "The area's SMS platforms (secrets as set / not set), the ten templates with the variables their modules fill in, and the use table",
        response: { 200: envelopeSchema(SmsSettingsSchema) },
      },
    },
    async (req) => ok(req, await smsSettingsOf(db, scenicScope(req))),
  );

  registerAction(root, {
    url: smsApi.platform,
    access: UPDATE,
    tag: 'sys',
    summary:
      "Saves one platform: an empty secret keeps the stored one, `clearSecret` removes it; enabling needs the platform's credentials",
    body: SmsPlatformUpdateSchema,
    response: SmsPlatformSettingSchema,
    audit: audit('sms.platform', 'smsPlatform'),
    run: async (tx, { scenicId, adminId, ...input }) => {
      const { id, changed } = await saveSmsPlatform(tx, scenicId, adminId, input);
      const block = (await smsSettingsOf(tx, scenicId)).platforms.find((p) => p.platform === input.platform)!;
      // the names of the changed fields, never the secret
      return audited(
        block,
        changed.length ? { targetId: id, after: { platform: input.platform, changed } } : null,
      );
    },
  });

  registerAction(root, {
    url: smsApi.template,
    access: UPDATE,
    tag: 'sys',
    summary:
      "Saves one template (spec §9: 1-10): the platform's template id, the signature and the text, whose ${variables} must be ones its module fills in",
    body: SmsTemplateUpdateSchema,
    response: SmsTemplateSettingSchema,
    audit: audit('sms.template', 'smsTemplate'),
    run: async (tx, { scenicId, adminId, ...input }) => {
      const { id, before, after } = await saveSmsTemplate(tx, scenicId, adminId, input);
      const block = (await smsSettingsOf(tx, scenicId)).templates.find((t) => t.template === input.template)!;
      return audited(block, { targetId: id, before, after });
    },
  });

  registerAction(root, {
    url: smsApi.uses,
    access: UPDATE,
    tag: 'sys',
    summary:
      'Replaces the use table (spec §9 uses 2-16 → platform); a use left out sends through the first enabled platform',
    body: SmsUsesUpdateSchema,
    response: z.array(SmsUseSettingSchema),
    audit: audit('sms.uses', 'smsUses'),
    run: async (tx, { scenicId, uses }) => {
      const { before, after } = await saveSmsUses(tx, scenicId, uses);
      return audited((await smsSettingsOf(tx, scenicId)).uses, { targetId: scenicId, before, after });
    },
  });
}
