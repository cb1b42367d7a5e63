import type { z } from 'zod';
import {
  reportEndpoints,
  reportExportSchema,
  reportQuerySchema,
  type ReportColumn,
  type ReportDefinition,
} from '../api/report.ts';
import { defineDict, type DictEntry } from '../dict/dict.ts';

/**
 * The distributor reports (docs/statistics.md "Gates, origins and distributors"): /statAnalyse/
 * disReport (sales, settled and unsettled per distributor), disSale (sales per day) and disTicket
 * (tickets per product and state). A distributor account sees its own rows only.
 */
export const disReportApi = reportEndpoints('/web/api/admin/stat/disReport');
export const disSaleApi = reportEndpoints('/web/api/admin/stat/disSale');
export const disTicketApi = reportEndpoints('/web/api/admin/stat/disTicket');

export const DisQuerySchema = reportQuerySchema({});
export type DisQuery = z.infer<typeof DisQuerySchema>;
export const disExportSchema = (tables: readonly [string, ...string[]]) => reportExportSchema({}, tables);

/** What happened to a distributor's tickets of the period (disTicket). */
export const DisTicketState = defineDict({
  1: { zh: '已售未退', en: 'Sold, not refunded' },
  2: { zh: '已退票', en: 'Refunded' },
  3: { zh: '已结算', en: 'Settled' },
});

const h = (zh: string, en: string): DictEntry => ({ zh, en });
const money = (key: string, header: DictEntry): ReportColumn => ({ key, header, kind: 'money' });
const count = (key: string, header: DictEntry): ReportColumn => ({ key, header, kind: 'number' });

const H = {
  company: h('分销商', 'Distributor'),
  day: h('日期', 'Day'),
  orders: h('订单数', 'Orders'),
  tickets: h('票数', 'Tickets'),
  sales: h('销售额', 'Sales'),
  refunded: h('退款额', 'Refunded'),
  net: h('净销售额', 'Net sales'),
  settled: h('已结算', 'Settled'),
  commission: h('佣金', 'Commission'),
  unsettled: h('未结算', 'Unsettled'),
  product: h('产品', 'Product'),
};

export const disReportReport: ReportDefinition = {
  api: disReportApi,
  fileName: h('分销报表', 'Distributor report'),
  figures: [
    { key: 'sales', label: H.sales, kind: 'money', previous: 'salesPrevious' },
    { key: 'net', label: H.net, kind: 'money' },
    { key: 'settled', label: H.settled, kind: 'money' },
    { key: 'unsettled', label: H.unsettled, kind: 'money' },
  ],
  tables: [
    {
      key: 'distributors',
      title: h('按分销商', 'By distributor'),
      columns: [
        { key: 'company', header: H.company },
        count('orders', H.orders),
        count('tickets', H.tickets),
        money('sales', H.sales),
        money('refunded', H.refunded),
        money('net', H.net),
        money('settled', H.settled),
        money('commission', H.commission),
        money('unsettled', H.unsettled),
      ],
    },
  ],
};

const saleColumns = [
  count('orders', H.orders),
  count('tickets', H.tickets),
  money('sales', H.sales),
  money('refunded', H.refunded),
  money('net', H.net),
];

export const disSaleReport: ReportDefinition = {
  api: disSaleApi,
  fileName: h('分销销售', 'Distributor sales'),
  figures: [
    { key: 'orders', label: H.orders, kind: 'number', previous: 'ordersPrevious' },
    { key: 'tickets', label: H.tickets, kind: 'number', previous: 'ticketsPrevious' },
    { key: 'sales', label: H.sales, kind: 'money', previous: 'salesPrevious' },
    { key: 'net', label: H.net, kind: 'money' },
  ],
  tables: [
    { key: 'days', title: h('按日', 'By day'), columns: [{ key: 'day', header: H.day }, ...saleColumns] },
    {
      key: 'distributorDays',
      title: h('按分销商和日期', 'By distributor and day'),
      columns: [{ key: 'day', header: H.day }, { key: 'company', header: H.company }, ...saleColumns],
    },
  ],
};

export const disTicketReport: ReportDefinition = {
  api: disTicketApi,
  fileName: h('分销票务', 'Distributor tickets'),
  figures: [
    { key: 'sold', label: h('售出票数', 'Tickets sold'), kind: 'number', previous: 'soldPrevious' },
    { key: 'refunded', label: h('退票数', 'Tickets refunded'), kind: 'number' },
    { key: 'settled', label: h('结算票数', 'Tickets settled'), kind: 'number' },
  ],
  tables: [
    {
      key: 'states',
      title: h('按状态', 'By state'),
      columns: [
        { key: 'state', header: h('状态', 'State'), kind: 'dict', dict: DisTicketState },
        count('tickets', H.tickets),
        money('amount', h('金额', 'Amount')),
      ],
    },
    {
      key: 'products',
      title: h('按分销商和产品', 'By distributor and product'),
      columns: [
        { key: 'company', header: H.company },
        { key: 'product', header: H.product },
        count('sold', h('售出', 'Sold')),
        count('refunded', h('退票', 'Refunded')),
        count('valid', h('有效', 'Kept')),
        money('sales', H.sales),
        money('refundedAmount', H.refunded),
      ],
    },
  ],
};
