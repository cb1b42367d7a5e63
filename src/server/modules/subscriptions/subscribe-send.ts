import { and, eq, sql } from 'drizzle-orm';
import { areaDateTime } from '../../../shared/area-clock.ts';
import { MP_STATE_WIRE, wechatFieldValue, type MpStateCode } from '../../../shared/dict/subscriptions.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import {
  queueChannelMessage,
  type Delivery,
  type OutboxChannel,
  type OutboxMessageRow,
} from '../messaging/index.ts';
import { ticketPaidMessage } from '../order-admin/index.ts';
import type { OrderListener, OrderRecord } from '../orders/index.ts';
import { credentialsOf } from './subscribe-settings.service.ts';
import {
  mpMembers,
  subscribeConsents,
  subscribeTemplates,
  type SubscribeTemplateRow,
} from './subscriptions.table.ts';
import { callWithToken, isPassing } from './wechat-mp.client.ts';

/** The outbox channel of subscription messages (messaging's outbox_messages.channel). */
export const SUBSCRIPTION_CHANNEL = 2;

/**
 * Uses up one consent of the member to the template, by compare-and-set: a long-term template's
 * acceptance stays, a one-time acceptance is spent (`remaining` above 0 and one less). Answers
 * whether a message may go.
 */
async function spendConsent(tx: Db, template: SubscribeTemplateRow, memberId: number): Promise<boolean> {
  const mine = and(eq(subscribeConsents.templateId, template.id), eq(subscribeConsents.memberId, memberId));
  if (template.type === 3) {
    const [consent] = await tx
      .select({ accepted: subscribeConsents.accepted })
      .from(subscribeConsents)
      .where(mine);
    return consent?.accepted ?? false;
  }
  const spent = await tx
    .update(subscribeConsents)
    .set({ remaining: sql`${subscribeConsents.remaining} - 1`, updatedAt: new Date() })
    .where(and(mine, sql`${subscribeConsents.remaining} > 0`))
    .returning({ remaining: subscribeConsents.remaining });
  return spent.length > 0;
}

/** The template's data: each field's key with its variable's value, as WeChat takes it (cut to its limit). */
export const templateData = (
  template: Pick<SubscribeTemplateRow, 'fields'>,
  variables: Record<string, string>,
) =>
  Object.fromEntries(
    template.fields.map((f) => [f.key, wechatFieldValue(f.key, variables[f.variable] ?? '')]),
  );

/**
 * Queues the area's enabled use-1 templates ("ticket purchase success", spec §9) for a paid order of a
 * member bound to WeChat, in the payment's transaction, each only where the member's consent allows
 * (a one-time consent is spent). A member who did not consent gets nothing.
 */
export async function queueTicketSubscriptions(tx: Db, order: OrderRecord, now: Date): Promise<number> {
  if (!order.memberId) return 0;
  const templates = await tx
    .select()
    .from(subscribeTemplates)
    .where(
      and(
        eq(subscribeTemplates.scenicId, order.scenicId),
        eq(subscribeTemplates.use, 1),
        eq(subscribeTemplates.enabled, true),
      ),
    );
  if (!templates.length) return 0;
  const [bound] = await tx
    .select({ openid: mpMembers.openid })
    .from(mpMembers)
    .where(and(eq(mpMembers.scenicId, order.scenicId), eq(mpMembers.memberId, order.memberId)));
  if (!bound) return 0;
  const [zone] = await queryRows<{ time_zone: string }>(
    tx,
    sql`select time_zone from scenic_areas where id = ${order.scenicId}`,
  );
  const { variables } = await ticketPaidMessage(tx, order, '');
  const filled = {
    ...variables,
    time: areaDateTime(order.paidAt ?? now, zone?.time_zone ?? 'Asia/Shanghai'),
  };
  let queued = 0;
  for (const template of templates) {
    if (!(await spendConsent(tx, template, order.memberId))) continue;
    const id = await queueChannelMessage(tx, {
      scenicId: order.scenicId,
      channel: SUBSCRIPTION_CHANNEL,
      template: template.use,
      subscriptionId: template.id,
      recipient: bound.openid,
      variables: templateData(template, filled),
      eventKey: `subscribe:${template.id}:${order.orderNo}`,
      ref: order.orderNo,
    });
    if (id != null) queued++;
  }
  return queued;
}

/** On a payment (T2, T3); a late payment (T6) is refunded, not announced. */
export const ticketSubscriptionListener: OrderListener = {
  name: 'ticketPaidSubscription',
  async paid(tx, order, now, late) {
    if (!late) await queueTicketSubscriptions(tx, order, now);
  },
};

const refusal = (code: string, message: string, text = ''): Delivery => ({
  answer: { code, message, messageId: '', retry: false },
  platform: null,
  text,
});

/** The log's text of a message: the template's title and the values sent. */
const textOf = (title: string, data: Record<string, string>) =>
  `${title}：${Object.entries(data)
    .map(([k, v]) => `${k}=${v}`)
    .join('；')}`;

/**
 * Sends one subscription message through WeChat's `cgi-bin/message/subscribe/send`, with the app's
 * shared access token. errcode 0 is success; busy, throttled and stale-token answers are tried again;
 * any other (the member refused, 43101; a bad template) ends the message as failed.
 */
export async function deliverSubscription(db: Db, message: OutboxMessageRow, now: Date): Promise<Delivery> {
  const [template] = message.subscriptionId
    ? await db.select().from(subscribeTemplates).where(eq(subscribeTemplates.id, message.subscriptionId))
    : [];
  const text = textOf(template?.title ?? '', message.variables);
  if (!template) return refusal('CONFIG', 'the template was deleted', text);
  const credentials = await credentialsOf(db, message.scenicId);
  if (!credentials) return refusal('CONFIG', 'the mini-program app id or secret is not set', text);
  const answer = await callWithToken(
    db,
    credentials,
    '/cgi-bin/message/subscribe/send',
    {
      touser: message.recipient,
      template_id: template.wxTemplateId,
      ...(template.page ? { page: template.page } : {}),
      data: Object.fromEntries(Object.entries(message.variables).map(([k, value]) => [k, { value }])),
      miniprogram_state: MP_STATE_WIRE[credentials.state as MpStateCode] ?? 'formal',
      lang: 'zh_CN',
    },
    now,
  );
  return {
    answer: {
      code: String(answer.errcode),
      message: answer.errmsg,
      messageId: answer.msgid == null ? '' : String(answer.msgid),
      retry: isPassing(answer.errcode),
    },
    platform: null,
    text,
  };
}

export const subscriptionChannel: OutboxChannel = {
  channel: SUBSCRIPTION_CHANNEL,
  deliver: deliverSubscription,
};
