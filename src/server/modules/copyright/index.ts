/**
 * The public entry of the copyright module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { copyrights } from './copyright.table.ts';
