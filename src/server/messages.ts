import { addMessages } from './http/messages.ts';
import { accountsMessages } from './modules/accounts/accounts.messages.ts';
import { authMessages } from './modules/auth/auth.messages.ts';
import { cardsMessages } from './modules/cards/cards.messages.ts';
import { invoicesMessages } from './modules/invoices/invoices.messages.ts';
import { checkinMessages } from './modules/checkin/checkin.messages.ts';
import { contentMessages } from './modules/content/content.messages.ts';
import { copyrightMessages } from './modules/copyright/copyright.messages.ts';
import { couponsMessages } from './modules/coupons/coupons.messages.ts';
import { distributionMessages } from './modules/distribution/distribution.messages.ts';
import { settlementMessages } from './modules/settlement/settlement.messages.ts';
import { withdrawalsMessages } from './modules/withdrawals/withdrawals.messages.ts';
import { inventoryMessages } from './modules/inventory/inventory.messages.ts';
import { membersMessages } from './modules/members/members.messages.ts';
import { messagingMessages } from './modules/messaging/messaging.messages.ts';
import { orderAdminMessages } from './modules/order-admin/order-admin.messages.ts';
import { noticesMessages } from './modules/notices/notices.messages.ts';
import { oauthMessages } from './modules/oauth/oauth.messages.ts';
import { ordersMessages } from './modules/orders/orders.messages.ts';
import { otaMessages } from './modules/ota/ota.messages.ts';
import { paymentsMessages } from './modules/payments/payments.messages.ts';
import { pictureGroupsMessages } from './modules/picture-groups/picture-groups.messages.ts';
import { priceTiersMessages } from './modules/price-tiers/price-tiers.messages.ts';
import { printTemplatesMessages } from './modules/print-templates/print-templates.messages.ts';
import { productsMessages } from './modules/products/products.messages.ts';
import { refundsMessages } from './modules/refunds/refunds.messages.ts';
import { reservationsMessages } from './modules/reservations/reservations.messages.ts';
import { rolesMessages } from './modules/roles/roles.messages.ts';
import { scenicMessages } from './modules/scenic/scenic.messages.ts';
import { mapGuideMessages } from './modules/map-guide/map-guide.messages.ts';
import { shopMessages } from './modules/shop/shop.messages.ts';
import { shopContentMessages } from './modules/shop/content/shop-content.messages.ts';
import { storageMessages } from './modules/storage/storage.messages.ts';
import { healthMessages } from './modules/health/health.messages.ts';
import { subscriptionsMessages } from './modules/subscriptions/subscriptions.messages.ts';
import { theatresMessages } from './modules/theatres/theatres.messages.ts';
import { ticketDisplayMessages } from './modules/ticket-display/ticket-display.messages.ts';
import { travelMessages } from './modules/travel/travel.messages.ts';
import { terminalsMessages } from './modules/terminals/terminals.messages.ts';
import { thirdPartyMessages } from './modules/third-party/third-party.messages.ts';

/**
 * Every module's messages (`<module>.messages.ts`), added to the catalogue of http/messages.ts,
 * which translates them. A new module adds one line here.
 */
const moduleMessages = {
  ...accountsMessages,
  ...authMessages,
  ...cardsMessages,
  ...invoicesMessages,
  ...checkinMessages,
  ...contentMessages,
  ...copyrightMessages,
  ...couponsMessages,
  ...distributionMessages,
  ...withdrawalsMessages,
  ...settlementMessages,
  ...inventoryMessages,
  ...membersMessages,
  ...messagingMessages,
  ...orderAdminMessages,
  ...noticesMessages,
  ...oauthMessages,
  ...ordersMessages,
  ...otaMessages,
  ...paymentsMessages,
  ...pictureGroupsMessages,
  ...priceTiersMessages,
  ...printTemplatesMessages,
  ...productsMessages,
  ...refundsMessages,
  ...reservationsMessages,
  ...rolesMessages,
  ...scenicMessages,
  ...mapGuideMessages,
  ...shopMessages,
  ...shopContentMessages,
  ...storageMessages,
  ...healthMessages,
  ...subscriptionsMessages,
  ...theatresMessages,
  ...ticketDisplayMessages,
  ...travelMessages,
  ...terminalsMessages,
  ...thirdPartyMessages,
};
addMessages(moduleMessages);

type ModuleMessages = typeof moduleMessages;
declare module './http/messages.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface MessageCatalogue extends ModuleMessages {}
}
