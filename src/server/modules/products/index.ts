/**
 * The public entry of the products module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { findProduct, productOptions } from './products.service.ts';
export { productSessions, ticketProducts, ticketTypes } from './products.table.ts';
export {
  productHolders,
  sessionRemovalGuards,
  type ProductHolder,
  type SessionRemovalGuard,
} from './product-holders.ts';
