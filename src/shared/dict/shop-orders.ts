import { defineDict } from './dict.ts';

/**
 * Column labels of /shop/shopOrder, /shop/orderQuery and /shop/aftersale (issue 18): the console's
 * tables, forms and the Excel exports read them.
 */
export const ShopOrderField = defineDict({
  orderNo: { zh: '订单号', en: 'Order no.' },
  status: { zh: '订单状态', en: 'Status' },
  buyer: { zh: '买家', en: 'Buyer' },
  memberPhone: { zh: '买家手机号', en: 'Buyer phone' },
  phone: { zh: '手机号', en: 'Phone' },
  receiverName: { zh: '收货人', en: 'Receiver' },
  receiverPhone: { zh: '收货电话', en: 'Receiver phone' },
  receiverAddress: { zh: '收货地址', en: 'Address' },
  goods: { zh: '商品', en: 'Goods' },
  goodsName: { zh: '商品名称', en: 'Goods name' },
  pieces: { zh: '件数', en: 'Pieces' },
  goodsAmount: { zh: '商品金额', en: 'Goods amount' },
  freight: { zh: '运费', en: 'Shipping' },
  discount: { zh: '优惠', en: 'Discount' },
  payAmount: { zh: '实付金额', en: 'Paid' },
  refundedAmount: { zh: '已退金额', en: 'Refunded' },
  payWay: { zh: '支付方式', en: 'Pay way' },
  carrier: { zh: '快递公司', en: 'Carrier' },
  trackingNo: { zh: '快递单号', en: 'Tracking no.' },
  remark: { zh: '买家备注', en: 'Buyer note' },
  createTime: { zh: '下单时间', en: 'Ordered' },
  payTime: { zh: '支付时间', en: 'Paid at' },
  shipTime: { zh: '发货时间', en: 'Shipped at' },
  receiveTime: { zh: '收货时间', en: 'Received at' },
  requestNo: { zh: '售后单号', en: 'Request no.' },
  afterSaleType: { zh: '售后类型', en: 'Type' },
  afterSaleStatus: { zh: '售后状态', en: 'Status' },
  reason: { zh: '申请原因', en: 'Reason' },
  amount: { zh: '退款金额', en: 'Refund amount' },
  attempt: { zh: '申请次数', en: 'Attempt' },
  returnTracking: { zh: '退货物流', en: 'Return parcel' },
  goodsReceivedTime: { zh: '退货签收时间', en: 'Goods back at' },
  rejectReason: { zh: '拒绝原因', en: 'Rejection reason' },
  reviewer: { zh: '审核人', en: 'Reviewed by' },
  reviewTime: { zh: '审核时间', en: 'Reviewed at' },
  applyTime: { zh: '申请时间', en: 'Requested at' },
});

export const ShopOrderText = defineDict({
  orderExport: { zh: '商城订单', en: 'Shop orders' },
  aftersaleExport: { zh: '售后申请', en: 'After-sales requests' },
});

/** A shop payment's state (shop_payments.status). */
export const ShopPaymentStatus = defineDict({
  confirmed: { zh: '已支付', en: 'Paid', color: 'green' },
  refunded: { zh: '已退款', en: 'Refunded', color: 'default' },
});
