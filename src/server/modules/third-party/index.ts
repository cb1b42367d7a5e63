/**
 * The public entry of the third-party module: what other modules may use (check-in tries a QR read
 * against the area's third-party channels). Routes are registered by app.ts, never imported.
 */
export { thirdPartyAtGate, type ThirdPartyScan } from './third-party.service.ts';
export { thirdPartyChannels, thirdPartyVouchers } from './third-party.table.ts';
