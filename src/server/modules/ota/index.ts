/**
 * The public entry of the ota module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { notifyRedemptions } from './ota-redemptions.service.ts';
export { syncStock } from './ota.service.ts';
export { otaChannels, otaLogs, otaMappings } from './ota.table.ts';
export { useOtaSecretKey } from './secret-box.ts';
