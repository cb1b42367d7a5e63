/**
 * The public entry of the sales-terminals module: what other modules may use (eslint: a module
 * reaches another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { salesMachineCarousels, salesTerminalProfiles } from './sales-terminals.table.ts';
export { productsSoldBy } from './sales-terminals.service.ts';
