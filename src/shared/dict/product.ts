import { defineDict } from './dict.ts';

/** docs/product.md §4/§9 refund rules: 1 non-refundable, 2 conditional, otherwise refundable anytime. */
export const RefundRule = defineDict({
  1: { zh: '不可退', en: 'Non-refundable', color: 'red' },
  2: { zh: '有条件退', en: 'Conditional refund', color: 'orange' },
  3: { zh: '随时退', en: 'Refundable anytime', color: 'green' },
});
export type RefundRuleCode = keyof typeof RefundRule;
export const REFUND_RULE = { none: 1, conditional: 2, anytime: 3 } as const;

/** docs/product.md §9 refund fee unit: 1 yuan (the value is money in cents), 2 percent of the price. */
export const RefundUnit = defineDict({
  1: { zh: '元', en: 'Yuan' },
  2: { zh: '百分比', en: 'Percent' },
});
export type RefundUnitCode = keyof typeof RefundUnit;
export const REFUND_UNIT = { yuan: 1, percent: 2 } as const;

/** docs/product.md §9 real-name type: 1 required, 2 not needed, 3 visitor chooses. */
export const RealNameType = defineDict({
  1: { zh: '需要实名', en: 'Real name required' },
  2: { zh: '无需实名', en: 'No real name needed' },
  3: { zh: '游客自选', en: 'Visitor chooses' },
});
export type RealNameTypeCode = keyof typeof RealNameType;

/** docs/product.md §9 print type: 1 default print, 2 default no print, 3 visitor chooses. */
export const PrintType = defineDict({
  1: { zh: '默认打印', en: 'Print by default' },
  2: { zh: '默认不打印', en: 'No print by default' },
  3: { zh: '游客自选', en: 'Visitor chooses' },
});
export type PrintTypeCode = keyof typeof PrintType;

/** docs/product.md §9 product types. */
export const ProductType = defineDict({
  1: { zh: '普通票', en: 'Regular', color: 'blue' },
  2: { zh: '分时票', en: 'Timed', color: 'purple' },
  3: { zh: '演出票', en: 'Performance', color: 'magenta' },
});
export type ProductTypeCode = keyof typeof ProductType;
export const PRODUCT_TYPE = { regular: 1, timed: 2, performance: 3 } as const;

/**
 * docs/product.md §9 ticket validity types (what each means here: docs/decisions.md "Ticket validity"):
 * 1 the visit date; 2 N consecutive days from the visit date; 3 any day between two fixed dates;
 * 4 the visit date inside the session's time slot; 5 N minutes from the first entry;
 * 6 the visit date, with a free validity text shown to the visitor.
 */
export const ValidityType = defineDict({
  1: { zh: '普通', en: 'Ordinary' },
  2: { zh: '多日', en: 'Multi-day' },
  3: { zh: '区间', en: 'Interval' },
  4: { zh: '时段', en: 'Time slot' },
  5: { zh: '限时', en: 'Time-limited' },
  6: { zh: '展示', en: 'Display' },
});
export type ValidityTypeCode = keyof typeof ValidityType;
export const VALIDITY_TYPE = {
  ordinary: 1,
  multiDay: 2,
  interval: 3,
  timeSlot: 4,
  timeLimited: 5,
  display: 6,
} as const;

/** docs/product.md §4 ticket validity time display. */
export const ValidityDisplay = defineDict({
  0: { zh: '定时（日期+分钟）', en: 'Timed (date and minute)' },
  1: { zh: '单日', en: 'Single day' },
  2: { zh: '日期区间', en: 'Date range' },
  3: { zh: '时间区间（分钟）', en: 'Time range (minutes)' },
  4: { zh: '时间区间（分钟）', en: 'Time range (minutes)' },
  5: { zh: '时间区间（秒）', en: 'Time range (seconds)' },
});
export type ValidityDisplayCode = keyof typeof ValidityDisplay;

/** Entries a ticket allows (issue 5): one entry, N entries, or re-entry after an exit. */
export const EntryMode = defineDict({
  1: { zh: '单次入园', en: 'Single entry' },
  2: { zh: '多次入园', en: 'N entries' },
  3: { zh: '出园后可再入园', en: 'Re-entry after exit' },
});
export type EntryModeCode = keyof typeof EntryMode;
export const ENTRY_MODE = { single: 1, times: 2, reentry: 3 } as const;

/** docs/product.md §9 buy channels. */
export const BuyChannel = defineDict({
  1: { zh: '人工窗口', en: 'Manual window' },
  2: { zh: '自助售票机', en: 'Self-service machine' },
  3: { zh: '手持机', en: 'Handheld' },
  4: { zh: '小程序', en: 'Mini-program' },
  5: { zh: '闸机', en: 'Gate' },
  11: { zh: '第三方门店', en: 'Third-party store' },
  12: { zh: '第三方门店（二）', en: 'Third-party store (2)' },
  13: { zh: '分销', en: 'Distribution' },
  14: { zh: '自我游', en: 'Zowoyoo' },
  15: { zh: '票付通', en: 'Ticket-pay platform' },
  16: { zh: '携程', en: 'Ctrip' },
  17: { zh: '美团', en: 'Meituan' },
  18: { zh: '其他渠道', en: 'Other channel' },
});
export type BuyChannelCode = keyof typeof BuyChannel;

/** On shelf / off shelf (docs/product.md §4 "Shelf: on or off"). */
export const ShelfStatus = defineDict({
  1: { zh: '已上架', en: 'On shelf', color: 'green' },
  2: { zh: '已下架', en: 'Off shelf', color: 'default' },
});
export type ShelfStatusCode = keyof typeof ShelfStatus;
export const SHELF = { on: 1, off: 2 } as const;

/** A day (or session, or show) of the price calendar or the public stock: on sale or closed. */
export const SaleStatus = defineDict({
  1: { zh: '可售', en: 'On sale', color: 'green' },
  2: { zh: '停售', en: 'Closed', color: 'red' },
});
export type SaleStatusCode = keyof typeof SaleStatus;
export const SALE_STATUS = { onSale: 1, closed: 2 } as const;
