import { defineDict } from './dict.ts';

/** How often an area's distribution tickets are settled. */
export const SettlementCycle = defineDict({
  1: { zh: '日结', en: 'Daily' },
  2: { zh: '周结', en: 'Weekly' },
  3: { zh: '月结', en: 'Monthly' },
});
export type SettlementCycleCode = keyof typeof SettlementCycle;

/** A settlement batch: a draft is previewed and reviewed, then closed once (T25) or discarded. */
export const SettlementBatchState = defineDict({
  1: { zh: '草稿', en: 'Draft', color: 'orange' },
  2: { zh: '已结算', en: 'Closed', color: 'green' },
  3: { zh: '已作废', en: 'Discarded', color: 'default' },
});
export type SettlementBatchStateCode = keyof typeof SettlementBatchState;
export const SETTLEMENT_BATCH_STATE = { draft: 1, closed: 2, discarded: 3 } as const;

/** Whether a distribution order's tickets are settled: none, some, all of them. */
export const OrderSettleState = defineDict({
  0: { zh: '未结算', en: 'Unsettled', color: 'default' },
  1: { zh: '部分结算', en: 'Partly settled', color: 'orange' },
  2: { zh: '已结算', en: 'Settled', color: 'green' },
});

export const SettlementField = defineDict({
  cycle: { zh: '结算周期', en: 'Cycle' },
  settleUsed: { zh: '结算已使用票', en: 'Settle used tickets' },
  settleExpired: { zh: '结算已过期票', en: 'Settle expired tickets' },
  commissionRate: { zh: '佣金比例（%）', en: 'Commission (%)' },
  batchNo: { zh: '批次号', en: 'Batch no.' },
  periodFrom: { zh: '开始日期', en: 'From' },
  periodTo: { zh: '结束日期', en: 'To' },
  state: { zh: '状态', en: 'State' },
  ticketCount: { zh: '票数', en: 'Tickets' },
  amount: { zh: '结算金额', en: 'Settlement amount' },
  commission: { zh: '佣金', en: 'Commission' },
  closedAt: { zh: '结算时间', en: 'Closed at' },
  createTime: { zh: '创建时间', en: 'Created at' },
  distributor: { zh: '分销商', en: 'Distributor' },
  orderNo: { zh: '订单号', en: 'Order no.' },
  ticketId: { zh: '票号', en: 'Ticket' },
  visitDate: { zh: '游玩日期', en: 'Visit date' },
  ticketStatus: { zh: '票状态', en: 'Ticket status' },
  product: { zh: '产品', en: 'Product' },
  settleState: { zh: '结算状态', en: 'Settlement' },
  retailAmount: { zh: '零售金额', en: 'Retail amount' },
  ticketCountOrder: { zh: '张数', en: 'Tickets' },
  payWay: { zh: '支付方式', en: 'Pay way' },
  orderStatus: { zh: '订单状态', en: 'Order status' },
  createTimeOrder: { zh: '下单时间', en: 'Ordered at' },
});

export const SettlementText = defineDict({
  statementExport: { zh: '分销商结算单', en: 'Distributor statement' },
  batchesExport: { zh: '结算批次', en: 'Settlement batches' },
  ordersExport: { zh: '分销订单', en: 'Distribution orders' },
});
