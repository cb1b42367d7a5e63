import { z } from 'zod';
import { OrderSettleState, SettlementBatchState, SettlementCycle } from '../dict/settlement.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema, DateOnlySchema } from './common.ts';
import { key, text } from './fields.ts';

/** /disManage/setMange: the area's settlement settings. */
export const settlementSettingApi = endpoints('/web/api/admin/setMange', ['query', 'update']);
/** /disManage/setMange (second tab): settlement batches (T25) and statements. */
export const settlementBatchApi = endpoints('/web/api/admin/settle', [
  'page',
  'export',
  'create',
  'items',
  'close',
  'discard',
  'statement',
]);
/** /disManage/disorder: orders of distributor accounts with their settlement. */
export const disorderApi = endpoints('/web/api/admin/disorder', ['page', 'export', 'totals']);

export const SettlementSettingSchema = z.object({
  cycle: z.number(),
  settleUsed: z.boolean(),
  settleExpired: z.boolean(),
  /** basis points of the settlement amount: 500 = 5 % */
  commissionRate: z.number(),
  updateTime: z.string().nullable(),
});
export type SettlementSetting = z.infer<typeof SettlementSettingSchema>;

export const SettlementSettingUpdateSchema = z
  .object({
    cycle: dictCodeSchema(SettlementCycle),
    settleUsed: z.boolean(),
    settleExpired: z.boolean(),
    commissionRate: z.coerce.number().int().min(0).max(10_000),
  })
  .strict()
  .refine((s) => s.settleUsed || s.settleExpired, { error: key('required'), path: ['settleUsed'] });
export type SettlementSettingUpdate = z.infer<typeof SettlementSettingUpdateSchema>;

export const BATCH_SORT_FIELDS = ['periodFrom', 'createTime'] as const;
export const SettlementBatchPageSchema = listQuerySchema(BATCH_SORT_FIELDS, {
  state: dictCodeSchema(SettlementBatchState).optional(),
  batchNo: text(32).optional(),
});
export type SettlementBatchPage = z.infer<typeof SettlementBatchPageSchema>;

export const SettlementBatchCreateSchema = z
  .object({ periodFrom: DateOnlySchema, periodTo: DateOnlySchema })
  .strict()
  .refine((b) => b.periodFrom <= b.periodTo, { error: key('dateRange'), path: ['periodTo'] });

export const SettlementBatchIdSchema = z.object({ id: IdSchema }).strict();

export const SettlementBatchRowSchema = z.object({
  id: z.number(),
  batchNo: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  state: z.number(),
  ticketCount: z.number(),
  amount: z.number(),
  commission: z.number(),
  commissionRate: z.number(),
  createdBy: z.string(),
  closedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  createTime: z.string(),
});
export type SettlementBatchRow = z.infer<typeof SettlementBatchRowSchema>;

/** A draft's preview or a closed batch's rows, by distributor. */
export const SettlementItemsQuerySchema = z
  .object({ id: IdSchema, distributorId: IdSchema.optional() })
  .strict();
export const SettlementItemSchema = z.object({
  ticketId: z.number(),
  orderNo: z.string(),
  distributorId: z.number(),
  distributorName: z.string(),
  productName: z.string(),
  visitDate: z.string(),
  ticketStatus: z.number(),
  amount: z.number(),
  commission: z.number(),
});
export type SettlementItem = z.infer<typeof SettlementItemSchema>;
export const SettlementDistributorSumSchema = z.object({
  distributorId: z.number(),
  distributorName: z.string(),
  ticketCount: z.number(),
  amount: z.number(),
  commission: z.number(),
});
export const SettlementItemsSchema = z.object({
  batch: SettlementBatchRowSchema,
  distributors: z.array(SettlementDistributorSumSchema),
  items: z.array(SettlementItemSchema),
  /** items are the first 500; the totals are of all */
  truncated: z.boolean(),
});
export type SettlementItems = z.infer<typeof SettlementItemsSchema>;

export const SettlementStatementSchema = z
  .object({ id: IdSchema, distributorId: IdSchema.optional() })
  .strict();

export const DISORDER_SORT_FIELDS = ['createTime', 'totalAmount', 'visitDate'] as const;
export const DisorderPageSchema = listQuerySchema(DISORDER_SORT_FIELDS, {
  orderNo: text(32).optional(),
  distributorId: IdSchema.optional(),
  settleState: dictCodeSchema(OrderSettleState).optional(),
  batchNo: text(32).optional(),
  visitDateFrom: DateOnlySchema.optional(),
  visitDateTo: DateOnlySchema.optional(),
});
export type DisorderPage = z.infer<typeof DisorderPageSchema>;

export const DisorderRowSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  distributorId: z.number().nullable(),
  distributorName: z.string(),
  visitDate: z.string(),
  ticketCount: z.number(),
  /** the settlement price: what the distributor paid for the tickets */
  totalAmount: z.number(),
  paidAmount: z.number(),
  refundedAmount: z.number(),
  commission: z.number(),
  settledTickets: z.number(),
  settleState: z.number(),
  batchNo: z.string().nullable(),
  /** the batch that settled its tickets (for its statement) */
  batchId: z.number().nullable(),
  /** the products of its tickets, comma-separated */
  productName: z.string(),
  /** the retail value of its tickets: each ticket's retail floor (tier price), else its price */
  retailAmount: z.number(),
  payWay: z.number().nullable(),
  status: z.number(),
  createTime: z.string(),
});
export type DisorderRow = z.infer<typeof DisorderRowSchema>;
export const DisorderTotalsSchema = z.object({
  count: z.number(),
  ticketCount: z.number(),
  totalAmount: z.number(),
  paidAmount: z.number(),
  commission: z.number(),
});
