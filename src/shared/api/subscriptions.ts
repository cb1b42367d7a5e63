import { z } from 'zod';
import { MessageStatus } from '../dict/messaging.ts';
import {
  CONSENT_ANSWERS,
  SUBSCRIBE_TYPES,
  SUBSCRIBE_USE_VARIABLES,
  SUBSCRIBE_USES,
  WECHAT_FIELD_KEY,
} from '../dict/subscriptions.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema, literalOf } from './common.ts';
import { key, text } from './fields.ts';
import { outboxOutcomeFields } from './messaging.ts';
import { orderedRange, timeRange } from './logs.ts';

/**
 * /sys/subscribe (issue 31): the area's mini-program (app id, sealed secret), its subscription message
 * templates with their field mapping, and the log of subscription messages sent. docs/messaging.md
 * "Subscription messages".
 */
export const subscribeApi = endpoints('/web/api/admin/subscribe', [
  'settings',
  'app',
  'testApp',
  'create',
  'update',
  'delete',
  'page',
  'export',
]);

/** The member API's calls for subscriptions (the mini-program's, with the member's token). */
export const memberSubscribeApi = endpoints('/api/member', [
  'wechatBind',
  'subscribeTemplates',
  'subscribeConsent',
]);

export const SubscribeTypeSchema = literalOf(SUBSCRIBE_TYPES);
export const SubscribeUseSchema = literalOf(SUBSCRIBE_USES);
export const MpStateSchema = literalOf([1, 2, 3] as const);

/** The area's mini-program as answered: the secret only as set / not set. */
export const MpAppSettingSchema = z.object({
  appId: z.string(),
  secretSet: z.boolean(),
  /** '' = WeChat's own (https://api.weixin.qq.com); a local server in tests and demos */
  apiBase: z.string(),
  /** The version a message opens: 1 release, 2 trial, 3 developer */
  state: MpStateSchema,
  updateTime: z.string().nullable(),
});
export type MpAppSetting = z.infer<typeof MpAppSettingSchema>;

/** A template field and the variable of the use it shows (thing1 ← product). */
export const SubscribeFieldMapSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(WECHAT_FIELD_KEY, { error: key('subscribeFieldKey') }),
  variable: z
    .string()
    .trim()
    .min(1, { error: key('required') }),
});
export type SubscribeFieldMap = z.infer<typeof SubscribeFieldMapSchema>;

export const SubscribeTemplateSchema = z.object({
  id: z.number().int(),
  type: SubscribeTypeSchema,
  use: SubscribeUseSchema,
  title: z.string(),
  wxTemplateId: z.string(),
  fields: z.array(SubscribeFieldMapSchema),
  /** The mini-program page a message opens ('' = the home page) */
  page: z.string(),
  enabled: z.boolean(),
  /** Members whose consent lets a message go now (one-time: with an unused acceptance) */
  consents: z.number().int(),
  updateTime: z.string().nullable(),
});
export type SubscribeTemplate = z.infer<typeof SubscribeTemplateSchema>;

/** A use's variables with the samples the preview fills in. */
export const SubscribeUseVariablesSchema = z.object({
  use: SubscribeUseSchema,
  variables: z.array(z.object({ name: z.string(), sample: z.string() })),
});

export const SubscribeSettingsSchema = z.object({
  app: MpAppSettingSchema,
  templates: z.array(SubscribeTemplateSchema),
  uses: z.array(SubscribeUseVariablesSchema),
});
export type SubscribeSettings = z.infer<typeof SubscribeSettingsSchema>;

const apiBaseUrl = text(255).refine((v) => v === '' || /^https?:\/\/[^\s/]+/.test(v), {
  error: key('httpUrl'),
});

/** Saving the mini-program: an empty or left-out secret keeps the stored one; `clearSecret` removes it. */
export const MpAppUpdateSchema = z
  .object({
    appId: z
      .string()
      .trim()
      .regex(/^(wx[0-9a-f]{16})?$/, { error: key('wechatAppId') }),
    secret: z
      .string()
      .trim()
      .regex(/^([0-9a-f]{32})?$/, { error: key('wechatAppSecret') })
      .optional(),
    clearSecret: z.boolean().default(false),
    apiBase: apiBaseUrl.default(''),
    state: MpStateSchema.default(1),
  })
  .strict();
export type MpAppUpdate = z.infer<typeof MpAppUpdateSchema>;

/** "Test": asks WeChat for an access token with the saved app id and secret. */
export const MpAppTestResultSchema = z.object({
  ok: z.boolean(),
  /** WeChat's errcode (0 on success) or ours (CONFIG, EGRESS) */
  code: z.string(),
  message: z.string(),
});
export type MpAppTestResult = z.infer<typeof MpAppTestResultSchema>;

const templateFields = {
  type: SubscribeTypeSchema,
  use: SubscribeUseSchema,
  title: z
    .string()
    .trim()
    .min(1, { error: key('required') })
    .max(30),
  wxTemplateId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,64}$/, { error: key('wxTemplateId') }),
  fields: z
    .array(SubscribeFieldMapSchema)
    .min(1, { error: key('required') })
    .max(10),
  page: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9_\-/]+(\?[\w=&%.-]*)?)?$/, { error: key('miniProgramPage') })
    .max(255)
    .default(''),
  enabled: z.boolean().default(true),
};

type TemplateBody = { use: 1; fields: SubscribeFieldMap[] };

/** The fields' keys do not repeat, and each shows a variable its use fills in. */
function checkFields(body: TemplateBody, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  const variables: readonly string[] = SUBSCRIBE_USE_VARIABLES[body.use];
  body.fields.forEach((f, i) => {
    if (seen.has(f.key))
      ctx.addIssue({ code: 'custom', message: key('noRepeat'), path: ['fields', i, 'key'] });
    seen.add(f.key);
    if (!variables.includes(f.variable))
      ctx.addIssue({ code: 'custom', message: key('subscribeVariable'), path: ['fields', i, 'variable'] });
  });
}

export const SubscribeTemplateCreateSchema = z.object(templateFields).strict().superRefine(checkFields);
export type SubscribeTemplateCreate = z.infer<typeof SubscribeTemplateCreateSchema>;
export const SubscribeTemplateUpdateSchema = z
  .object({ id: IdSchema, ...templateFields })
  .strict()
  .superRefine(checkFields);
export type SubscribeTemplateUpdate = z.infer<typeof SubscribeTemplateUpdateSchema>;
export const SubscribeTemplateDeleteSchema = z.object({ id: IdSchema }).strict();

export const SUBSCRIBE_LOG_SORT_FIELDS = ['createTime', 'sentAt', 'attempts'] as const;

export const SubscribeLogPageSchema = listQuerySchema(SUBSCRIBE_LOG_SORT_FIELDS, {
  templateId: IdSchema.optional(),
  status: dictCodeSchema(MessageStatus).optional(),
  /** The order number it is about */
  ref: text(64).optional(),
  /** The member's phone, exactly */
  phone: text(20).optional(),
  ...timeRange,
}).refine(orderedRange, { error: key('timeRange'), path: ['createTimeTo'] });
export type SubscribeLogPage = z.infer<typeof SubscribeLogPageSchema>;

export const SubscribeLogRowSchema = z.object({
  id: z.number().int(),
  templateId: z.number().int().nullable(),
  /** The template's title ('' once the template was deleted) */
  title: z.string(),
  /** Masked: oAbC12****xyZ9 */
  openid: z.string(),
  /** The member's phone, masked ('' when unknown) */
  phone: z.string(),
  /** The data as sent: field key → value */
  data: z.record(z.string(), z.string()),
  ...outboxOutcomeFields,
  createTime: z.string(),
  sentAt: z.string().nullable(),
});
export type SubscribeLogRow = z.infer<typeof SubscribeLogRowSchema>;

/** Member API: binds the member to their WeChat openid with the code of wx.login (jscode2session). */
export const MemberWechatBindSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, { error: key('required') })
      .max(128),
  })
  .strict();
export const MemberWechatBindResultSchema = z.object({ bound: z.boolean() });

/** Member API: the area's enabled templates, for wx.requestSubscribeMessage, with the member's consent. */
export const MemberSubscribeTemplateSchema = z.object({
  wxTemplateId: z.string(),
  type: SubscribeTypeSchema,
  use: SubscribeUseSchema,
  title: z.string(),
  /** Long-term: subscribed; one-time: messages the member has accepted and not yet received */
  accepted: z.boolean(),
  remaining: z.number().int(),
});

/** Member API: what wx.requestSubscribeMessage answered, template id → accept / reject / ban / filter. */
export const MemberSubscribeConsentSchema = z
  .object({
    results: z
      .record(z.string().trim().max(64), z.enum(CONSENT_ANSWERS))
      .refine((r) => Object.keys(r).length > 0 && Object.keys(r).length <= 20, { error: key('required') }),
  })
  .strict();
export type MemberSubscribeConsent = z.infer<typeof MemberSubscribeConsentSchema>;
