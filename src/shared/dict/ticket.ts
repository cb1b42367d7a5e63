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

/** docs/product.md §9 notice types. */
export const NoticeType = defineDict({
  1: { zh: '购票须知', en: 'Purchase' },
  2: { zh: '使用须知', en: 'Usage' },
  3: { zh: '退票须知', en: 'Refund' },
  4: { zh: '费用说明', en: 'Fees' },
  5: { zh: '其他', en: 'Other' },
});
export type NoticeTypeCode = keyof typeof NoticeType;

/** docs/product.md §9 ticket printer papers, with the size a template starts from (mm). */
export const PrinterPaper = defineDict({
  1: { zh: '58mm 小票', en: '58 mm receipt' },
  2: { zh: '80mm 小票', en: '80 mm receipt' },
  3: { zh: '72mm 铜版纸', en: '72 mm coated paper' },
  4: { zh: '29mm 腕带', en: '29 mm wristband' },
});
export type PrinterPaperCode = keyof typeof PrinterPaper;
export const PAPER_SIZE_MM: Record<PrinterPaperCode, { width: number; height: number }> = {
  1: { width: 58, height: 100 },
  2: { width: 80, height: 120 },
  3: { width: 72, height: 150 },
  4: { width: 29, height: 250 },
};

/** docs/product.md §9 park entry types. */
export const ParkEntryType = defineDict({
  1: { zh: '门票', en: 'Ticket' },
  2: { zh: '通行卡', en: 'Pass card' },
  3: { zh: '员工卡', en: 'Staff card' },
});
export type ParkEntryTypeCode = keyof typeof ParkEntryType;

/** docs/product.md §9 card reading. */
export const CardReadMode = defineDict({
  1: { zh: '二维码', en: 'QR code' },
  2: { zh: '身份证', en: 'ID card' },
  3: { zh: 'IC 卡', en: 'IC card' },
  4: { zh: '人脸', en: 'Face' },
});
export type CardReadModeCode = keyof typeof CardReadMode;

/** docs/product.md §9 gate types. */
export const GateType = defineDict({
  10: { zh: '入园检票', en: 'Entry check' },
  11: { zh: '出园检票', en: 'Exit check' },
  20: { zh: '计时开始', en: 'Timer start' },
  21: { zh: '计时暂停', en: 'Timer pause' },
});
export type GateTypeCode = keyof typeof GateType;

/** A cell of a theatre's seat map. */
export const SeatKind = defineDict({
  1: { zh: '座位', en: 'Seat' },
  2: { zh: '过道', en: 'Aisle' },
  3: { zh: '不可用', en: 'Disabled' },
});
export type SeatKindCode = keyof typeof SeatKind;
export const SEAT_KIND = { seat: 1, aisle: 2, disabled: 3 } as const;

/** A seat of one show: free, held by an unpaid order, sold, or blocked by staff. */
export const SeatStatus = defineDict({
  1: { zh: '可售', en: 'Available', color: 'green' },
  2: { zh: '锁定中', en: 'Held', color: 'orange' },
  3: { zh: '已售', en: 'Sold', color: 'red' },
  4: { zh: '不可售', en: 'Blocked', color: 'default' },
});
export type SeatStatusCode = keyof typeof SeatStatus;
export const SEAT_STATUS = { available: 1, held: 2, sold: 3, blocked: 4 } as const;

/** Column labels of the agreement and purchase-notice lists, shared with their Excel export. */
export const NoticeField = defineDict({
  title: { zh: '标题', en: 'Title' },
  noticeType: { zh: '须知类型', en: 'Notice type' },
  content: { zh: '内容', en: 'Content' },
  status: { zh: '状态', en: 'Status' },
  sort: { zh: '排序', en: 'Sort order' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});
export const NoticeExportText = defineDict({
  notices: { zh: '购票须知模板', en: 'Purchase notices' },
});

/** Column labels of the theatre list, shared with its Excel export. */
export const TheatreField = defineDict({
  name: { zh: '剧院名称', en: 'Theatre' },
  address: { zh: '地址', en: 'Address' },
  rows: { zh: '行数', en: 'Rows' },
  cols: { zh: '列数', en: 'Columns' },
  size: { zh: '行 × 列', en: 'Rows × columns' },
  seatCount: { zh: '座位数', en: 'Seats' },
  status: { zh: '状态', en: 'Status' },
  remark: { zh: '备注', en: 'Remark' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});
export const TheatreExportText = defineDict({
  theatres: { zh: '剧院列表', en: 'Theatres' },
});
