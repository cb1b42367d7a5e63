/**
 * The public entry of the settlement module: what other modules may use (eslint: a module reaches
 * another only through its index.ts).
 */
export { createBatch, moveBatch, settingsOf } from './settlement.service.ts';
export { seedDemoSettlement } from './settlement.seed.ts';
export { settlementBatches, settlementItems, settlementSettings } from './settlement.table.ts';
