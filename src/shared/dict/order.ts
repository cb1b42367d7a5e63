import { defineDict } from './dict.ts';

/** docs/product.md §4 ticket order status; in this system the status of each ticket (docs/domain.md). */
export const TicketStatus = defineDict({
  101: { zh: '待支付', en: 'Pending payment', color: 'orange' },
  102: { zh: '用户取消', en: 'Cancelled by user', color: 'default' },
  103: { zh: '系统取消', en: 'Cancelled by system', color: 'default' },
  201: { zh: '未使用', en: 'Unused', color: 'blue' },
  202: { zh: '退票申请中', en: 'Refund requested', color: 'gold' },
  203: { zh: '已退票', en: 'Refunded', color: 'default' },
  204: { zh: '已撤回', en: 'Withdrawn', color: 'cyan' },
  205: { zh: '退款中', en: 'Refunding', color: 'gold' },
  301: { zh: '已出票', en: 'Ticketed', color: 'geekblue' },
  302: { zh: '已入园', en: 'Entered park', color: 'green' },
  401: { zh: '使用中', en: 'In use', color: 'green' },
  402: { zh: '已使用', en: 'Used', color: 'purple' },
  403: { zh: '已出园', en: 'Left park', color: 'lime' },
  405: { zh: '已结算', en: 'Settled', color: 'purple' },
  501: { zh: '已过期', en: 'Expired', color: 'default' },
  502: { zh: '已作废', en: 'Invalid', color: 'red' },
});
export type TicketStatusCode = keyof typeof TicketStatus;
export const TICKET_STATUS = {
  pendingPayment: 101,
  userCancelled: 102,
  systemCancelled: 103,
  unused: 201,
  refundRequested: 202,
  refunded: 203,
  withdrawn: 204,
  refunding: 205,
  ticketed: 301,
  entered: 302,
  inUse: 401,
  used: 402,
  left: 403,
  settled: 405,
  expired: 501,
  invalid: 502,
} as const satisfies Record<string, TicketStatusCode>;

/** docs/product.md §4 pay status of an order. */
export const PayStatus = defineDict({
  101: { zh: '未支付', en: 'Unpaid', color: 'orange' },
  103: { zh: '支付超时', en: 'Payment timed out', color: 'default' },
  201: { zh: '已支付', en: 'Paid', color: 'green' },
});
export type PayStatusCode = keyof typeof PayStatus;
export const PAY_STATUS = { unpaid: 101, timedOut: 103, paid: 201 } as const;

/** docs/product.md §9 pay ways. */
export const PayWay = defineDict({
  1: { zh: '现金', en: 'Cash' },
  2: { zh: '微信支付', en: 'WeChat Pay' },
  3: { zh: '支付宝', en: 'Alipay' },
  4: { zh: '第三方支付', en: 'Payment provider' },
  5: { zh: '分销商余额', en: 'Agency balance' },
  8: { zh: '分销商授信', en: 'Agency credit' },
  9: { zh: '会员余额', en: 'Member balance' },
  10: { zh: '银行支付', en: 'Bank payment' },
  11: { zh: '银联', en: 'UnionPay' },
  12: { zh: '银行支付（二）', en: 'Bank payment (2)' },
  13: { zh: '平台结算', en: 'Platform-settled' },
  15: { zh: '平台结算（二）', en: 'Platform-settled (2)' },
  16: { zh: '平台结算（三）', en: 'Platform-settled (3)' },
  17: { zh: '平台结算（四）', en: 'Platform-settled (4)' },
  50: { zh: '数字人民币', en: 'Digital RMB' },
  98: { zh: '挂账', en: 'On account' },
  99: { zh: 'POS 刷卡', en: 'POS' },
});
export type PayWayCode = keyof typeof PayWay;
/** Pay way 9: the member's stored value (docs/decisions.md "Members in selling"). */
export const PAY_WAY_MEMBER_BALANCE = 9 satisfies PayWayCode;
/** Pay ways 5 and 8: a distributor's prepaid balance and its credit (docs/decisions.md "Distributor balance and credit"). */
export const PAY_WAY_AGENCY_BALANCE = 5 satisfies PayWayCode;
export const PAY_WAY_AGENCY_CREDIT = 8 satisfies PayWayCode;

/** docs/domain.md "Payment": created → pending → confirmed | failed | canceled; confirmed → refunded. */
export const PaymentStatus = defineDict({
  created: { zh: '已创建', en: 'Created' },
  pending: { zh: '支付中', en: 'Pending', color: 'orange' },
  confirmed: { zh: '已确认', en: 'Confirmed', color: 'green' },
  failed: { zh: '失败', en: 'Failed', color: 'red' },
  canceled: { zh: '已取消', en: 'Canceled', color: 'default' },
  refunded: { zh: '已退款', en: 'Refunded', color: 'purple' },
});
export type PaymentStatusCode = keyof typeof PaymentStatus;

/** docs/domain.md "Refund": created → transit → done | failed | canceled; external = done outside the system. */
export const RefundStatus = defineDict({
  created: { zh: '已创建', en: 'Created' },
  transit: { zh: '退款中', en: 'In transit', color: 'orange' },
  done: { zh: '已退款', en: 'Done', color: 'green' },
  failed: { zh: '失败', en: 'Failed', color: 'red' },
  canceled: { zh: '已取消', en: 'Canceled', color: 'default' },
  external: { zh: '线下退款', en: 'Refunded outside', color: 'cyan' },
});
export type RefundStatusCode = keyof typeof RefundStatus;

/** docs/product.md §4 refund application: 1 pending review, 2 approved, 3 rejected (4: withdrawn by the customer). */
export const RefundApplyStatus = defineDict({
  1: { zh: '待审核', en: 'Pending review', color: 'orange' },
  2: { zh: '已通过', en: 'Approved', color: 'green' },
  3: { zh: '已驳回', en: 'Rejected', color: 'red' },
  4: { zh: '已撤回', en: 'Withdrawn', color: 'default' },
});
export type RefundApplyStatusCode = keyof typeof RefundApplyStatus;
export const REFUND_APPLY = { pending: 1, approved: 2, rejected: 3, withdrawn: 4 } as const;

/** A gate event (docs/domain.md "Gate event log"). */
export const GateDirection = defineDict({
  entry: { zh: '入园', en: 'Entry', color: 'green' },
  exit: { zh: '出园', en: 'Exit', color: 'blue' },
  denied: { zh: '拒绝', en: 'Denied', color: 'red' },
});
export type GateDirectionCode = keyof typeof GateDirection;
