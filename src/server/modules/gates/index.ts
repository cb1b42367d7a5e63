/**
 * The public entry of the gates module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { foreignGateIds, gateOptions } from './gates.service.ts';
export { gates } from './gates.table.ts';
export { mountDevices } from './gates.seed.ts';
