import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  MpAppSettingSchema,
  MpAppTestResultSchema,
  MpAppUpdateSchema,
  subscribeApi,
  SubscribeSettingsSchema,
  SubscribeTemplateCreateSchema,
  SubscribeTemplateDeleteSchema,
  SubscribeTemplateSchema,
  SubscribeTemplateUpdateSchema,
} from '../../../shared/api/subscriptions.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { writeAudit } from '../audit/index.ts';
import {
  deleteTemplate,
  saveMpApp,
  saveTemplate,
  subscribeSettingsOf,
  templatesOf,
  testMpApp,
} from './subscribe-settings.service.ts';

const QUERY = perm('admin:subscribe:query');
const UPDATE = perm('admin:subscribe:update');
const audit = (action: string, targetType: 'mpApp' | 'subscribeTemplate') =>
  ({ write: writeAudit, module: 'setting', action, targetType }) as const;

/** docs/product.md §2 /sys/subscribe (issue 31): the mini-program and its subscription message templates. */
export async function subscribeSettingRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read that is not a list resource
  app.get(
    subscribeApi.settings,
    {
      config: { access: QUERY },
      schema: {
        tags: ['sys'],
        summary:
          "The area's mini-program (the secret as set / not set), its subscription templates with the members subscribed, and each use's variables with samples",
        response: { 200: envelopeSchema(SubscribeSettingsSchema) },
      },
    },
    async (req) => ok(req, await subscribeSettingsOf(db, scenicScope(req))),
  );

  // hand-registered: a call to WeChat, outside a transaction, that changes no setting
  app.post(
    subscribeApi.testApp,
    {
      config: { access: UPDATE },
      schema: {
        tags: ['sys'],
        summary:
          "Asks WeChat for an access token with the saved app id and secret (`cgi-bin/token`); answers WeChat's errcode and errmsg",
        body: z.object({}).strict(),
        response: { 200: envelopeSchema(MpAppTestResultSchema) },
      },
    },
    async (req) => ok(req, await testMpApp(db, scenicScope(req))),
  );

  registerAction(root, {
    url: subscribeApi.app,
    access: UPDATE,
    tag: 'sys',
    summary:
      'Saves the mini-program: app id, secret (empty keeps the stored one, `clearSecret` removes it), API address, version opened',
    body: MpAppUpdateSchema,
    response: MpAppSettingSchema,
    audit: audit('subscribe.app', 'mpApp'),
    run: async (tx, { scenicId, adminId, ...input }) => {
      const { setting, changed } = await saveMpApp(tx, scenicId, adminId, input);
      // the names of the changed fields, never the secret
      return audited(setting, changed.length ? { targetId: scenicId, after: { changed } } : null);
    },
  });

  registerAction(root, {
    url: subscribeApi.create,
    access: UPDATE,
    tag: 'sys',
    summary:
      "Adds a subscription template: WeChat's template id (once per area), type (2 one-time, 3 long-term), use and the field mapping",
    body: SubscribeTemplateCreateSchema,
    response: SubscribeTemplateSchema,
    audit: audit('subscribe.create', 'subscribeTemplate'),
    run: async (tx, { scenicId, adminId, ...input }) => {
      const { id, after } = await saveTemplate(tx, scenicId, adminId, input);
      const [row] = await templatesOf(tx, scenicId, id);
      return audited(row!, { targetId: id, after });
    },
  });

  registerAction(root, {
    url: subscribeApi.update,
    access: UPDATE,
    tag: 'sys',
    summary: 'Changes a subscription template (404 for another area’s)',
    body: SubscribeTemplateUpdateSchema,
    response: SubscribeTemplateSchema,
    audit: audit('subscribe.update', 'subscribeTemplate'),
    run: async (tx, { scenicId, adminId, ...input }) => {
      const { id, before, after } = await saveTemplate(tx, scenicId, adminId, input);
      const [row] = await templatesOf(tx, scenicId, id);
      return audited(row!, { targetId: id, before, after });
    },
  });

  registerAction(root, {
    url: subscribeApi.delete,
    access: UPDATE,
    tag: 'sys',
    summary: 'Deletes a subscription template and its members’ consents; its messages stay in the log',
    body: SubscribeTemplateDeleteSchema,
    response: z.object({ id: z.number().int() }),
    audit: audit('subscribe.delete', 'subscribeTemplate'),
    run: async (tx, { scenicId, id }) => {
      const before = await deleteTemplate(tx, scenicId, id);
      return audited({ id }, { targetId: id, before });
    },
  });
}
