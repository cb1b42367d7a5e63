import { and, eq } from 'drizzle-orm';
import type { MessageVariableName, SmsTemplateCode, SmsUseCode } from '../../../shared/dict/messaging.ts';
import type { BuyChannelCode } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { fillMessage } from '../../../shared/message-text.ts';
import { extensionPoint } from '../../lib/extension-point.ts';
import { outboxMessages, smsTemplates, type OutboxMessageRow } from './messaging.table.ts';
import type { SmsAnswer } from './sms-vendors/vendor.ts';

/**
 * A template a module sends (spec §9: 1-10), declared in that module's manifest
 * (`messageKinds.plug(...)`): the variables it fills in, with the samples the console's live preview
 * shows, and the text a new area starts with. docs/messaging.md.
 */
export interface MessageKind {
  template: SmsTemplateCode;
  variables: readonly { name: MessageVariableName; sample: string }[];
  /** The starting text (Chinese, as the SMS platforms register them) */
  text: string;
}

export const messageKinds = extensionPoint<MessageKind>('messaging.kinds');

/** What a channel's delivery of one claimed message came to (the worker records it). */
export interface Delivery {
  answer: SmsAnswer;
  /** The SMS platform it went through (null for other channels, or none enabled) */
  platform: number | null;
  /** The text as sent, for the log */
  text: string;
}

/**
 * A channel of the outbox other than SMS (1), plugged by the module that sends it (the mini-program's
 * subscription messages, channel 2): the worker claims its messages like any other and hands each here.
 */
export interface OutboxChannel {
  channel: number;
  deliver(db: Db, message: OutboxMessageRow, now: Date): Promise<Delivery>;
}

export const outboxChannels = extensionPoint<OutboxChannel>('messaging.channels');

/** A message of another channel, queued in the event's own transaction; null when its event already queued one. */
export async function queueChannelMessage(
  tx: Db,
  message: {
    scenicId: number;
    channel: number;
    template: number;
    subscriptionId?: number;
    recipient: string;
    variables: Readonly<Record<string, string>>;
    eventKey: string;
    ref?: string;
  },
): Promise<number | null> {
  const [row] = await tx
    .insert(outboxMessages)
    .values({ ...message, variables: { ...message.variables }, ref: message.ref ?? '' })
    .onConflictDoNothing({ target: [outboxMessages.scenicId, outboxMessages.eventKey] })
    .returning({ id: outboxMessages.id });
  return row?.id ?? null;
}

/** The kind a module declared for a template, if any module on this server sends it. */
export const messageKindOf = (template: number): MessageKind | undefined =>
  messageKinds.items.find((k) => k.template === template);

/** A message an event causes, queued in the event's own transaction. */
export interface QueuedMessage {
  scenicId: number;
  template: SmsTemplateCode;
  /** The phone; a number that is not a mainland mobile gets no message */
  phone: string;
  variables: Readonly<Record<string, string>>;
  /** The event (`ticketPaid:T2026…`): the same event queues its message once */
  eventKey: string;
  /** The order, refund or booking number it is about */
  ref?: string;
  /** The kind of terminal it is sent for (the use table); default 2, the back office */
  use?: SmsUseCode;
  clientIp?: string;
}

const MOBILE = /^1\d{10}$/;

/**
 * Writes the message into the outbox, in the caller's transaction, when the area has the template
 * enabled and the phone can receive it. Answers the new message's id, or null when nothing was queued
 * (no phone, template off, or the event already queued its message).
 */
export async function queueMessage(tx: Db, message: QueuedMessage): Promise<number | null> {
  if (!MOBILE.test(message.phone)) return null;
  const [template] = await tx
    .select({ enabled: smsTemplates.enabled })
    .from(smsTemplates)
    .where(and(eq(smsTemplates.scenicId, message.scenicId), eq(smsTemplates.template, message.template)));
  if (!template?.enabled) return null;
  const [row] = await tx
    .insert(outboxMessages)
    .values({
      scenicId: message.scenicId,
      template: message.template,
      use: message.use ?? 2,
      recipient: message.phone,
      variables: { ...message.variables },
      eventKey: message.eventKey,
      ref: message.ref ?? '',
      clientIp: message.clientIp ?? '',
    })
    .onConflictDoNothing({ target: [outboxMessages.scenicId, outboxMessages.eventKey] })
    .returning({ id: outboxMessages.id });
  return row?.id ?? null;
}

const USE_OF_CHANNEL: Partial<Record<BuyChannelCode, SmsUseCode>> = {
  1: 4,
  2: 5,
  3: 7,
  4: 6,
  13: 3,
  14: 14,
  15: 15,
  16: 16,
  17: 16,
  18: 16,
};

/** The SMS use (spec §9) of an order's buy channel: the window's, the machine's, a travel platform's… */
export const useOfChannel = (channel: number): SmsUseCode => USE_OF_CHANNEL[channel as BuyChannelCode] ?? 2;

/** The text a message would have with the area's template now; '' when the area has the template off. */
export async function messageText(
  db: Db,
  message: Pick<QueuedMessage, 'scenicId' | 'template' | 'variables'>,
) {
  const [template] = await db
    .select({ enabled: smsTemplates.enabled, content: smsTemplates.content })
    .from(smsTemplates)
    .where(and(eq(smsTemplates.scenicId, message.scenicId), eq(smsTemplates.template, message.template)));
  return template?.enabled ? fillMessage(template.content, message.variables) : '';
}
