/**
 * The public entry of the ticket-display module: what other modules may use (eslint: a module
 * reaches another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { ticketDisplays } from './ticket-display.table.ts';
