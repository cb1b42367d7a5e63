/** The order-admin module's public entry: what other modules may use. */
export { ticketPaidKind, ticketPaidMessage } from './ticket-messages.ts';
