import { z } from 'zod';
import { AfterSaleStatus, AfterSaleType, ShopOrderStatus } from '../dict/shop.ts';
import { ImageUrlSchema } from './general.ts';
import {
  DateOnlySchema,
  dictCodeSchema,
  endpoints,
  IdSchema,
  listQuerySchema,
  PageQuerySchema,
} from './common.ts';
import { key, text, required } from './fields.ts';

/**
 * Shop orders and after-sales (issue 18): the staff screens /shop/shopOrder, /shop/orderQuery,
 * /shop/aftersale and the mini-program's order calls (member API). The machine is S1-S23 of
 * docs/domain.md (src/shared/domain/shop-order-transitions.ts); every write here is one or more of
 * its transitions, refused with 409 (`shopTransitionNotAllowed`) from any other status.
 */

const photosSchema = z.array(ImageUrlSchema.pipe(z.string().min(1))).max(9);

/** Lines of a partial refund or after-sales request: each line of the order once, a quantity not above what is left. */
export const ShopLineQuantitySchema = z
  .object({
    lineId: IdSchema,
    quantity: z
      .number()
      .int()
      .min(1, { error: key('quantityPositive') })
      .max(999),
  })
  .strict();
const linesSchema = z
  .array(ShopLineQuantitySchema)
  .min(1, { error: key('required') })
  .max(20)
  .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, { error: key('listUnique') });

// ---- staff: /shop/shopOrder and /shop/orderQuery ----

export const shopOrderApi = endpoints('/web/api/admin/shop/order', [
  'page',
  'export',
  'totals',
  'query',
  'ship',
  'refund',
  'close',
  'retryRefund',
]);

/** docs/product.md §7: the top bar's count of paid orders waiting for shipment (201); 0 on failure. */
export const shopShipCountApi = endpoints('/order', ['countShipOrder']);

export const SHOP_ORDER_SORT_FIELDS = ['createTime', 'payTime', 'payAmount'] as const;

export const ShopOrderPageSchema = listQuerySchema(SHOP_ORDER_SORT_FIELDS, {
  orderNo: text(32).optional(),
  status: dictCodeSchema(ShopOrderStatus).optional(),
  /** the buyer's (member's) phone or the receiver's phone, exactly */
  phone: text(20).optional(),
  receiverName: text(30).optional(),
  /** a line's goods name contains it */
  goodsName: text(60).optional(),
  trackingNo: text(40).optional(),
  /** area days, inclusive */
  createDateFrom: DateOnlySchema.optional(),
  createDateTo: DateOnlySchema.optional(),
  payDateFrom: DateOnlySchema.optional(),
  payDateTo: DateOnlySchema.optional(),
});
export type ShopOrderPage = z.infer<typeof ShopOrderPageSchema>;

export const ShopOrderRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  /** kept while a refund request is open or was rejected (S15, S17 depend on it): the console's actions read it */
  statusBeforeRefund: z.number().int().nullable(),
  memberId: z.number().int().nullable(),
  /** masked 138****1234 */
  memberPhone: z.string().nullable(),
  memberNickname: z.string().nullable(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  receiverAddress: z.string(),
  /** "goods × n, …" of its lines, and how many pieces */
  goodsSummary: z.string(),
  pieces: z.number().int(),
  goodsAmount: z.number().int(),
  freight: z.number().int(),
  discount: z.number().int(),
  payAmount: z.number().int(),
  refundedAmount: z.number().int(),
  /** the confirmed payment's pay way, null while unpaid */
  payWay: z.number().int().nullable(),
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  /** an after-sales request is open */
  afterSaleOpen: z.boolean(),
  remark: z.string(),
  createTime: z.string(),
  payTime: z.string().nullable(),
  shipTime: z.string().nullable(),
  receiveTime: z.string().nullable(),
  expiresAt: z.string(),
});
export type ShopOrderRow = z.infer<typeof ShopOrderRowSchema>;

/** The filtered orders' count and sums (cents), for the list's totals bar. */
export const ShopOrderTotalsSchema = z.object({
  count: z.number().int(),
  goodsAmount: z.number().int(),
  payAmount: z.number().int(),
  refundedAmount: z.number().int(),
  pieces: z.number().int(),
});
export type ShopOrderTotals = z.infer<typeof ShopOrderTotalsSchema>;

export const ShopOrderLineSchema = z.object({
  id: z.number().int(),
  goodsId: z.number().int().nullable(),
  skuId: z.number().int().nullable(),
  goodsName: z.string(),
  specText: z.string(),
  image: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  amount: z.number().int(),
  refundedQuantity: z.number().int(),
  refundedAmount: z.number().int(),
});
export type ShopOrderLine = z.infer<typeof ShopOrderLineSchema>;

export const ShopRefundRowSchema = z.object({
  id: z.number().int(),
  refundNo: z.string(),
  aftersaleId: z.number().int().nullable(),
  payWay: z.number().int(),
  amount: z.number().int(),
  lines: z.array(
    z.object({ lineId: z.number().int(), quantity: z.number().int(), amount: z.number().int() }),
  ),
  /** ShopRefundStatus */
  status: z.string(),
  reason: z.string(),
  failReason: z.string(),
  operator: z.string().nullable(),
  createTime: z.string(),
  doneTime: z.string().nullable(),
});
export type ShopRefundRow = z.infer<typeof ShopRefundRowSchema>;

export const ShopOrderDetailSchema = ShopOrderRowSchema.extend({
  statusBeforeRefund: z.number().int().nullable(),
  memberCouponId: z.number().int().nullable(),
  couponName: z.string().nullable(),
  closeReason: z.string(),
  afterSaleUntil: z.string().nullable(),
  reviewUntil: z.string().nullable(),
  lines: z.array(ShopOrderLineSchema),
  payments: z.array(
    z.object({
      id: z.number().int(),
      payWay: z.number().int(),
      amount: z.number().int(),
      providerTxnId: z.string().nullable(),
      status: z.string(),
      createTime: z.string(),
    }),
  ),
  shipments: z.array(
    z.object({
      carrier: z.string(),
      trackingNo: z.string(),
      operator: z.string().nullable(),
      createTime: z.string(),
    }),
  ),
  refunds: z.array(ShopRefundRowSchema),
  aftersales: z.array(z.lazy(() => ShopAftersaleRowSchema)),
  review: z
    .object({
      rating: z.number().int(),
      content: z.string(),
      photos: z.array(z.string()),
      createTime: z.string(),
    })
    .nullable(),
  history: z.array(
    z.object({
      transition: z.string(),
      fromStatus: z.number().int().nullable(),
      toStatus: z.number().int(),
      /** a staff account's name, or null when the buyer or a job moved it (see `byMember`) */
      operator: z.string().nullable(),
      byMember: z.boolean(),
      note: z.string(),
      createTime: z.string(),
    }),
  ),
});
export type ShopOrderDetail = z.infer<typeof ShopOrderDetailSchema>;

/** S6: ship a paid order. */
export const ShopShipSchema = z
  .object({
    id: IdSchema,
    carrier: required(30),
    trackingNo: required(40).regex(/^[A-Za-z0-9-]+$/, { error: key('trackingNo') }),
  })
  .strict();
export type ShopShip = z.infer<typeof ShopShipSchema>;

/**
 * Merchant refund (S8 for the whole of a paid, unshipped order, to 205 then 203 when the refund is
 * done); with `lines`, a partial refund of those lines only (docs/domain.md: the order keeps its status).
 */
export const ShopMerchantRefundSchema = z
  .object({ id: IdSchema, reason: required(200), lines: linesSchema.optional() })
  .strict();
export type ShopMerchantRefund = z.infer<typeof ShopMerchantRefundSchema>;

/** Staff close: 101 → 103 (S4, stock and coupon back), or archive 102/103/203 → 601 (S23). */
export const ShopCloseSchema = z.object({ id: IdSchema, reason: required(200) }).strict();
export type ShopClose = z.infer<typeof ShopCloseSchema>;

/** A failed refund (S19) tried again, or recorded as paid back outside the system (`external`). */
export const ShopRetryRefundSchema = z
  .object({ refundId: IdSchema, external: z.boolean().default(false), note: text(200).default('') })
  .strict();

// ---- staff: /shop/aftersale ----

export const shopAftersaleApi = endpoints('/web/api/admin/shop/aftersale', [
  'page',
  'export',
  'query',
  'receive',
  'approve',
  'reject',
]);

export const SHOP_AFTERSALE_SORT_FIELDS = ['createTime', 'amount'] as const;

export const ShopAftersalePageSchema = listQuerySchema(SHOP_AFTERSALE_SORT_FIELDS, {
  requestNo: text(32).optional(),
  orderNo: text(32).optional(),
  type: dictCodeSchema(AfterSaleType).optional(),
  status: dictCodeSchema(AfterSaleStatus).optional(),
  phone: text(20).optional(),
  createDateFrom: DateOnlySchema.optional(),
  createDateTo: DateOnlySchema.optional(),
});
export type ShopAftersalePage = z.infer<typeof ShopAftersalePageSchema>;

export const ShopAftersaleRowSchema = z.object({
  id: z.number().int(),
  requestNo: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  orderStatus: z.number().int(),
  memberPhone: z.string().nullable(),
  type: z.number().int(),
  status: z.number().int(),
  statusBeforeRefund: z.number().int(),
  reason: z.string(),
  photos: z.array(z.string()),
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      goodsName: z.string(),
      specText: z.string(),
      quantity: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  amount: z.number().int(),
  attempt: z.number().int(),
  returnCarrier: z.string(),
  returnTrackingNo: z.string(),
  goodsReceivedTime: z.string().nullable(),
  rejectReason: z.string(),
  reviewer: z.string().nullable(),
  reviewTime: z.string().nullable(),
  createTime: z.string(),
});
export type ShopAftersaleRow = z.infer<typeof ShopAftersaleRowSchema>;

/** A return's goods came back: recorded once, their stock put back (reason 7). */
export const ShopAftersaleReceiveSchema = z.object({ id: IdSchema }).strict();
/** S13: approve (a return needs its goods back first, 409 `shopReturnNotReceived`); the refund is made at once. */
export const ShopAftersaleApproveSchema = z.object({ id: IdSchema, note: text(200).default('') }).strict();
/** S14: reject with a reason (the buyer may re-apply while the window is open, up to SHOP_RULES.maxAttempts). */
export const ShopAftersaleRejectSchema = z.object({ id: IdSchema, reason: required(200) }).strict();

// ---- the mini-program (member API: client token, X-Scenic-Id, X-Member-Token) ----

/** Added beside `placeOrder` of shopMemberApi (src/shared/api/shop.ts). */
export const shopMemberOrderApi = endpoints('/api/member/shop', [
  'pay',
  'cancel',
  'confirmReceipt',
  'afterSale',
  'withdrawAfterSale',
  'review',
  'orders',
  'order',
]);

/** S2 (S5 when it arrives after S4). Pay way 9 (member balance) needs no provider id: the balance is debited at once. */
export const ShopPaySchema = z
  .object({
    orderNo: required(32),
    payWay: z.number().int(),
    amount: z.number().int().min(1),
    providerTxnId: text(64).optional(),
  })
  .strict();
export type ShopPay = z.infer<typeof ShopPaySchema>;

export const ShopOrderNoSchema = z.object({ orderNo: required(32) }).strict();

/** S7 (before shipment, refund only) or S12 (after receipt); S16 when re-applying after a rejection. */
export const ShopAfterSaleRequestSchema = z
  .object({
    orderNo: required(32),
    type: dictCodeSchema(AfterSaleType),
    reason: required(200),
    photos: photosSchema.default([]),
    /** omitted: every line, all of what is not refunded yet */
    lines: linesSchema.optional(),
    returnCarrier: text(30).default(''),
    returnTrackingNo: text(40).default(''),
  })
  .strict();
export type ShopAfterSaleRequest = z.infer<typeof ShopAfterSaleRequestSchema>;

/** S20 */
export const ShopReviewSchema = z
  .object({
    orderNo: required(32),
    rating: z.number().int().min(1).max(5),
    content: text(500).default(''),
    photos: photosSchema.default([]),
  })
  .strict();
export type ShopReview = z.infer<typeof ShopReviewSchema>;

// ---- answers of the writes (issue 18, the server side of the order lifecycle) ----

/** Pay ways a member may pay a shop order with (the mini-program): online providers and the member's balance (9). */
export const SHOP_MEMBER_PAY_WAYS = [2, 3, 4, 9, 11, 50] as const;

/** What a payment did: `paid` (S2 or S5), `duplicate` (that payment was seen already), `refunded` (late, stock gone: paid back, the order stays 103). */
export const ShopPayResultSchema = z.object({
  orderNo: z.string(),
  status: z.number().int(),
  paymentId: z.number().int(),
  result: z.enum(['paid', 'duplicate', 'refunded']),
});
export type ShopPayResult = z.infer<typeof ShopPayResultSchema>;

/** An order after a staff or member write: its status and money. */
export const ShopOrderMovedSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  payAmount: z.number().int(),
  refundedAmount: z.number().int(),
});
export type ShopOrderMoved = z.infer<typeof ShopOrderMovedSchema>;

/** An after-sales request after a write (request, withdraw, receive, approve, reject). */
export const ShopAftersaleMovedSchema = z.object({
  id: z.number().int(),
  requestNo: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  amount: z.number().int(),
  attempt: z.number().int(),
  goodsReceivedTime: z.string().nullable(),
  orderNo: z.string(),
  orderStatus: z.number().int(),
});
export type ShopAftersaleMoved = z.infer<typeof ShopAftersaleMovedSchema>;

/** A refund after `retryRefund`. */
export const ShopRefundMovedSchema = z.object({
  id: z.number().int(),
  refundNo: z.string(),
  status: z.string(),
  failReason: z.string(),
  orderNo: z.string(),
  orderStatus: z.number().int(),
});

/** `orders` of the member API: the member's own shop orders, newest first. */
export const ShopMemberOrdersQuerySchema = PageQuerySchema.extend({
  status: dictCodeSchema(ShopOrderStatus).optional(),
}).strict();

/** `order?orderNo=` of the member API. */
export const ShopMemberOrderQuerySchema = z.object({ orderNo: required(32) }).strict();

/** A member's view of one shop order: its lines, payments' way, after-sales, refunds and review. */
export const ShopMemberOrderSchema = z.object({
  orderNo: z.string(),
  status: z.number().int(),
  statusBeforeRefund: z.number().int().nullable(),
  goodsAmount: z.number().int(),
  freight: z.number().int(),
  discount: z.number().int(),
  payAmount: z.number().int(),
  refundedAmount: z.number().int(),
  memberCouponId: z.number().int().nullable(),
  payWay: z.number().int().nullable(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  receiverAddress: z.string(),
  remark: z.string(),
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  createTime: z.string(),
  expiresAt: z.string(),
  payTime: z.string().nullable(),
  shipTime: z.string().nullable(),
  receiveTime: z.string().nullable(),
  afterSaleUntil: z.string().nullable(),
  reviewUntil: z.string().nullable(),
  lines: z.array(ShopOrderLineSchema),
  aftersales: z.array(
    z.object({
      requestNo: z.string(),
      type: z.number().int(),
      status: z.number().int(),
      amount: z.number().int(),
      attempt: z.number().int(),
      reason: z.string(),
      rejectReason: z.string(),
      createTime: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({ refundNo: z.string(), amount: z.number().int(), status: z.string(), createTime: z.string() }),
  ),
  review: z.object({ rating: z.number().int(), content: z.string(), createTime: z.string() }).nullable(),
});
export type ShopMemberOrder = z.infer<typeof ShopMemberOrderSchema>;
