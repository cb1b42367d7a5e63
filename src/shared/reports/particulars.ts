import type { z } from 'zod';
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

/**
 * /statAnalyse/particulars (docs/statistics.md "Details, money and top-ups"): the money of ticket
 * orders received and paid back per pay way and area day, beside each online pay way's daily
 * statement (reconciliation, docs/payments.md), read from money_totals_daily.
 */
export const particularsApi = reportEndpoints('/web/api/admin/stat/particulars');

const filters = { payWay: dictCodeSchema(PayWay).optional() };
export const PARTICULARS_TABLES = ['byDay', 'byPayWay', 'daily'] as const;
export const ParticularsQuerySchema = reportQuerySchema(filters);
export type ParticularsQuery = z.infer<typeof ParticularsQuerySchema>;
export const ParticularsExportSchema = reportExportSchema(filters, PARTICULARS_TABLES);

/** The statement of a pay way's day as the reconciliation job left it ('' : none fetched). */
export const StatementState = defineDict({
  none: { zh: '无对账单', en: 'No statement', color: 'default' },
  running: { zh: '对账中', en: 'Matching', color: 'orange' },
  matched: { zh: '已对账', en: 'Matched', color: 'green' },
  failed: { zh: '获取失败', en: 'Fetch failed', color: 'red' },
});

export const ParticularsText = {
  fileName: { zh: '收支明细', en: 'Money movements' },
  day: { zh: '日期', en: 'Day' },
  payWay: { zh: '支付方式', en: 'Pay way' },
  received: { zh: '收款金额', en: 'Received' },
  payments: { zh: '收款笔数', en: 'Payments' },
  refunded: { zh: '退款金额', en: 'Refunded' },
  refunds: { zh: '退款笔数', en: 'Refunds' },
  net: { zh: '净收入', en: 'Net' },
  statement: { zh: '对账单', en: 'Statement' },
  statementLines: { zh: '对账单笔数', en: 'Statement lines' },
  differences: { zh: '未处理差异', en: 'Open differences' },
  receivedPrev: { zh: '上期收款', en: 'Received, previous period' },
  netPrev: { zh: '上期净收入', en: 'Net, previous period' },
  byDay: { zh: '每日收支', en: 'By day' },
  byPayWay: { zh: '按支付方式', en: 'By pay way' },
  daily: { zh: '每日每支付方式（对账）', en: 'By day and pay way (reconciliation)' },
} as const;

const T = ParticularsText;
const money: readonly ReportColumn[] = [
  { key: 'received', header: T.received, kind: 'money' },
  { key: 'payments', header: T.payments, kind: 'number' },
  { key: 'refunded', header: T.refunded, kind: 'money' },
  { key: 'refunds', header: T.refunds, kind: 'number' },
  { key: 'net', header: T.net, kind: 'money' },
];

export const particularsReport: ReportDefinition = {
  api: particularsApi,
  fileName: T.fileName,
  figures: [
    { key: 'received', label: T.received, kind: 'money', previous: 'receivedPrev' },
    { key: 'payments', label: T.payments, kind: 'number' },
    { key: 'refunded', label: T.refunded, kind: 'money' },
    { key: 'refunds', label: T.refunds, kind: 'number' },
    { key: 'net', label: T.net, kind: 'money', previous: 'netPrev' },
  ],
  tables: [
    { key: 'byDay', title: T.byDay, columns: [{ key: 'day', header: T.day }, ...money] },
    {
      key: 'byPayWay',
      title: T.byPayWay,
      columns: [{ key: 'payWay', header: T.payWay, kind: 'dict', dict: PayWay }, ...money],
    },
    {
      key: 'daily',
      title: T.daily,
      columns: [
        { key: 'day', header: T.day },
        { key: 'payWay', header: T.payWay, kind: 'dict', dict: PayWay },
        ...money,
        { key: 'statement', header: T.statement, kind: 'dict', dict: StatementState },
        { key: 'statementLines', header: T.statementLines, kind: 'number' },
        { key: 'differences', header: T.differences, kind: 'number' },
      ],
    },
  ],
};
