import { defineDict, type Lang } from './dict.ts';

/** Column labels of the refund applications (/ticket/refundTicCheck): the console and the Excel export. */
export const RefundApplyField = defineDict({
  id: { zh: '申请编号', en: 'Request no.' },
  orderNo: { zh: '订单号', en: 'Order no.' },
  productName: { zh: '产品', en: 'Product' },
  visitorName: { zh: '游客', en: 'Visitor' },
  visitorPhone: { zh: '游客手机号', en: 'Visitor phone' },
  buyerPhone: { zh: '下单手机号', en: 'Buyer phone' },
  visitDate: { zh: '游玩日期', en: 'Visit date' },
  ticketAmount: { zh: '票价', en: 'Ticket amount' },
  fee: { zh: '手续费', en: 'Fee' },
  refundAmount: { zh: '退款金额', en: 'Refund amount' },
  status: { zh: '审核状态', en: 'Review status' },
  ticketStatus: { zh: '门票状态', en: 'Ticket status' },
  statusBeforeRefund: { zh: '申请前状态', en: 'Status before the request' },
  reason: { zh: '退票原因', en: 'Reason' },
  rejectReason: { zh: '驳回原因', en: 'Rejection reason' },
  requestedBy: { zh: '申请人', en: 'Requested by' },
  requestTime: { zh: '申请时间', en: 'Requested at' },
  reviewedBy: { zh: '审核人', en: 'Reviewed by' },
  reviewTime: { zh: '审核时间', en: 'Reviewed at' },
  product: { zh: '产品', en: 'Product' },
  phone: { zh: '手机号', en: 'Phone' },
  channel: { zh: '购票渠道', en: 'Channel' },
  orderStatus: { zh: '订单状态', en: 'Order status' },
  payStatus: { zh: '支付状态', en: 'Payment' },
});

/** Texts of the refund export that are not a dictionary code of their own. */
export const RefundText = defineDict({
  exportName: { zh: '退票审核', en: 'Refund applications' },
});

/**
 * Reasons the system itself writes into a refund or a closed order (a stored code, not a person's
 * words): shown in the reader's language by `systemReasonText`; a person's own text is shown as typed.
 */
export const SystemReason = defineDict({
  T7: { zh: '游客取消后才到账的支付，已自动退回', en: 'Paid after the buyer cancelled: given back' },
  T6refused: {
    zh: '超过支付期限后到账，景区不接受迟到支付，已自动退回',
    en: 'Paid after the deadline and the area does not take late payments: given back',
  },
  T6soldOut: {
    zh: '超过支付期限后到账，库存已售罄，已自动退回',
    en: 'Paid after the deadline when the stock was gone: given back',
  },
  paidTwice: { zh: '重复支付，已自动退回', en: 'Paid twice: the second payment given back' },
  paidAfterCancel: {
    zh: '买家取消后才到账的支付，已自动退回',
    en: 'Paid after the buyer cancelled: given back',
  },
  lateSoldOut: {
    zh: '订单关闭后到账，库存已售罄，已自动退回',
    en: 'Paid after the order was closed when the stock was gone: given back',
  },
  timeout: { zh: '超时未支付，系统自动关闭', en: 'Not paid in time: closed by the system' },
});

/** The reasons of a shop refund giving back money no sale took (shop-order-payment.ts). */
export const STRAY_PAYMENT_REASONS = ['paidAfterCancel', 'paidTwice', 'lateSoldOut'] as const;

/** A stored reason as shown: the system's own codes (SystemReason) in the reader's language, else as written. */
export function systemReasonText(reason: string, lang: Lang): string {
  return Object.hasOwn(SystemReason, reason)
    ? SystemReason[reason as keyof typeof SystemReason][lang]
    : reason;
}
