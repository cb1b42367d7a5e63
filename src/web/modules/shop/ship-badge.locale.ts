import { defineMessages } from '../../locales/define.ts';

/**
 * The top bar's pending-shipment badge: its own tiny namespace, so showing the badge on every screen
 * does not download the texts of the whole shop (shop.locale.ts).
 */
export default {
  shopShipBadge: defineMessages({
    zh: { pendingShipBadge: '待发货商城订单' },
    en: { pendingShipBadge: 'Shop orders to ship' },
  }),
};
