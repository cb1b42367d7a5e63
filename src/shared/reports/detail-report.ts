import { z } from 'zod';
import { DateOnlySchema, dictCodeSchema, endpoints, IdSchema, listQuerySchema } from '../api/common.ts';
import { text, key } from '../api/fields.ts';
import { daysInclusive } from '../api/inventory.ts';
import { REPORT_MAX_DAYS } from '../api/report.ts';
import { PayWay, TicketStatus } from '../dict/order.ts';
import { BuyChannel } from '../dict/product.ts';

/**
 * /statAnalyse/detailReport (docs/statistics.md "Details, money and top-ups"): one row per ticket
 * sold in a period of area days (the order's creation day), paged, filtered, sorted and exported
 * (streamed: a year of tickets fits in no memory budget otherwise).
 */
export const detailReportApi = endpoints('/web/api/admin/stat/detailReport', [
  'page',
  'export',
  'productOptions',
]);

const HALF_DAY_MS = 43_200_000;
/**
 * The calendar day a bound means: "YYYY-MM-DD" as it is, or the ISO start (end) of a day the
 * console's range picker sends in the browser's zone, read half a day later (earlier) in UTC, which
 * gives that day for any offset within ±12 h.
 */
export function dayOfBound(bound: string, end: boolean): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(bound)) return bound;
  return new Date(Date.parse(bound) + (end ? -HALF_DAY_MS : HALF_DAY_MS)).toISOString().slice(0, 10);
}
const DayBoundSchema = z.union([DateOnlySchema, z.iso.datetime({ offset: true })]);

/** Without a period the list shows the last 29 days and today (the screen's default, like the reports'). */
export const DETAIL_DEFAULT_DAYS = 30;

export const DETAIL_SORT_FIELDS = ['createTime', 'visitDate', 'price'] as const;

export const DetailFilterShape = {
  /** The order's creation days (area days), both included; default the last 29 days and today */
  from: DayBoundSchema.transform((v) => dayOfBound(v, false)).optional(),
  to: DayBoundSchema.transform((v) => dayOfBound(v, true)).optional(),
  productId: IdSchema.optional(),
  channel: dictCodeSchema(BuyChannel).optional(),
  payWay: dictCodeSchema(PayWay).optional(),
  /** The ticket's own status */
  status: dictCodeSchema(TicketStatus).optional(),
  orderNo: text(32).optional(),
  /** The buyer's or the visitor's phone, exactly */
  phone: text(20).optional(),
};

type Period = { from?: string | undefined; to?: string | undefined };
const both = (v: Period): v is { from: string; to: string } => !!v.from && !!v.to;
export const DetailPageSchema = listQuerySchema(DETAIL_SORT_FIELDS, DetailFilterShape)
  .refine((v: Period) => !both(v) || v.from <= v.to, { error: key('dateRange'), path: ['to'] })
  .refine((v: Period) => !both(v) || v.from > v.to || daysInclusive(v.from, v.to) <= REPORT_MAX_DAYS, {
    error: key('rangeMax366'),
    path: ['to'],
  });
export type DetailPage = z.infer<typeof DetailPageSchema>;

export const DetailRowSchema = z.object({
  id: z.number().int().describe('the ticket'),
  orderNo: z.string(),
  productName: z.string(),
  productType: z.number().int().describe('ProductType'),
  channel: z.number().int().describe('BuyChannel'),
  payWay: z.number().int().nullable().describe('PayWay'),
  visitDate: z.string(),
  price: z.number().int().describe('cents'),
  status: z.number().int().describe('TicketStatus'),
  visitorName: z.string(),
  visitorPhone: z.string(),
  visitorIdNumber: z.string().describe('masked'),
  buyerName: z.string(),
  buyerPhone: z.string(),
  entryCount: z.number().int(),
  firstEntryTime: z.string().nullable(),
  printCount: z.number().int(),
  createTime: z.string(),
  paidTime: z.string().nullable(),
});
export type DetailRow = z.infer<typeof DetailRowSchema>;

export const DetailProductOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type DetailProductOption = z.infer<typeof DetailProductOptionSchema>;

/** Column labels, shared by the screen and the export. */
export const DetailField = {
  fileName: { zh: '售票明细', en: 'Ticket details' },
  period: { zh: '下单日期', en: 'Order days' },
  id: { zh: '票号', en: 'Ticket' },
  orderNo: { zh: '订单号', en: 'Order no.' },
  productName: { zh: '产品', en: 'Product' },
  productId: { zh: '产品', en: 'Product' },
  productType: { zh: '产品类型', en: 'Product type' },
  channel: { zh: '购买渠道', en: 'Channel' },
  payWay: { zh: '支付方式', en: 'Pay way' },
  visitDate: { zh: '游玩日期', en: 'Visit date' },
  price: { zh: '票价', en: 'Price' },
  status: { zh: '门票状态', en: 'Ticket status' },
  visitorName: { zh: '游客', en: 'Visitor' },
  visitorPhone: { zh: '游客手机', en: 'Visitor phone' },
  visitorIdNumber: { zh: '证件号', en: 'ID number' },
  buyerName: { zh: '下单人', en: 'Buyer' },
  buyerPhone: { zh: '下单手机', en: 'Buyer phone' },
  phone: { zh: '手机号', en: 'Phone' },
  entryCount: { zh: '入园次数', en: 'Entries' },
  firstEntryTime: { zh: '首次入园', en: 'First entry' },
  printCount: { zh: '打印次数', en: 'Prints' },
  createTime: { zh: '下单时间', en: 'Ordered' },
  paidTime: { zh: '支付时间', en: 'Paid' },
} as const;
