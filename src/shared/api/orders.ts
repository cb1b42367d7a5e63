import { z } from 'zod';
import { PayStatus, PayWay, TicketStatus } from '../dict/order.ts';
import { BuyChannel, ProductType } from '../dict/product.ts';
import { DateOnlySchema, dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { key, required, text } from './fields.ts';
import { RefundRecordSchema } from './refunds.ts';

/** docs/product.md §2 /ticket/order, detailPage and disOrderPage: staff views of ticket orders, and their actions. */
export const orderApi = endpoints('/web/api/admin/order', [
  'page',
  'productOptions',
  'totals',
  'export',
  'query',
  'distribution',
  'printData',
  'resendNotice',
  'cancel',
  'issue',
  'void',
  'staffRefund',
]);

const IsoTimeSchema = z.iso.datetime({ offset: true });
/** A visit day: "YYYY-MM-DD", or the ISO start/end of a whole day as the console's date-range picker sends it. */
const DayBoundSchema = z.union([DateOnlySchema, IsoTimeSchema]);

export const ORDER_SORT_FIELDS = ['createTime', 'visitDate', 'totalAmount'] as const;

/** docs/product.md §3 names: ordStartTime/ordEndTime (order time), subStartTime/subEndTime (visit days). */
export const OrderFilterShape = {
  ordStartTime: IsoTimeSchema.optional(),
  ordEndTime: IsoTimeSchema.optional(),
  subStartTime: DayBoundSchema.optional(),
  subEndTime: DayBoundSchema.optional(),
  productId: IdSchema.optional(),
  /** ProductType of any of the order's tickets */
  ordTicketType: dictCodeSchema(ProductType).optional(),
  /** The ticket category (/ticket/ticType, ticket_types.id) of any ticket's product (docs/decisions.md "Order list: subTicketType and ordPayId") */
  subTicketType: IdSchema.optional(),
  channel: dictCodeSchema(BuyChannel).optional(),
  ordPayWay: dictCodeSchema(PayWay).optional(),
  ordIsPay: dictCodeSchema(PayStatus).optional(),
  /** The payment provider's transaction id of any payment of the order, exactly */
  ordPayId: text(64).optional(),
  /** The order's summary status (TicketStatus) */
  status: dictCodeSchema(TicketStatus).optional(),
  orderNo: text(32).optional(),
  /** The buyer's phone, exactly */
  phone: text(20).optional(),
  /** A visitor's ID number on any ticket of the order, exactly */
  idNumber: text(18).optional(),
  /** The member who bought (/user/userDetail's orders) */
  memberId: IdSchema.optional(),
  /** The account that placed it: a distributor's login (/disManage/details' orders) */
  adminId: IdSchema.optional(),
};

type OrderFilterValue = {
  ordStartTime?: string | undefined;
  ordEndTime?: string | undefined;
  subStartTime?: string | undefined;
  subEndTime?: string | undefined;
};

const ordered = (from?: string, to?: string) => !from || !to || Date.parse(from) <= Date.parse(to);

export const OrderPageSchema = listQuerySchema(ORDER_SORT_FIELDS, OrderFilterShape)
  .refine((v: OrderFilterValue) => ordered(v.ordStartTime, v.ordEndTime), {
    error: key('timeRange'),
    path: ['ordEndTime'],
  })
  .refine((v: OrderFilterValue) => ordered(v.subStartTime, v.subEndTime), {
    error: key('timeRange'),
    path: ['subEndTime'],
  });
export type OrderPage = z.infer<typeof OrderPageSchema>;

export const OrderRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  channel: z.number().int().describe('BuyChannel'),
  clientId: z.string(),
  externalNo: z.string().nullable(),
  /** The first ticket's product, and how many distinct products the order has */
  productName: z.string(),
  productCount: z.number().int(),
  /** subTicketType: the ticket category of the first ticket's product ('' when it has none) */
  ticketTypeName: z.string(),
  /** ordPayId: the provider's transaction id of the order's paid (or latest) payment */
  payId: z.string().nullable(),
  ticketCount: z.number().int(),
  visitDate: z.string(),
  totalAmount: z.number().int().describe('cents'),
  paidAmount: z.number().int().describe('cents'),
  refundedAmount: z.number().int().describe('cents'),
  payWay: z.number().int().nullable().describe('PayWay'),
  payStatus: z.number().int().describe('PayStatus'),
  status: z.number().int().describe('TicketStatus (summary of the tickets)'),
  buyerName: z.string(),
  buyerPhone: z.string(),
  buyerIdNumber: z.string().describe('masked'),
  createTime: z.string(),
  paidTime: z.string().nullable(),
});
export type OrderRow = z.infer<typeof OrderRowSchema>;

/** The body of /totals and /export: the list's filters (paging and sort are accepted and ignored by /totals). */
export const OrderTotalsSchema = z.object({
  count: z.number().int(),
  totalAmount: z.number().int(),
  paidAmount: z.number().int(),
  refundedAmount: z.number().int(),
});
export type OrderTotals = z.infer<typeof OrderTotalsSchema>;

export const OrderProductOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  productType: z.number().int(),
  /** The product's ticket category (subTicketType filter) */
  typeId: z.number().int(),
  typeName: z.string(),
});
export type OrderProductOption = z.infer<typeof OrderProductOptionSchema>;

export const OrderIdSchema = z.object({ id: IdSchema }).strict();

const ReasonSchema = required(200);
const TicketIdsSchema = z.array(IdSchema).min(1).max(500);

export const OrderIssueSchema = z.object({ id: IdSchema, ticketIds: TicketIdsSchema.optional() }).strict();
export const OrderVoidSchema = z
  .object({ id: IdSchema, ticketIds: TicketIdsSchema, reason: ReasonSchema })
  .strict();
const TicketSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  productType: z.number().int(),
  /** The product's ValidityDisplay (docs/product.md §4): how validFrom/validUntil are shown */
  validityDisplay: z.number().int(),
  /** The product's validity text (validity type 6 display), '' when none */
  validityText: z.string(),
  sessionName: z.string().nullable(),
  seatLabel: z.string().nullable(),
  visitDate: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  price: z.number().int(),
  visitorName: z.string(),
  visitorIdNumber: z.string().nullable(),
  visitorPhone: z.string(),
  status: z.number().int().describe('TicketStatus'),
  /** The ticket secret (QR payload): only for holders of admin:order:update; null when revoked */
  code: z.string().nullable(),
  codeHidden: z.boolean().describe('true when the caller may not see codes'),
  entriesLeft: z.number().int(),
  entryCount: z.number().int(),
  firstEntryTime: z.string().nullable(),
  printCount: z.number().int(),
});
export type OrderTicket = z.infer<typeof TicketSchema>;

const PaymentSchema = z.object({
  id: z.number().int(),
  payWay: z.number().int(),
  provider: z.string(),
  providerTxnId: z.string().nullable(),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  status: z.string().describe('PaymentStatus'),
  createTime: z.string(),
  confirmedTime: z.string().nullable(),
});

/** A refund of the order: the refund screens' record without its payment's pay way and provider. */
const RefundSchema = RefundRecordSchema.omit({ payWay: true, provider: true });

const RefundRequestSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  status: z.number().int().describe('RefundApplyStatus'),
  statusBeforeRefund: z.number().int(),
  ticketAmount: z.number().int(),
  fee: z.number().int(),
  refundAmount: z.number().int(),
  reason: z.string(),
  requestedBy: z.string(),
  rejectReason: z.string(),
  createTime: z.string(),
  reviewedTime: z.string().nullable(),
});

const GateEventSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int().nullable(),
  /** null for the system's exit at day close (T13) */
  gateId: z.number().int().nullable(),
  gateName: z.string(),
  deviceId: z.string(),
  direction: z.string().describe('GateDirection'),
  result: z.string(),
  offline: z.boolean(),
  forced: z.boolean(),
  scanTime: z.string(),
});

const AuditTrailSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  module: z.string(),
  action: z.string(),
  targetType: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createTime: z.string(),
});

export const OrderDetailSchema = z.object({
  order: OrderRowSchema.extend({
    buyerIdNumber: z.string().nullable(),
    remark: z.string(),
    expiresTime: z.string().nullable(),
    cancelledTime: z.string().nullable(),
    adminId: z.number().int().nullable(),
    adminName: z.string().nullable(),
    /** The member who bought, their discounts and coupon (docs/decisions.md "Members in selling") */
    memberId: z.number().int().nullable(),
    memberName: z.string().nullable(),
    originalAmount: z.number().int(),
    levelDiscount: z.number().int(),
    couponDiscount: z.number().int(),
    couponName: z.string().nullable(),
  }),
  tickets: z.array(TicketSchema),
  payments: z.array(PaymentSchema),
  refunds: z.array(RefundSchema),
  refundRequests: z.array(RefundRequestSchema),
  gateEvents: z.array(GateEventSchema),
  audit: z.array(AuditTrailSchema),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/** One printed ticket (TicketPrintData of print-templates.ts) and the template to print it with. */
const PrintDataSchema = z.object({
  productName: z.string(),
  visitDate: z.string(),
  price: z.number().int(),
  qrCode: z.string(),
  visitor: z.string(),
  orderNo: z.string(),
});
const PrintTemplateShape = z.object({
  id: z.number().int(),
  widthMm: z.number(),
  heightMm: z.number(),
  elements: z.array(z.unknown()),
});
export const OrderPrintSchema = z.object({
  /** Tickets grouped by the print template of their product (the area's default when none) */
  groups: z.array(
    z.object({
      template: PrintTemplateShape.nullable(),
      tickets: z.array(PrintDataSchema.extend({ ticketId: z.number().int() })),
    }),
  ),
});
export type OrderPrint = z.infer<typeof OrderPrintSchema>;

export const OrderNoticeSchema = z.object({
  channel: z.literal('sms'),
  phone: z.string().describe('masked'),
  text: z.string(),
  /** The message queued in the send log (/sys/smsDetailPage) */
  messageId: z.number().int(),
});
export type OrderNotice = z.infer<typeof OrderNoticeSchema>;

export const OrderDistributionSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  channel: z.number().int(),
  clientId: z.string(),
  externalNo: z.string().nullable(),
  distributor: z
    .object({
      id: z.number().int(),
      username: z.string(),
      nickname: z.string(),
      admType: z.number().int(),
      payType: z.number().int(),
    })
    .nullable(),
  payWay: z.number().int().nullable(),
  payStatus: z.number().int(),
  status: z.number().int(),
  ticketCount: z.number().int(),
  totalAmount: z.number().int(),
  paidAmount: z.number().int(),
  refundedAmount: z.number().int(),
  /** paid − refunded */
  dueAmount: z.number().int(),
  /** The distributor (agency) whose account placed the order: name, channel state (docs/product.md §4) */
  agency: z
    .object({ id: z.number().int(), company: z.string(), state: z.number().int().describe('ChannelState') })
    .nullable(),
  /** Settled tickets (405, each with its settlement row) of the order */
  settledTickets: z.number().int(),
  /** OrderSettleState: 0 none of its tickets settled, 1 some, 2 all */
  settleState: z.number().int(),
  /** The distributor's price tier the order was priced at (docs/decisions.md "Price tiers") */
  tier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The settlement price: the sum of its tickets' prices (tier prices where a line covered them), cents */
  settlementAmount: z.number().int(),
  /** The sum of the tier's lowest retail prices of its tier-priced tickets (null: none was tier-priced), cents */
  retailFloorAmount: z.number().int().nullable(),
  /** Commission of its settled tickets (their settlement rows), cents */
  commission: z.number().int(),
  /** Amount of its settled tickets (their settlement rows), cents */
  settledAmount: z.number().int(),
  /** The settlement batches its tickets were settled in (state SettlementBatchState) */
  batches: z.array(
    z.object({
      id: z.number().int(),
      batchNo: z.string(),
      periodFrom: z.string(),
      periodTo: z.string(),
      state: z.number().int(),
      commissionRate: z.number().int().describe('basis points'),
      tickets: z.number().int(),
      amount: z.number().int(),
      commission: z.number().int(),
      closedTime: z.string().nullable(),
    }),
  ),
  /** Its tickets with their validity and settlement */
  tickets: z.array(
    z.object({
      id: z.number().int(),
      productName: z.string(),
      visitDate: z.string(),
      validFrom: z.string(),
      validUntil: z.string(),
      validityDisplay: z.number().int(),
      validityText: z.string(),
      price: z.number().int(),
      status: z.number().int().describe('TicketStatus'),
      batchNo: z.string().nullable(),
      commission: z.number().int().nullable(),
    }),
  ),
  createTime: z.string(),
  paidTime: z.string().nullable(),
});
export type OrderDistribution = z.infer<typeof OrderDistributionSchema>;
