/**
 * The public entry of the cards module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { cardKinds, type CardKind } from './cards.table.ts';
export { cardOrders, cards, type Card, type CardOrder } from './card-orders.table.ts';
export { activateCard, sellCard } from './card-issue.service.ts';
export { cardCodeBatches, cardCodes } from './card-codes.table.ts';
