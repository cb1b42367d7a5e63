/**
 * The public entry of the picture-groups module: what other modules may use (eslint: a module
 * reaches another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { DEMO_PICTURES } from '../../lib/demo-pictures.ts';
