import { z } from 'zod';
import { RefundApplyStatus } from '../dict/order.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { key, required, text } from './fields.ts';

/** docs/product.md §2 /ticket/refundTicCheck and refTicCheDet: refund applications and their review. */
export const refundApplyApi = endpoints('/web/api/admin/refundApply', [
  'page',
  'export',
  'query',
  'approve',
  'reject',
]);
/** An online refund confirmed (or marked failed) by hand. */
export const refundApi = endpoints('/web/api/admin/refund', ['markDone']);
/** docs/product.md §7: the open applications of the acting area, for the top bar. */
export { refundCountApi } from './endpoints.ts';
/** The refund API of the sales channels. */
export const openRefundApi = endpoints('/api/open/refund', ['apply', 'withdraw']);

/** An instant with its offset, e.g. 2025-01-01T08:00:00+08:00 (the console sends ISO strings). */
const InstantSchema = z.iso.datetime({ offset: true });

const ReasonSchema = required(200);

export const REFUND_APPLY_SORT_FIELDS = ['createTime', 'reviewTime', 'refundAmount', 'ticketAmount'] as const;

/** POST /web/api/admin/refundApply/page and /export. */
export const RefundApplyPageSchema = listQuerySchema(REFUND_APPLY_SORT_FIELDS, {
  status: dictCodeSchema(RefundApplyStatus).optional(),
  orderNo: text(32).optional(),
  productId: IdSchema.optional(),
  /** Buyer's or visitor's phone (contains) */
  phone: text(20).optional(),
  createTimeFrom: InstantSchema.optional(),
  createTimeTo: InstantSchema.optional(),
});
export type RefundApplyPage = z.infer<typeof RefundApplyPageSchema>;

export const RefundApplyRowSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  ticketId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  visitorName: z.string(),
  visitorPhone: z.string(),
  buyerPhone: z.string(),
  visitDate: z.string(),
  ticketAmount: z.number().int(),
  fee: z.number().int(),
  refundAmount: z.number().int(),
  /** RefundApplyStatus */
  status: z.number().int(),
  /** The ticket's current TicketStatus */
  ticketStatus: z.number().int(),
  statusBeforeRefund: z.number().int(),
  reason: z.string(),
  rejectReason: z.string(),
  /** A client id or a staff account's username */
  requestedBy: z.string(),
  requestedByAdminId: z.number().int().nullable(),
  reviewedBy: z.string(),
  reviewedByAdminId: z.number().int().nullable(),
  createTime: z.string(),
  reviewTime: z.string().nullable(),
});
export type RefundApplyRow = z.infer<typeof RefundApplyRowSchema>;

export const RefundRecordSchema = z.object({
  id: z.number().int(),
  paymentId: z.number().int(),
  payWay: z.number().int(),
  provider: z.string(),
  refundRequestId: z.number().int().nullable(),
  ticketIds: z.array(z.number().int()),
  amount: z.number().int(),
  /** RefundStatus */
  status: z.string(),
  providerRefundId: z.string().nullable(),
  /** Why the money did not go back (a failed refund: the provider's words) */
  failReason: z.string(),
  reason: z.string(),
  createTime: z.string(),
  doneTime: z.string().nullable(),
});
export type RefundRecord = z.infer<typeof RefundRecordSchema>;

export const GateEventBriefSchema = z.object({
  id: z.number().int(),
  /** null for the system's exit at day close (T13) */
  gateId: z.number().int().nullable(),
  gateName: z.string(),
  direction: z.string(),
  result: z.string(),
  scannedAt: z.string(),
});
export type GateEventBrief = z.infer<typeof GateEventBriefSchema>;

/** GET /web/api/admin/refundApply/query?id= */
export const RefundApplyDetailSchema = z.object({
  request: RefundApplyRowSchema,
  order: z.object({
    id: z.number().int(),
    orderNo: z.string(),
    channel: z.number().int(),
    buyerName: z.string(),
    buyerPhone: z.string(),
    totalAmount: z.number().int(),
    paidAmount: z.number().int(),
    refundedAmount: z.number().int(),
    status: z.number().int(),
    payStatus: z.number().int(),
    payWay: z.number().int().nullable(),
    createTime: z.string(),
  }),
  ticket: z.object({
    id: z.number().int(),
    productName: z.string(),
    visitDate: z.string(),
    seatLabel: z.string().nullable(),
    visitorName: z.string(),
    visitorPhone: z.string(),
    price: z.number().int(),
    status: z.number().int(),
    validFrom: z.string(),
    validUntil: z.string(),
    /** The product's ValidityDisplay (docs/product.md §4) and validity text: how the validity is shown */
    validityDisplay: z.number().int(),
    validityText: z.string(),
  }),
  /** The product's refund rule as it is now (the fee itself was frozen on the request) */
  rule: z.object({
    refundRule: z.number().int(),
    refundDeadlineHours: z.number().int(),
    refundFeeUnit: z.number().int(),
    refundFeeValue: z.number().int(),
  }),
  gateEvents: z.array(GateEventBriefSchema),
  refunds: z.array(RefundRecordSchema),
});
export type RefundApplyDetail = z.infer<typeof RefundApplyDetailSchema>;

export const RefundApplyIdSchema = z.object({ id: IdSchema }).strict();
export const RefundApplyRejectSchema = z.object({ id: IdSchema, reason: ReasonSchema }).strict();

/** POST /web/api/admin/order/staffRefund (T20). */
export const StaffRefundSchema = z
  .object({
    orderId: IdSchema,
    ticketIds: z
      .array(IdSchema)
      .min(1, { error: key('required') })
      .max(200),
    reason: ReasonSchema,
  })
  .strict();
export type StaffRefund = z.infer<typeof StaffRefundSchema>;

/** POST /web/api/admin/refund/markDone: an online refund confirmed by hand (T21), or failed (T22). */
export const RefundMarkDoneSchema = z
  .object({
    refundId: IdSchema,
    providerRefundId: text(64).optional(),
    failed: z.boolean().optional(),
  })
  .strict();

/** POST /api/open/refund/apply: a sales channel asks for a refund (T15). */
export const OpenRefundApplySchema = z
  .object({
    orderNo: required(32),
    /** Tickets of the order; all refundable tickets of it when left out */
    ticketIds: z.array(IdSchema).min(1).max(200).optional(),
    reason: text(200).default(''),
  })
  .strict();

export const OpenRefundWithdrawSchema = z.object({ requestId: IdSchema }).strict();

/** What requestRefund answers: one request per ticket. */
export const RefundRequestBriefSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  status: z.number().int(),
  ticketAmount: z.number().int(),
  fee: z.number().int(),
  refundAmount: z.number().int(),
});
