import { defineDict } from './dict.ts';

/** /invoice/invDetection: the three checks (docs/invoices.md "Checks and settlement invoices"). */
export const InvoiceCheck = defineDict({
  unbilled: { zh: '已支付未开票', en: 'Paid, not invoiced' },
  stuck: { zh: '开票状态停滞', en: 'Stuck in between' },
  mismatch: { zh: '金额不一致', en: 'Totals differ' },
});
export type InvoiceCheckCode = keyof typeof InvoiceCheck;

/** Whether a paid source not yet invoiced has an invoice requested (not issued yet) or none. */
export const InvoiceRequested = defineDict({
  0: { zh: '未申请', en: 'Not requested', color: 'default' },
  1: { zh: '已申请未开具', en: 'Requested, not issued', color: 'orange' },
});

/** Whether a distributor's settlement statement has its invoice (a live blue one) or not. */
export const StatementInvoiced = defineDict({
  0: { zh: '无发票', en: 'No invoice', color: 'default' },
  1: { zh: '有发票', en: 'Has an invoice', color: 'green' },
});

/** Labels of the checks' lists and exports, and of the settlement invoices' list. */
export const InvoiceCheckField = defineDict({
  days: { zh: '支付超过（天）', en: 'Paid more than (days)' },
  minutes: { zh: '停滞超过（分钟）', en: 'Stuck more than (minutes)' },
  paid: { zh: '实付金额', en: 'Paid' },
  left: { zh: '可开票金额', en: 'Left to invoice' },
  paidAt: { zh: '支付时间', en: 'Paid at' },
  requested: { zh: '申请状态', en: 'Request' },
  since: { zh: '进入该状态时间', en: 'In this state since' },
  stuckMinutes: { zh: '停滞（分钟）', en: 'Stuck (minutes)' },
  invoiced: { zh: '发票净额', en: 'Invoiced (net of reds)' },
  sourceLeft: { zh: '订单实收净额', en: 'Source paid, net of refunds' },
  diff: { zh: '差额', en: 'Difference' },
  statementNo: { zh: '结算单号', en: 'Statement no.' },
  batchNo: { zh: '结算批次', en: 'Batch no.' },
  period: { zh: '结算周期', en: 'Period' },
  distributor: { zh: '分销商', en: 'Distributor' },
  ticketCount: { zh: '票数', en: 'Tickets' },
  settled: { zh: '结算金额', en: 'Settlement amount' },
  closedAt: { zh: '结算时间', en: 'Closed at' },
  invoiceState: { zh: '发票状态', en: 'Invoice state' },
});

export const InvoiceCheckText = defineDict({
  unbilledExport: { zh: '已支付未开票订单', en: 'Paid orders not invoiced' },
  stuckExport: { zh: '停滞的发票', en: 'Stuck invoices' },
  mismatchExport: { zh: '金额不一致的发票', en: 'Invoices whose totals differ' },
  settlementExport: { zh: '分销结算发票', en: 'Settlement invoices' },
  /** the name on a person's invoice when the order has none */
  personBuyer: { zh: '个人', en: 'Individual' },
});
