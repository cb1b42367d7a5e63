import { defineDict } from '../../../shared/dict/dict.ts';

/** What the ticket-display module says to users, in both languages (collected by src/server/messages.ts). */
export const ticketDisplayMessages = defineDict({
  ticketDisplayProductNotFound: { zh: '门票产品不存在', en: 'Ticket product not found' },
});
