import { sql } from 'drizzle-orm';
import {
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
import type { SubscribeFieldMap } from '../../../shared/api/subscriptions.ts';
import { timestamps, updatedAt } from '../../db/columns.ts';
import { members } from '../members/members.table.ts';
import { areaRow, scenicIdColumn } from '../scenic/scenic.table.ts';

/**
 * /sys/subscribe (issue 31): the area's mini-program, whose app id and secret the server uses to call
 * WeChat's server API (access token, jscode2session, subscribe/send). The secret is sealed by the
 * keyring (lib/secret-box.ts) and never answered.
 */
export const mpApps = pgTable('mp_apps', {
  scenicId: scenicIdColumn().primaryKey(),
  appId: varchar('app_id', { length: 32 }).notNull().default(''),
  secretSealed: text('secret_sealed').notNull().default(''),
  /** '' = WeChat's own (https://api.weixin.qq.com); a local server in tests and demos (EGRESS_ALLOW) */
  apiBase: varchar('api_base', { length: 255 }).notNull().default(''),
  /** MpState: 1 release, 2 trial, 3 developer (the version a message opens) */
  state: smallint('state').notNull().default(1),
  updatedBy: integer('updated_by'),
  ...timestamps(),
});
export type MpAppRow = typeof mpApps.$inferSelect;

/**
 * WeChat's access token of an app, one for every instance: WeChat invalidates a token 5 minutes
 * after it issues the next, so instances that each fetched their own would knock each other out.
 * Refreshed under an advisory lock of the app (wechat-mp.client.ts).
 */
export const mpAccessTokens = pgTable(
  'mp_access_tokens',
  {
    appId: varchar('app_id', { length: 32 }).notNull(),
    apiBase: varchar('api_base', { length: 255 }).notNull(),
    tokenSealed: text('token_sealed').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.apiBase] })],
);

/** A subscription message template of the area (spec §9: type 2 one-time, 3 long-term; use 1). */
export const subscribeTemplates = pgTable(
  'subscribe_templates',
  {
    ...areaRow(),
    type: smallint('type').notNull(),
    use: smallint('use').notNull().default(1),
    title: varchar('title', { length: 30 }).notNull(),
    wxTemplateId: varchar('wx_template_id', { length: 64 }).notNull(),
    /** WeChat's field keys and the variables of the use they show */
    fields: jsonb('fields').$type<SubscribeFieldMap[]>().notNull(),
    page: varchar('page', { length: 255 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    updatedBy: integer('updated_by'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('subscribe_templates_wx_uq').on(t.scenicId, t.wxTemplateId),
    check('subscribe_templates_type_ck', sql`${t.type} in (2, 3)`),
    check('subscribe_templates_use_ck', sql`${t.use} in (1)`),
  ],
);
export type SubscribeTemplateRow = typeof subscribeTemplates.$inferSelect;

/** A member's WeChat openid in the area's mini-program (the member API's wechatBind). */
export const mpMembers = pgTable(
  'mp_members',
  {
    scenicId: scenicIdColumn(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    appId: varchar('app_id', { length: 32 }).notNull(),
    openid: varchar('openid', { length: 64 }).notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.scenicId, t.memberId] }),
    uniqueIndex('mp_members_openid_uq').on(t.scenicId, t.appId, t.openid),
  ],
);

/**
 * A member's answer to a template. Long-term: `accepted` until they reject. One-time: each
 * acceptance lets one message go (`remaining`), used up by compare-and-set when the message is queued.
 */
export const subscribeConsents = pgTable(
  'subscribe_consents',
  {
    scenicId: scenicIdColumn(),
    templateId: integer('template_id')
      .notNull()
      .references(() => subscribeTemplates.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    accepted: boolean('accepted').notNull().default(false),
    remaining: integer('remaining').notNull().default(0),
    /** The last answer: accept, reject, ban, filter */
    answer: varchar('answer', { length: 8 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.memberId] }),
    index('subscribe_consents_member_idx').on(t.scenicId, t.memberId),
    check('subscribe_consents_remaining_ck', sql`${t.remaining} between 0 and 100`),
  ],
);
