/** The messaging module's public entry (docs/messaging.md): what other modules may use. */
export { messageKinds, messageText, queueMessage, useOfChannel } from './message-kinds.ts';
export type { MessageKind, QueuedMessage } from './message-kinds.ts';
export { writeDemoSends } from './messaging.seed.ts';
export type { DemoSend } from './messaging.seed.ts';
export { sendVerificationCode, useVerificationCode } from './verification-codes.ts';
