/** The messaging module's public entry (docs/messaging.md): what other modules may use. */
export {
  messageKinds,
  messageText,
  outboxChannels,
  queueChannelMessage,
  queueMessage,
  useOfChannel,
} from './message-kinds.ts';
export type { Delivery, MessageKind, OutboxChannel, QueuedMessage } from './message-kinds.ts';
export { outboxLog, outboxMessages, type OutboxMessageRow } from './messaging.table.ts';
export { writeDemoSends } from './messaging.seed.ts';
export type { DemoSend } from './messaging.seed.ts';
export { sendVerificationCode, useVerificationCode } from './verification-codes.ts';
