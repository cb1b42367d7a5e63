import { defineDict } from './dict.ts';

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
