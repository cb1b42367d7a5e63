import { defineDict } from './dict.ts';

/** Column and filter labels of the order screens (/ticket/order, detailPage): console and Excel export. */
export const OrderField = defineDict({
  orderNo: { zh: '订单号', en: 'Order number' },
  createTime: { zh: '下单时间', en: 'Order time' },
  visitDate: { zh: '游玩日期', en: 'Visit date' },
  product: { zh: '产品', en: 'Product' },
  productType: { zh: '产品类型', en: 'Product type' },
  ticketType: { zh: '票种', en: 'Ticket category' },
  payId: { zh: '支付流水号', en: 'Payment transaction ID' },
  ticketCount: { zh: '票数', en: 'Tickets' },
  totalAmount: { zh: '订单金额', en: 'Amount' },
  paidAmount: { zh: '实付金额', en: 'Paid' },
  refundedAmount: { zh: '已退金额', en: 'Refunded' },
  channel: { zh: '购票渠道', en: 'Channel' },
  payWay: { zh: '支付方式', en: 'Pay way' },
  payStatus: { zh: '支付状态', en: 'Pay status' },
  status: { zh: '订单状态', en: 'Order status' },
  buyerName: { zh: '购票人', en: 'Buyer' },
  buyerPhone: { zh: '手机号', en: 'Phone' },
  buyerIdNumber: { zh: '证件号', en: 'ID number' },
  idNumber: { zh: '游客证件号', en: 'Visitor ID number' },
  paidTime: { zh: '支付时间', en: 'Paid at' },
  externalNo: { zh: '渠道订单号', en: 'Channel order number' },
  clientId: { zh: '终端客户端', en: 'Client' },
  remark: { zh: '备注', en: 'Remark' },
  member: { zh: '会员', en: 'Member' },
  originalAmount: { zh: '原价金额', en: 'Before discounts' },
  levelDiscount: { zh: '会员等级优惠', en: 'Level discount' },
  couponDiscount: { zh: '优惠券抵扣', en: 'Coupon discount' },
  coupon: { zh: '使用优惠券', en: 'Coupon' },
});

/** Texts of the order export and notices that are not a dictionary code of their own. */
export const OrderText = defineDict({
  exportName: { zh: '门票订单', en: 'Ticket orders' },
  moreProducts: { zh: '（另{n}种）', en: ' (+{n} more)' },
});
