/**
 * The public entry of the inventory module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export {
  periodAt,
  publicStockLeft,
  releaseStock,
  releaseStockLines,
  reserveStockLines,
} from './inventory.service.ts';
export type { StockLine } from './inventory.service.ts';
export { priceCalendar } from './inventory.table.ts';
