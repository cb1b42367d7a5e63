import { defineServerModule } from '../../lib/server-module.ts';
import { messageKinds } from '../messaging/index.ts';
import { cardPaidKind, cardRefundKind } from './card-messages.ts';
import { cardCodeRoutes } from './card-codes.routes.ts';
import { cardOrderRoutes } from './card-orders.routes.ts';
import { seedDemoCards } from './card-orders.seed.ts';
import { cardKindRoutes } from './card-kinds.routes.ts';
import { cardRoutes } from './cards.routes.ts';

/** Travel cards (issue 32, /VipCard): the card kinds, the cards issued, their orders and redeem codes; gates come later. */
export default defineServerModule({
  name: 'cards',
  routes: [cardKindRoutes, cardOrderRoutes, cardRoutes, cardCodeRoutes],
  seedDemo: seedDemoCards,
  plugs: [messageKinds.plug(cardPaidKind), messageKinds.plug(cardRefundKind)],
});
