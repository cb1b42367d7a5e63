import { z } from 'zod';
import { MessageStatus, SMS_PLATFORMS, SMS_TEMPLATES, SMS_USES } from '../dict/messaging.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema, literalOf } from './common.ts';
import { key, text } from './fields.ts';
import { orderedRange, timeRange } from './logs.ts';

/**
 * The area's SMS (issue 31): platforms with sealed credentials, the ten templates of spec §9, the use
 * table (which platform sends for which kind of terminal) and the send log of the outbox.
 * docs/messaging.md.
 */
export const smsApi = endpoints('/web/api/admin/sms', [
  'settings',
  'platform',
  'template',
  'uses',
  'page',
  'export',
  'resend',
]);

export const SmsPlatformSchema = literalOf(SMS_PLATFORMS);
export const SmsTemplateSchema = literalOf(SMS_TEMPLATES);
export const SmsUseSchema = literalOf(SMS_USES);

/** A platform's settings as answered: the secret only as set / not set. */
export const SmsPlatformSettingSchema = z.object({
  platform: SmsPlatformSchema,
  /** Whether this server has an adapter for it */
  available: z.boolean(),
  enabled: z.boolean(),
  accessKeyId: z.string(),
  secretSet: z.boolean(),
  sdkAppId: z.string(),
  region: z.string(),
  endpoint: z.string(),
  signName: z.string(),
  updateTime: z.string().nullable(),
});
export type SmsPlatformSetting = z.infer<typeof SmsPlatformSettingSchema>;

/** A variable a module declared for a template, with the sample the preview fills in. */
export const MessageVariableSchema = z.object({ name: z.string(), sample: z.string() });

export const SmsTemplateSettingSchema = z.object({
  template: SmsTemplateSchema,
  enabled: z.boolean(),
  /** The platform's own template id (Alibaba's SMS_123, Tencent's number) */
  templateCode: z.string(),
  /** The signature; '' uses the platform's */
  signName: z.string(),
  /** The text with named variables: ${orderNo} */
  content: z.string(),
  /** What the template's module fills in */
  variables: z.array(MessageVariableSchema),
  /** Whether a module sends this template on this server (4 and 7 come with travel cards, 9 with invoices) */
  declared: z.boolean(),
  updateTime: z.string().nullable(),
});
export type SmsTemplateSetting = z.infer<typeof SmsTemplateSettingSchema>;

export const SmsUseSettingSchema = z.object({ use: SmsUseSchema, platform: SmsPlatformSchema });

export const SmsSettingsSchema = z.object({
  platforms: z.array(SmsPlatformSettingSchema),
  templates: z.array(SmsTemplateSettingSchema),
  uses: z.array(SmsUseSettingSchema),
});
export type SmsSettings = z.infer<typeof SmsSettingsSchema>;

const endpointUrl = text(255).refine((v) => v === '' || /^https?:\/\/[^\s/]+/.test(v), {
  error: key('httpUrl'),
});

/** Saving a platform: an empty or left-out secret keeps the stored one; `clearSecret` removes it. */
export const SmsPlatformUpdateSchema = z
  .object({
    platform: SmsPlatformSchema,
    enabled: z.boolean(),
    accessKeyId: text(128).default(''),
    secret: z.string().trim().max(256).optional(),
    clearSecret: z.boolean().default(false),
    sdkAppId: text(64).default(''),
    region: text(64).default(''),
    endpoint: endpointUrl.default(''),
    signName: text(32).default(''),
  })
  .strict();
export type SmsPlatformUpdate = z.infer<typeof SmsPlatformUpdateSchema>;

export const SmsTemplateUpdateSchema = z
  .object({
    template: SmsTemplateSchema,
    enabled: z.boolean(),
    templateCode: text(64).default(''),
    signName: text(32).default(''),
    content: z
      .string()
      .trim()
      .min(1, { error: key('required') })
      .max(500),
  })
  .strict();
export type SmsTemplateUpdate = z.infer<typeof SmsTemplateUpdateSchema>;

/** The whole use table at once; a use left out sends through the default (the first enabled platform). */
export const SmsUsesUpdateSchema = z
  .object({
    uses: z
      .array(SmsUseSettingSchema)
      .max(SMS_USES.length)
      .refine((u) => new Set(u.map((x) => x.use)).size === u.length, { error: key('noRepeat') }),
  })
  .strict();

export const SMS_LOG_SORT_FIELDS = ['createTime', 'sentAt', 'attempts'] as const;

export const SmsLogPageSchema = listQuerySchema(SMS_LOG_SORT_FIELDS, {
  /** The phone, exactly */
  phone: text(20).optional(),
  template: dictCodeSchema(Object.fromEntries(SMS_TEMPLATES.map((t) => [t, t]))).optional(),
  status: dictCodeSchema(MessageStatus).optional(),
  platform: dictCodeSchema(Object.fromEntries(SMS_PLATFORMS.map((p) => [p, p]))).optional(),
  /** '0' = success, or a provider's code */
  result: text(64).optional(),
  /** The event that caused it: an order, refund or booking number */
  ref: text(64).optional(),
  ...timeRange,
}).refine(orderedRange, { error: key('timeRange'), path: ['createTimeTo'] });
export type SmsLogPage = z.infer<typeof SmsLogPageSchema>;

/** What the outbox records of a message's sending, in both logs (SMS, subscription messages). */
export const outboxOutcomeFields = {
  status: z.number().int(),
  /** 0 = success, else the provider's code or ours (CONFIG, EGRESS); '' while queued */
  result: z.string(),
  resultMessage: z.string(),
  providerMessageId: z.string(),
  attempts: z.number().int(),
  /** The order, refund or booking number it is about */
  ref: z.string(),
};

export const SmsLogRowSchema = z.object({
  id: z.number().int(),
  /** Masked: 138****1234 */
  phone: z.string(),
  template: z.number().int(),
  use: z.number().int(),
  platform: z.number().int().nullable(),
  variables: z.record(z.string(), z.string()),
  /** The text as sent (the template with its variables filled in) */
  text: z.string(),
  ...outboxOutcomeFields,
  /** The message this one resends */
  resendOf: z.number().int().nullable(),
  /** Whether a resend has already been queued for it */
  resent: z.boolean(),
  createTime: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type SmsLogRow = z.infer<typeof SmsLogRowSchema>;

export const SmsResendSchema = z.object({ id: IdSchema }).strict();
