import type { DashboardFigureSource } from '../../../lib/dashboard-figures.ts';
import { countShipOrders } from './shop-order-read.ts';

/** The dashboard's paid shop orders waiting for shipment (a state now: no day to compare). */
export const pendingShipmentsFigure: DashboardFigureSource = {
  key: 'shipmentsPending',
  kind: 'count',
  permission: 'shop:order:page',
  link: '/shop/shopOrder',
  read: async ({ db, scenicId }) => ({
    value: await countShipOrders(db, scenicId),
    yesterday: null,
    lastYear: null,
  }),
};
