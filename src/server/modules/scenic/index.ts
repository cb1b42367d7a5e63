/**
 * The public entry of the scenic module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { scenicAreas, scenicIdColumn } from './scenic.table.ts';
