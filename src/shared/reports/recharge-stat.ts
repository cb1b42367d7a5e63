import type { z } from 'zod';
import {
  reportEndpoints,
  reportExportSchema,
  reportQuerySchema,
  type ReportColumn,
  type ReportDefinition,
} from '../api/report.ts';
import { PayWay } from '../dict/order.ts';

/**
 * /statAnalyse/rechargeStat (docs/statistics.md "Details, money and top-ups"): the members' stored
 * value per area day (the balance ledger: top-ups, gifts, spends, refunds back to the balance,
 * adjustments) and the paid top-ups per recharge rule (/user/BalanceSet) and pay way.
 */
export const rechargeStatApi = reportEndpoints('/web/api/admin/stat/rechargeStat');

export const RECHARGE_STAT_TABLES = ['byDay', 'byRule', 'byPayWay'] as const;
export const RechargeStatQuerySchema = reportQuerySchema({});
export type RechargeStatQuery = z.infer<typeof RechargeStatQuerySchema>;
export const RechargeStatExportSchema = reportExportSchema({}, RECHARGE_STAT_TABLES);

export const RechargeStatText = {
  fileName: { zh: '充值统计', en: 'Member top-ups' },
  day: { zh: '日期', en: 'Day' },
  topUp: { zh: '充值金额', en: 'Top-ups' },
  topUps: { zh: '充值笔数', en: 'Top-up count' },
  gift: { zh: '赠送金额', en: 'Gifts' },
  spend: { zh: '消费金额', en: 'Spent' },
  spends: { zh: '消费笔数', en: 'Spend count' },
  refund: { zh: '退回余额', en: 'Refunded to balance' },
  adjust: { zh: '人工调整', en: 'Adjustments' },
  change: { zh: '余额变化', en: 'Balance change' },
  members: { zh: '充值会员数', en: 'Members topping up' },
  topUpPrev: { zh: '上期充值', en: 'Top-ups, previous period' },
  spendPrev: { zh: '上期消费', en: 'Spent, previous period' },
  rule: { zh: '充值规则', en: 'Recharge rule' },
  ruleNone: { zh: '无规则（自定义金额）', en: 'No rule (own amount)' },
  ruleText: { zh: '充{pay}送{gift}', en: 'Pay {pay}, get {gift}' },
  payWay: { zh: '支付方式', en: 'Pay way' },
  byDay: { zh: '每日储值', en: 'By day' },
  byRule: { zh: '按充值规则', en: 'By recharge rule' },
  byPayWay: { zh: '按支付方式', en: 'By pay way' },
} as const;

const T = RechargeStatText;
const paid: readonly ReportColumn[] = [
  { key: 'topUps', header: T.topUps, kind: 'number' },
  { key: 'topUp', header: T.topUp, kind: 'money' },
  { key: 'gift', header: T.gift, kind: 'money' },
];

export const rechargeStatReport: ReportDefinition = {
  api: rechargeStatApi,
  fileName: T.fileName,
  figures: [
    { key: 'topUp', label: T.topUp, kind: 'money', previous: 'topUpPrev' },
    { key: 'topUps', label: T.topUps, kind: 'number' },
    { key: 'gift', label: T.gift, kind: 'money' },
    { key: 'spend', label: T.spend, kind: 'money', previous: 'spendPrev' },
    { key: 'members', label: T.members, kind: 'number' },
  ],
  tables: [
    {
      key: 'byDay',
      title: T.byDay,
      columns: [
        { key: 'day', header: T.day },
        ...paid,
        { key: 'spends', header: T.spends, kind: 'number' },
        { key: 'spend', header: T.spend, kind: 'money' },
        { key: 'refund', header: T.refund, kind: 'money' },
        { key: 'adjust', header: T.adjust, kind: 'money' },
        { key: 'change', header: T.change, kind: 'money' },
      ],
    },
    { key: 'byRule', title: T.byRule, columns: [{ key: 'rule', header: T.rule }, ...paid] },
    {
      key: 'byPayWay',
      title: T.byPayWay,
      columns: [{ key: 'payWay', header: T.payWay, kind: 'dict', dict: PayWay }, ...paid],
    },
  ],
};
