import accounts from './modules/accounts/accounts.module.ts';
import audit from './modules/audit/audit.module.ts';
import auth from './modules/auth/auth.module.ts';
import cards from './modules/cards/cards.module.ts';
import checkin from './modules/checkin/checkin.module.ts';
import dashboard from './modules/dashboard/dashboard.module.ts';
import content from './modules/content/content.module.ts';
import coupons from './modules/coupons/coupons.module.ts';
import distribution from './modules/distribution/distribution.module.ts';
import settlement from './modules/settlement/settlement.module.ts';
import withdrawals from './modules/withdrawals/withdrawals.module.ts';
import copyright from './modules/copyright/copyright.module.ts';
import gates from './modules/gates/gates.module.ts';
import health from './modules/health/health.module.ts';
import invoices from './modules/invoices/invoices.module.ts';
import statistics from './modules/statistics/statistics.module.ts';
import inventory from './modules/inventory/inventory.module.ts';
import members from './modules/members/members.module.ts';
import messaging from './modules/messaging/messaging.module.ts';
import notices from './modules/notices/notices.module.ts';
import oauth from './modules/oauth/oauth.module.ts';
import orderAdmin from './modules/order-admin/order-admin.module.ts';
import orders from './modules/orders/orders.module.ts';
import ota from './modules/ota/ota.module.ts';
import payments from './modules/payments/payments.module.ts';
import pictureGroups from './modules/picture-groups/picture-groups.module.ts';
import priceTiers from './modules/price-tiers/price-tiers.module.ts';
import printTemplates from './modules/print-templates/print-templates.module.ts';
import products from './modules/products/products.module.ts';
import refunds from './modules/refunds/refunds.module.ts';
import reservations from './modules/reservations/reservations.module.ts';
import roles from './modules/roles/roles.module.ts';
import scenic from './modules/scenic/scenic.module.ts';
import scenicSpots from './modules/scenic-spots/scenic-spots.module.ts';
import mapGuide from './modules/map-guide/map-guide.module.ts';
import settings from './modules/settings/settings.module.ts';
import shop from './modules/shop/shop.module.ts';
import staffCards from './modules/staff-cards/staff-cards.module.ts';
import storage from './modules/storage/storage.module.ts';
import subscriptions from './modules/subscriptions/subscriptions.module.ts';
import theatres from './modules/theatres/theatres.module.ts';
import ticketDisplay from './modules/ticket-display/ticket-display.module.ts';
import travel from './modules/travel/travel.module.ts';
import terminals from './modules/terminals/terminals.module.ts';
import salesTerminals from './modules/sales-terminals/sales-terminals.module.ts';
import faceDevices from './modules/face-devices/face-devices.module.ts';
import passengerCameras from './modules/passenger-cameras/passenger-cameras.module.ts';
import thirdParty from './modules/third-party/third-party.module.ts';
import topups from './modules/topups/topups.module.ts';
import { installPlugs, type ServerModule } from './lib/server-module.ts';

/**
 * Every server module (src/server/server-module.ts). A new module is one line here; its folder
 * holds the rest. The order is the demo seed's: a module comes after those its demo data refers to.
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  health,
  auth,
  copyright,
  storage,
  scenic,
  scenicSpots,
  pictureGroups,
  mapGuide,
  content,
  accounts,
  roles,
  oauth,
  settings,
  audit,
  messaging,
  notices,
  printTemplates,
  gates,
  staffCards,
  products,
  ticketDisplay,
  theatres,
  inventory,
  members,
  coupons,
  distribution,
  priceTiers,
  orders,
  orderAdmin,
  subscriptions,
  refunds,
  withdrawals,
  settlement,
  checkin,
  reservations,
  travel,
  cards,
  ota,
  payments,
  topups,
  shop,
  invoices,
  statistics,
  dashboard,
  terminals,
  salesTerminals,
  faceDevices,
  passengerCameras,
  thirdParty,
];

// the extension points are filled as soon as the list is loaded: by the app, the seed and the tools
installPlugs(SERVER_MODULES);
