import { desc, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { areaLogRow, areaRow, scenicIdColumn } from '../scenic/scenic.table.ts';
import { createdAt, timestamps } from '../../db/columns.ts';

/**
 * /sys/smsconfig (issue 31): one row per area and SMS platform (spec §9: 0, 1, 2; 9 the built-in log).
 * The secret is sealed by the keyring (lib/secret-box.ts) and never answered.
 */
export const smsPlatforms = pgTable(
  'sms_platforms',
  {
    ...areaRow(),
    platform: smallint('platform').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    accessKeyId: varchar('access_key_id', { length: 128 }).notNull().default(''),
    secretSealed: text('secret_sealed').notNull().default(''),
    /** Tencent Cloud's SmsSdkAppId */
    sdkAppId: varchar('sdk_app_id', { length: 64 }).notNull().default(''),
    region: varchar('region', { length: 64 }).notNull().default(''),
    /** '' = the vendor's own; a local server in tests and demos (EGRESS_ALLOW) */
    endpoint: varchar('endpoint', { length: 255 }).notNull().default(''),
    signName: varchar('sign_name', { length: 32 }).notNull().default(''),
    updatedBy: integer('updated_by'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sms_platforms_scenic_platform_uq').on(t.scenicId, t.platform),
    check('sms_platforms_platform_ck', sql`${t.platform} in (0, 1, 2, 9)`),
  ],
);
export type SmsPlatformRow = typeof smsPlatforms.$inferSelect;

/** The ten templates of spec §9 per area: the platform's template id, the signature and the text. */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    ...areaRow(),
    template: smallint('template').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    templateCode: varchar('template_code', { length: 64 }).notNull().default(''),
    signName: varchar('sign_name', { length: 32 }).notNull().default(''),
    content: varchar('content', { length: 500 }).notNull(),
    updatedBy: integer('updated_by'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sms_templates_scenic_template_uq').on(t.scenicId, t.template),
    check('sms_templates_template_ck', sql`${t.template} between 1 and 10`),
  ],
);
export type SmsTemplateRow = typeof smsTemplates.$inferSelect;

/** The use table of spec §9: which platform sends for which kind of terminal. */
export const smsUses = pgTable(
  'sms_uses',
  {
    scenicId: scenicIdColumn(),
    use: smallint('use').notNull(),
    platform: smallint('platform').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scenicId, t.use] })],
);

/**
 * The outbox and the send log in one: a message is written in the transaction of the event that
 * causes it (`event_key` unique per area: an event queues its message once), and the worker claims
 * queued rows with `FOR UPDATE SKIP LOCKED` (messaging-outbox.ts). Status: 0 queued, 1 sending (held
 * until `claimed_until`), 2 sent, 3 failed (after the last attempt). docs/messaging.md.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    ...areaLogRow(),
    /** 1 SMS, 2 a mini-program subscription message (its module's `outboxChannels` plug sends it) */
    channel: smallint('channel').notNull().default(1),
    /** The SMS template (spec §9: 1-10); for a subscription message the template's use (spec §9: 1) */
    template: smallint('template').notNull(),
    /** A subscription message's template (subscribe_templates.id; no reference: the log outlives it) */
    subscriptionId: integer('subscription_id'),
    use: smallint('use').notNull().default(2),
    /** The phone number; a subscription message's openid; an invoice e-mail's address (channel 3) */
    recipient: varchar('recipient', { length: 254 }).notNull(),
    variables: jsonb('variables').$type<Record<string, string>>().notNull(),
    /** Which event queued it (`ticketPaid:T2026…`): at most one message per event */
    eventKey: varchar('event_key', { length: 96 }).notNull(),
    /** Who asked for it (a verification code's requester): the per-address rate limit counts these */
    clientIp: varchar('client_ip', { length: 45 }).notNull().default(''),
    /** The order, refund or booking number it is about (the log's filter) */
    ref: varchar('ref', { length: 64 }).notNull().default(''),
    status: smallint('status').notNull().default(0),
    /** The platform that sent it (chosen at the first attempt) */
    platform: smallint('platform'),
    /** The text as sent */
    text: varchar('text', { length: 600 }).notNull().default(''),
    /** '0' = success, else the provider's code or ours (CONFIG, EGRESS, …) */
    result: varchar('result', { length: 64 }).notNull().default(''),
    resultMessage: varchar('result_message', { length: 255 }).notNull().default(''),
    providerMessageId: varchar('provider_message_id', { length: 128 }).notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    resendOf: bigint('resend_of', { mode: 'number' }),
    /** The message that resends this failed one (a failed message is resent once) */
    resentAs: bigint('resent_as', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('outbox_messages_event_uq').on(t.scenicId, t.eventKey),
    // the worker's scan: what is due, oldest first
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in (0, 1)`),
    index('outbox_messages_scenic_created_idx').on(t.scenicId, t.createdAt),
    index('outbox_messages_scenic_recipient_idx').on(t.scenicId, t.recipient),
    check('outbox_messages_status_ck', sql`${t.status} in (0, 1, 2, 3)`),
  ],
);
export type OutboxMessageRow = typeof outboxMessages.$inferSelect;

/** Both logs of the outbox (SMS, subscription messages) as list resources: the table, sortable fields, default order. */
export const outboxLog = {
  table: outboxMessages,
  sort: {
    createTime: outboxMessages.createdAt,
    sentAt: outboxMessages.sentAt,
    attempts: outboxMessages.attempts,
  },
  order: [desc(outboxMessages.createdAt), desc(outboxMessages.id)],
};

/**
 * Verification codes (SMS template 1) sent by the member API's `smsCode`: only a hash of the code is
 * kept; a code is used once (`used_at` by compare-and-set), within its time, with a few tries.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    ...areaLogRow(),
    phone: varchar('phone', { length: 20 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    clientIp: varchar('client_ip', { length: 45 }).notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tries: integer('tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_codes_phone_idx').on(t.scenicId, t.phone, t.createdAt),
    index('sms_codes_ip_idx').on(t.clientIp, t.createdAt),
  ],
);
