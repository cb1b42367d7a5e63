import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { maskPhone } from '../../../shared/api/reservations.ts';
import {
  subscribeApi,
  SubscribeLogPageSchema,
  SubscribeLogRowSchema,
  type SubscribeLogPage,
  type SubscribeLogRow,
} from '../../../shared/api/subscriptions.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { MessageStatus } from '../../../shared/dict/messaging.ts';
import { SubscribeField } from '../../../shared/dict/subscriptions.ts';
import type { Db } from '../../db/client.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { outboxLog, outboxMessages, type OutboxMessageRow } from '../messaging/index.ts';
import { members } from '../members/index.ts';
import { SUBSCRIPTION_CHANNEL } from './subscribe-send.ts';
import { mpMembers, subscribeTemplates } from './subscriptions.table.ts';

const EXPORT: ExportColumn<SubscribeLogRow>[] = [
  { header: SubscribeField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: SubscribeField.title, value: (r) => r.title, width: 16 },
  { header: SubscribeField.phone, value: (r) => r.phone, width: 14 },
  { header: SubscribeField.openid, value: (r) => r.openid, width: 20 },
  {
    header: SubscribeField.data,
    value: (r) =>
      Object.entries(r.data)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n'),
    width: 40,
  },
  { header: SubscribeField.status, value: (r, lang) => dictLabel(MessageStatus, r.status, lang) },
  { header: SubscribeField.result, value: (r) => r.result },
  { header: SubscribeField.resultMessage, value: (r) => r.resultMessage, width: 30 },
  { header: SubscribeField.providerMessageId, value: (r) => r.providerMessageId, width: 24 },
  { header: SubscribeField.attempts, value: (r) => String(r.attempts) },
  { header: SubscribeField.ref, value: (r) => r.ref, width: 22 },
  { header: SubscribeField.sentAt, value: (r) => r.sentAt, kind: 'datetime', width: 20 },
];

/** The phone filter: the openids of the area's members with that phone. */
const openidsOfPhone = (scenicId: number, phone: string) =>
  sql`(select b.openid from ${mpMembers} b join ${members} m on m.id = b.member_id
       where b.scenic_id = ${scenicId} and m.phone = ${phone})`;

const where = (scenicId: number, q: SubscribeLogPage) =>
  and(
    eq(outboxMessages.scenicId, scenicId),
    eq(outboxMessages.channel, SUBSCRIPTION_CHANNEL),
    q.templateId ? eq(outboxMessages.subscriptionId, q.templateId) : undefined,
    q.status != null ? eq(outboxMessages.status, q.status) : undefined,
    q.ref ? eq(outboxMessages.ref, q.ref) : undefined,
    q.phone ? sql`${outboxMessages.recipient} in ${openidsOfPhone(scenicId, q.phone)}` : undefined,
    q.createTimeFrom ? gte(outboxMessages.createdAt, new Date(q.createTimeFrom)) : undefined,
    q.createTimeTo ? lte(outboxMessages.createdAt, new Date(q.createTimeTo)) : undefined,
  );

/** An openid shown by its ends: oAbC12****xyZ9. */
const maskOpenid = (openid: string) =>
  openid.length > 10 ? `${openid.slice(0, 6)}****${openid.slice(-4)}` : '****';

/** The data in the template's field order (thing1, character_string2, …): jsonb keeps keys by length. */
const inFieldOrder = (data: Record<string, string>) => {
  const n = (k: string) => Number(/\d+$/.exec(k)?.[0] ?? 0);
  return Object.fromEntries(Object.entries(data).sort(([a], [b]) => n(a) - n(b) || a.localeCompare(b)));
};

/** The log's rows: the template's title, the member's phone and the openid masked. */
async function rowsOf(db: Db, records: OutboxMessageRow[]): Promise<SubscribeLogRow[]> {
  if (!records.length) return [];
  const scenicId = records[0]!.scenicId;
  const templateIds = [
    ...new Set(records.map((r) => r.subscriptionId).filter((id): id is number => id != null)),
  ];
  const [titles, phones] = await Promise.all([
    templateIds.length
      ? db
          .select({ id: subscribeTemplates.id, title: subscribeTemplates.title })
          .from(subscribeTemplates)
          .where(inArray(subscribeTemplates.id, templateIds))
      : [],
    db
      .select({ openid: mpMembers.openid, phone: members.phone })
      .from(mpMembers)
      .innerJoin(members, eq(members.id, mpMembers.memberId))
      .where(
        and(
          eq(mpMembers.scenicId, scenicId),
          inArray(
            mpMembers.openid,
            records.map((r) => r.recipient),
          ),
        ),
      ),
  ]);
  const titleOf = new Map(titles.map((t) => [t.id, t.title]));
  const phoneOf = new Map(phones.map((p) => [p.openid, p.phone]));
  return records.map((r) => {
    const phone = phoneOf.get(r.recipient);
    return {
      id: r.id,
      templateId: r.subscriptionId,
      title: (r.subscriptionId != null && titleOf.get(r.subscriptionId)) || '',
      openid: maskOpenid(r.recipient),
      phone: phone ? maskPhone(phone) : '',
      data: inFieldOrder(r.variables),
      status: r.status,
      result: r.result,
      resultMessage: r.resultMessage,
      providerMessageId: r.providerMessageId,
      attempts: r.attempts,
      ref: r.ref,
      createTime: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
    };
  });
}

/** /sys/subscribe's send log: the subscription messages of the outbox (channel 2), newest first. */
export async function subscribeLogRoutes(root: FastifyInstance) {
  const { db } = root.ctx;
  registerListResource(root, {
    tag: 'sys',
    api: { page: subscribeApi.page, export: subscribeApi.export },
    perms: { page: 'admin:subscribe:query' },
    ...outboxLog,
    where,
    rowSchema: SubscribeLogRowSchema,
    rows: (records) => rowsOf(db, records),
    page: {
      summary: 'Subscription messages sent and queued, newest first; phones and openids masked',
      body: SubscribeLogPageSchema,
    },
    export: {
      summary: 'The subscription message log of the current filter as .xlsx (phones and openids masked)',
      fileName: SubscribeField.exportName,
      columns: EXPORT,
    },
  });
}
