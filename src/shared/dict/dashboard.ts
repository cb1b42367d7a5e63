import type { DashboardFigureKey } from '../api/dashboard.ts';
import type { DictEntry } from './dict.ts';

/** The dashboard figures' names (docs/statistics.md "Dashboard"). */
export const DashboardFigureLabel = {
  sales: { zh: '今日销售额', en: "Today's sales" },
  visitorsNow: { zh: '在园人数', en: 'Visitors in the park' },
  entries: { zh: '今日入园', en: 'Entries today' },
  refundsPending: { zh: '待审核退款', en: 'Refunds to review' },
  shipmentsPending: { zh: '待发货订单', en: 'Orders to ship' },
  devicesOffline: { zh: '离线设备', en: 'Devices offline' },
} as const satisfies Record<DashboardFigureKey, DictEntry>;

/** The names of the 30-day trend's series (a day's figure each, not today's). */
export const DashboardTrendLabel = {
  sales: { zh: '销售额', en: 'Sales' },
  entries: { zh: '入园人次', en: 'Entries' },
} as const satisfies Partial<Record<DashboardFigureKey, DictEntry>>;
