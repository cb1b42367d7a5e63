/**
 * The public entry of the oauth module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { oauthClients, tokens } from './oauth.table.ts';
export { clientDeleteGuards, newClientSecret, type ClientDeleteGuard } from './oauth.service.ts';
