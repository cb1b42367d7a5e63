import { z } from 'zod';
import { dictCodeSchema } from '../api/common.ts';
import {
  reportEndpoints,
  reportExportSchema,
  reportQuerySchema,
  type ReportColumn,
  type ReportDefinition,
} from '../api/report.ts';
import { defineDict } from '../dict/dict.ts';
import { PayWay } from '../dict/order.ts';
import { BuyChannel, ProductType } from '../dict/product.ts';

/**
 * The sales reports (docs/statistics.md "Sales"): /statAnalyse/dataPars (overview of a period),
 * dataAnalyse (trends, hours, mix) and statAllReport (product × channel × pay way). All read the
 * sales rollups: paid orders on the area day they were created.
 */

export const dataParsApi = reportEndpoints('/web/api/admin/stat/dataPars');
export const dataAnalyseApi = reportEndpoints('/web/api/admin/stat/dataAnalyse');
export const statAllReportApi = reportEndpoints('/web/api/admin/stat/statAllReport');

/** How the trend of dataAnalyse is bucketed. */
export const TrendStep = defineDict({
  day: { zh: '按日', en: 'By day' },
  week: { zh: '按周', en: 'By week' },
  month: { zh: '按月', en: 'By month' },
});
export const TREND_STEPS = ['day', 'week', 'month'] as const;
export type TrendStepCode = (typeof TREND_STEPS)[number];

/** A channel column's codes, and the row closing one product's channels in the summary. */
export const SummaryChannel = defineDict({ ...BuyChannel, subtotal: { zh: '小计', en: 'Subtotal' } });

const channelFilter = {
  channel: dictCodeSchema(BuyChannel).optional(),
  payWay: dictCodeSchema(PayWay).optional(),
};
// sales by hour of day are kept per channel only: the trends filter by channel
const trendFilters = { channel: channelFilter.channel, step: z.enum(TREND_STEPS).optional() };
const summaryFilters = { ...channelFilter, productType: dictCodeSchema(ProductType).optional() };

export const DATA_PARS_TABLES = ['byChannel', 'byPayWay', 'byProductType'] as const;
export const DataParsQuerySchema = reportQuerySchema(channelFilter);
export type DataParsQuery = z.infer<typeof DataParsQuerySchema>;
export const DataParsExportSchema = reportExportSchema(channelFilter, DATA_PARS_TABLES);

export const DATA_ANALYSE_TABLES = ['trend', 'byHour', 'byProduct', 'byChannel'] as const;
export const DataAnalyseQuerySchema = reportQuerySchema(trendFilters);
export type DataAnalyseQuery = z.infer<typeof DataAnalyseQuerySchema>;
export const DataAnalyseExportSchema = reportExportSchema(trendFilters, DATA_ANALYSE_TABLES);

export const STAT_ALL_TABLES = ['summary', 'byProduct'] as const;
export const StatAllQuerySchema = reportQuerySchema(summaryFilters);
export type StatAllQuery = z.infer<typeof StatAllQuerySchema>;
export const StatAllExportSchema = reportExportSchema(summaryFilters, STAT_ALL_TABLES);

export const SalesText = {
  overview: { zh: '数据概览', en: 'Overview' },
  trends: { zh: '趋势分析', en: 'Trends' },
  summaryFile: { zh: '汇总报表', en: 'Summary report' },
  amount: { zh: '销售额', en: 'Sales' },
  amountPrev: { zh: '上期销售额', en: 'Sales, previous period' },
  orders: { zh: '订单数', en: 'Orders' },
  ordersPrev: { zh: '上期订单数', en: 'Orders, previous period' },
  tickets: { zh: '售票数', en: 'Tickets sold' },
  ticketsPrev: { zh: '上期售票数', en: 'Tickets, previous period' },
  visitors: { zh: '入园人次', en: 'Visitors' },
  visitorsPrev: { zh: '上期入园人次', en: 'Visitors, previous period' },
  refundedAmount: { zh: '退款金额', en: 'Refunded' },
  refundedAmountPrev: { zh: '上期退款金额', en: 'Refunded, previous period' },
  refundedTickets: { zh: '退票数', en: 'Tickets refunded' },
  refundedTicketsPrev: { zh: '上期退票数', en: 'Tickets refunded, previous period' },
  refundedValue: { zh: '退票金额', en: 'Refunded tickets value' },
  avgPrice: { zh: '平均票价', en: 'Average price' },
  avgPricePrev: { zh: '上期平均票价', en: 'Average price, previous period' },
  net: { zh: '净销售额', en: 'Net sales' },
  share: { zh: '占比', en: 'Share' },
  change: { zh: '环比', en: 'Change' },
  period: { zh: '时间', en: 'Period' },
  step: { zh: '统计粒度', en: 'By' },
  hour: { zh: '时段', en: 'Hour' },
  product: { zh: '产品', en: 'Product' },
  productType: { zh: '产品类型', en: 'Product type' },
  channel: { zh: '购买渠道', en: 'Channel' },
  payWay: { zh: '支付方式', en: 'Pay way' },
  byChannel: { zh: '按渠道', en: 'By channel' },
  byPayWay: { zh: '按支付方式', en: 'By pay way' },
  byProductType: { zh: '按产品类型', en: 'By product type' },
  byProduct: { zh: '产品构成', en: 'Product mix' },
  channelMix: { zh: '渠道构成', en: 'Channel mix' },
  trend: { zh: '销售趋势', en: 'Sales trend' },
  byHour: { zh: '分时段销售', en: 'Sales by hour of day' },
  summary: { zh: '产品 × 渠道 × 支付方式', en: 'Product × channel × pay way' },
} as const;

const T = SalesText;
const salesColumns: readonly ReportColumn[] = [
  { key: 'orders', header: T.orders, kind: 'number' },
  { key: 'tickets', header: T.tickets, kind: 'number' },
  { key: 'amount', header: T.amount, kind: 'money' },
  { key: 'refundedAmount', header: T.refundedAmount, kind: 'money' },
  { key: 'share', header: T.share, kind: 'permille' },
];
const ticketColumns: readonly ReportColumn[] = [
  { key: 'tickets', header: T.tickets, kind: 'number' },
  { key: 'amount', header: T.amount, kind: 'money' },
  { key: 'refundedTickets', header: T.refundedTickets, kind: 'number' },
  { key: 'refundedAmount', header: T.refundedValue, kind: 'money' },
];

const withPrevious = (key: keyof typeof T, kind: 'money' | 'number') =>
  ({ key, label: T[key], kind, previous: `${key}Prev` }) as const;

export const dataParsReport: ReportDefinition = {
  api: dataParsApi,
  fileName: T.overview,
  figures: [
    withPrevious('amount', 'money'),
    withPrevious('orders', 'number'),
    withPrevious('tickets', 'number'),
    withPrevious('visitors', 'number'),
    withPrevious('refundedAmount', 'money'),
    withPrevious('refundedTickets', 'number'),
    withPrevious('avgPrice', 'money'),
  ],
  tables: [
    {
      key: 'byChannel',
      title: T.byChannel,
      columns: [{ key: 'channel', header: T.channel, kind: 'dict', dict: BuyChannel }, ...salesColumns],
    },
    {
      key: 'byPayWay',
      title: T.byPayWay,
      columns: [{ key: 'payWay', header: T.payWay, kind: 'dict', dict: PayWay }, ...salesColumns],
    },
    {
      key: 'byProductType',
      title: T.byProductType,
      columns: [
        { key: 'productType', header: T.productType, kind: 'dict', dict: ProductType },
        ...ticketColumns,
        { key: 'share', header: T.share, kind: 'permille' },
      ],
    },
  ],
};

export const dataAnalyseReport: ReportDefinition = {
  api: dataAnalyseApi,
  fileName: T.trends,
  figures: [
    withPrevious('amount', 'money'),
    withPrevious('orders', 'number'),
    withPrevious('tickets', 'number'),
  ],
  tables: [
    {
      key: 'trend',
      title: T.trend,
      columns: [
        { key: 'period', header: T.period },
        { key: 'amount', header: T.amount, kind: 'money' },
        { key: 'amountPrev', header: T.amountPrev, kind: 'money' },
        { key: 'change', header: T.change, kind: 'permille' },
        { key: 'orders', header: T.orders, kind: 'number' },
        { key: 'ordersPrev', header: T.ordersPrev, kind: 'number' },
        { key: 'tickets', header: T.tickets, kind: 'number' },
      ],
    },
    {
      key: 'byHour',
      title: T.byHour,
      columns: [
        { key: 'hour', header: T.hour },
        { key: 'orders', header: T.orders, kind: 'number' },
        { key: 'tickets', header: T.tickets, kind: 'number' },
        { key: 'amount', header: T.amount, kind: 'money' },
      ],
    },
    {
      key: 'byProduct',
      title: T.byProduct,
      columns: [
        { key: 'product', header: T.product },
        { key: 'productType', header: T.productType, kind: 'dict', dict: ProductType },
        { key: 'tickets', header: T.tickets, kind: 'number' },
        { key: 'amount', header: T.amount, kind: 'money' },
        { key: 'share', header: T.share, kind: 'permille' },
      ],
    },
    {
      key: 'byChannel',
      title: T.channelMix,
      columns: [{ key: 'channel', header: T.channel, kind: 'dict', dict: BuyChannel }, ...salesColumns],
    },
  ],
};

export const statAllReport: ReportDefinition = {
  api: statAllReportApi,
  fileName: T.summaryFile,
  figures: [
    { key: 'tickets', label: T.tickets, kind: 'number' },
    { key: 'amount', label: T.amount, kind: 'money' },
    { key: 'refundedTickets', label: T.refundedTickets, kind: 'number' },
    { key: 'refundedAmount', label: T.refundedValue, kind: 'money' },
    { key: 'net', label: T.net, kind: 'money' },
  ],
  tables: [
    {
      key: 'summary',
      title: T.summary,
      columns: [
        { key: 'product', header: T.product, width: 200 },
        { key: 'channel', header: T.channel, kind: 'dict', dict: SummaryChannel },
        { key: 'payWay', header: T.payWay, kind: 'dict', dict: PayWay },
        ...ticketColumns,
        { key: 'net', header: T.net, kind: 'money' },
      ],
    },
    {
      key: 'byProduct',
      title: T.byProduct,
      columns: [
        { key: 'product', header: T.product, width: 200 },
        ...ticketColumns,
        { key: 'net', header: T.net, kind: 'money' },
      ],
    },
  ],
};
