/**
 * The public entry of the third-party module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Check-in reaches its vouchers through checkin's gateCodeReaders,
 * which this module's manifest fills. Routes are registered by app.ts, never imported.
 */
export { thirdPartyChannels, thirdPartyVouchers } from './third-party.table.ts';
