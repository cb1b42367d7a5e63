import type { ShopOrderStatusCode, StockMoveReasonCode } from '../../../../shared/dict/shop.ts';
import type { SeededRandom } from '../../../lib/seeded-random.ts';

// The demo shop orders (shop-orders.seed.ts): what a walked order is, and the demo's fixed choices.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const PAY_WECHAT = 2;
export const PAY_BALANCE = 9;
export const CARRIERS = ['顺丰速运', '中通快递', '圆通速递', '韵达快递', '邮政EMS'];
export const ADDRESSES = [
  '浙江省杭州市西湖区文三路 90 号',
  '上海市浦东新区世纪大道 100 号',
  '江苏省南京市玄武区中山路 18 号',
  '北京市朝阳区建国路 88 号',
  '广东省深圳市南山区科技园南路 6 号',
  '浙江省宁波市鄞州区天童南路 588 号',
];
export const REVIEWS = [
  '包装很用心，味道正宗',
  '物流很快，和景区买的一样',
  '送朋友很合适',
  '质量不错，会回购',
  '一般般',
];

export type Rnd = SeededRandom;

export interface Sku {
  id: number;
  goodsId: number;
  goodsName: string;
  specText: string;
  image: string;
  price: number;
  stock: number;
}
export interface Line {
  sku: Sku;
  quantity: number;
  amount: number;
  refundedQuantity: number;
  refundedAmount: number;
}
export type LinePart = { line: number; quantity: number; amount: number };
export interface Aftersale {
  type: number;
  status: number;
  before: number;
  reason: string;
  lines: LinePart[];
  amount: number;
  returnCarrier: string;
  returnTrackingNo: string;
  goodsReceivedAt: Date | null;
  rejectReason: string;
  reviewedAt: Date | null;
  createdAt: Date;
}
export interface Refund {
  aftersale: number | null;
  amount: number;
  lines: LinePart[];
  status: string;
  reason: string;
  failReason: string;
  byStaff: boolean;
  createdAt: Date;
  doneAt: Date | null;
}
/** One demo order as it stands at seed time, with every fact written about it. */
export interface Plan {
  orderNo: string;
  memberId: number;
  receiverName: string;
  receiverPhone: string;
  receiverAddress: string;
  status: ShopOrderStatusCode;
  before: ShopOrderStatusCode | null;
  createdAt: Date;
  paidAt: Date | null;
  shippedAt: Date | null;
  receivedAt: Date | null;
  closedAt: Date | null;
  closeReason: string;
  payWay: number;
  lines: Line[];
  history: {
    transition: string;
    from: number | null;
    to: number;
    at: Date;
    staff: boolean;
    member: boolean;
    note: string;
  }[];
  stock: { sku: Sku; delta: number; reason: StockMoveReasonCode; at: Date; staff: boolean }[];
  shipment: { carrier: string; trackingNo: string; at: Date } | null;
  aftersales: Aftersale[];
  refunds: Refund[];
  review: { rating: number; content: string; at: Date } | null;
}

export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
