import { defineDict } from './dict.ts';

/** Weekdays as Date#getDay and PostgreSQL `extract(dow)`: 0 Sunday … 6 Saturday. */
export const Weekday = defineDict({
  1: { zh: '周一', en: 'Mon' },
  2: { zh: '周二', en: 'Tue' },
  3: { zh: '周三', en: 'Wed' },
  4: { zh: '周四', en: 'Thu' },
  5: { zh: '周五', en: 'Fri' },
  6: { zh: '周六', en: 'Sat' },
  0: { zh: '周日', en: 'Sun' },
});
/** Monday first, as the console shows them. */
export const WEEKDAYS_MON_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;
export const WORKDAYS = [1, 2, 3, 4, 5] as const;
export const WEEKEND_DAYS = [6, 0] as const;

/** Column labels of the price calendar and public stock (console and Excel export). */
export const InventoryField = defineDict({
  product: { zh: '商品', en: 'Product' },
  session: { zh: '场次', en: 'Session' },
  date: { zh: '日期', en: 'Date' },
  weekday: { zh: '星期', en: 'Weekday' },
  price: { zh: '价格（元）', en: 'Price (yuan)' },
  stock: { zh: '库存', en: 'Stock' },
  sold: { zh: '已售', en: 'Sold' },
  left: { zh: '剩余', en: 'Left' },
  status: { zh: '状态', en: 'Status' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});

export const InventoryExportText = defineDict({
  priceCalendar: { zh: '价格日历', en: 'Price calendar' },
});
