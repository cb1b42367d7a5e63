/**
 * The public entry of the price-tiers module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Orders price a distributor's tickets with these.
 */
export { tierOfAccount, tierPrices, type TierPriceOf } from './tiers.service.ts';
export { priceTierLines, priceTiers } from './price-tiers.table.ts';
export type { PriceTier, PriceTierLine } from './price-tiers.table.ts';
