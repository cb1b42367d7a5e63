import { defineMessages } from '../../locales/define.ts';

/**
 * The top bar's pending-shipment badge: its own tiny namespace, so showing the badge on every screen
 * does not download the texts of the whole shop (shop.locale.ts).
 */
const texts = {
  shopShipBadge: defineMessages({
    zh: { pendingShipBadge: '待发货商城订单' },
    en: { pendingShipBadge: 'Shop orders to ship' },
  }),
};

export default texts;

// its namespace joins the console's texts as a type (src/web/locales/index.ts)
declare module '../../locales/index.ts' {
  interface LoadedNamespaces {
    shopShipBadge: typeof texts.shopShipBadge;
  }
}
