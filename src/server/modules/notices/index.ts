/**
 * The public entry of the notices module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { noticeTemplates, ticketAgreements } from './notices.table.ts';
export { cleanRichText, sanitizeRichText } from '../../http/rich-text.ts';
export { agreementUses, noticeUses } from './notice-uses.ts';
