import accounts from '../modules/accounts/accounts.module.ts';
import audit from '../modules/audit/audit.module.ts';
import cards from '../modules/cards/cards.module.ts';
import checkin from '../modules/checkin/checkin.module.ts';
import content from '../modules/content/content.module.ts';
import coupons from '../modules/coupons/coupons.module.ts';
import dashboard from '../modules/dashboard/dashboard.module.ts';
import distribution from '../modules/distribution/distribution.module.ts';
import inventory from '../modules/inventory/inventory.module.ts';
import invoices from '../modules/invoices/invoices.module.ts';
import statistics from '../modules/statistics/statistics.module.ts';
import members from '../modules/members/members.module.ts';
import notices from '../modules/notices/notices.module.ts';
import oauth from '../modules/oauth/oauth.module.ts';
import payments from '../modules/payments/payments.module.ts';
import storage from '../modules/storage/storage.module.ts';
import messaging from '../modules/messaging/messaging.module.ts';
import subscriptions from '../modules/subscriptions/subscriptions.module.ts';
import pictureGroups from '../modules/picture-groups/picture-groups.module.ts';
import priceTiers from '../modules/price-tiers/price-tiers.module.ts';
import orders from '../modules/orders/orders.module.ts';
import ota from '../modules/ota/ota.module.ts';
import printTemplates from '../modules/print-templates/print-templates.module.ts';
import products from '../modules/products/products.module.ts';
import profile from '../modules/profile/profile.module.ts';
import refunds from '../modules/refunds/refunds.module.ts';
import reservations from '../modules/reservations/reservations.module.ts';
import roles from '../modules/roles/roles.module.ts';
import scenic from '../modules/scenic/scenic.module.ts';
import scenicSpots from '../modules/scenic-spots/scenic-spots.module.ts';
import settings from '../modules/settings/settings.module.ts';
import shop from '../modules/shop/shop.module.ts';
import staffCards from '../modules/staff-cards/staff-cards.module.ts';
import settlement from '../modules/settlement/settlement.module.ts';
import travel from '../modules/travel/travel.module.ts';
import theatres from '../modules/theatres/theatres.module.ts';
import ticketDisplay from '../modules/ticket-display/ticket-display.module.ts';
import withdrawals from '../modules/withdrawals/withdrawals.module.ts';
import terminals from '../modules/terminals/terminals.module.ts';
import salesTerminals from '../modules/sales-terminals/sales-terminals.module.ts';
import faceDevices from '../modules/face-devices/face-devices.module.ts';
import passengerCameras from '../modules/passenger-cameras/passenger-cameras.module.ts';
import thirdParty from '../modules/third-party/third-party.module.ts';
import gates from '../modules/gates/gates.module.ts';
import mapGuide from '../modules/map-guide/map-guide.module.ts';

/**
 * Every console module behind the layout, in menu order (src/web/lib/web-module.ts). A new module
 * is one line here; its folder holds the rest. The public screens (login, copyright, errors) are
 * routed in router.tsx.
 */
export const WEB_MODULES = [
  dashboard,
  scenic,
  ticketDisplay,
  scenicSpots,
  pictureGroups,
  content,
  travel,
  inventory,
  orders,
  refunds,
  checkin,
  reservations,
  members,
  coupons,
  distribution,
  priceTiers,
  withdrawals,
  terminals,
  gates,
  thirdParty,
  faceDevices,
  salesTerminals,
  passengerCameras,
  settlement,
  ota,
  cards,
  shop,
  products,
  theatres,
  staffCards,
  invoices,
  statistics,
  mapGuide,
  notices,
  printTemplates,
  accounts,
  roles,
  oauth,
  settings,
  payments,
  storage,
  messaging,
  subscriptions,
  audit,
  profile,
] as const;
