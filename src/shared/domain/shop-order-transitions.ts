import type { DictEntry } from '../dict/dict.ts';
import { SHOP_ORDER_STATUS as S, type ShopOrderStatusCode } from '../dict/shop.ts';

/**
 * The shop order machine of docs/domain.md (S1-S23) as data: the one definition the order service's
 * compare-and-set updates (`UPDATE … WHERE status = ANY(from)`) and the console read. Anything not
 * listed is refused with 409. `from: []` means an order being created.
 *
 * Two kinds of rows depend on the order's `status_before_refund` (kept when a refund is requested):
 * `restoresBefore` (S15: the request is withdrawn, the order goes back to where it was, so `to` must
 * equal it) and `before` (S17: after a rejection the normal flow resumes along the out-edges of the
 * status the order had before the request).
 */
export interface ShopOrderTransition {
  id: string;
  from: readonly ShopOrderStatusCode[];
  to: ShopOrderStatusCode;
  label: DictEntry;
  restoresBefore?: boolean;
  before?: readonly ShopOrderStatusCode[];
}

const S12_FROM = [S.received, S.pendingReview, S.reviewed] as const;

export const SHOP_ORDER_TRANSITIONS = [
  { id: 'S1', from: [], to: S.pendingPayment, label: { zh: '下单', en: 'Place order' } },
  {
    id: 'S2',
    from: [S.pendingPayment],
    to: S.pendingShipment,
    label: { zh: '支付确认', en: 'Payment confirmed' },
  },
  {
    id: 'S3',
    from: [S.pendingPayment],
    to: S.userCancelled,
    label: { zh: '用户取消', en: 'Cancelled by buyer' },
  },
  {
    id: 'S4',
    from: [S.pendingPayment],
    to: S.systemCancelled,
    label: { zh: '超时或员工取消', en: 'Timed out or cancelled by staff' },
  },
  {
    id: 'S5',
    from: [S.systemCancelled],
    to: S.pendingShipment,
    label: { zh: '迟到的支付', en: 'Late payment accepted' },
  },
  { id: 'S6', from: [S.pendingShipment], to: S.shipped, label: { zh: '发货', en: 'Ship' } },
  {
    id: 'S7',
    from: [S.pendingShipment],
    to: S.refundRequested,
    label: { zh: '发货前申请退款', en: 'Refund requested before shipment' },
  },
  {
    id: 'S8',
    from: [S.pendingShipment],
    to: S.refunding,
    label: { zh: '商家退款', en: 'Refund by merchant' },
  },
  { id: 'S9', from: [S.shipped], to: S.received, label: { zh: '确认收货', en: 'Receipt confirmed' } },
  { id: 'S10', from: [S.received], to: S.pendingReview, label: { zh: '待评价', en: 'Open for review' } },
  { id: 'S11', from: [S.received], to: S.closed, label: { zh: '订单完成', en: 'Completed' } },
  {
    id: 'S12',
    from: S12_FROM,
    to: S.refundRequested,
    label: { zh: '申请售后', en: 'After-sales requested' },
  },
  { id: 'S13', from: [S.refundRequested], to: S.refunding, label: { zh: '同意退款', en: 'Refund approved' } },
  {
    id: 'S14',
    from: [S.refundRequested],
    to: S.refundRejected,
    label: { zh: '拒绝退款', en: 'Refund rejected' },
  },
  ...([S.pendingShipment, ...S12_FROM] as const).map((to) => ({
    id: 'S15',
    from: [S.refundRequested],
    to,
    restoresBefore: true,
    label: { zh: '撤回申请', en: 'Request withdrawn' },
  })),
  {
    id: 'S16',
    from: [S.refundRejected],
    to: S.refundRequested,
    label: { zh: '再次申请', en: 'Requested again' },
  },
  // S17: the out-edges of the status before the request (201 → 301; 302 → 401 / 601; 401 → 402 / 601; 402 → 601)
  {
    id: 'S17',
    from: [S.refundRejected],
    to: S.shipped,
    before: [S.pendingShipment],
    label: { zh: '发货', en: 'Ship' },
  },
  {
    id: 'S17',
    from: [S.refundRejected],
    to: S.pendingReview,
    before: [S.received],
    label: { zh: '待评价', en: 'Open for review' },
  },
  {
    id: 'S17',
    from: [S.refundRejected],
    to: S.reviewed,
    before: [S.pendingReview],
    label: { zh: '发表评价', en: 'Review posted' },
  },
  {
    id: 'S17',
    from: [S.refundRejected],
    to: S.closed,
    before: S12_FROM,
    label: { zh: '订单完成', en: 'Completed' },
  },
  { id: 'S18', from: [S.refunding], to: S.refunded, label: { zh: '退款完成', en: 'Refund done' } },
  {
    id: 'S19',
    from: [S.refunding],
    to: S.refunding,
    label: { zh: '退款失败，重试', en: 'Refund failed, retried' },
  },
  { id: 'S20', from: [S.pendingReview], to: S.reviewed, label: { zh: '发表评价', en: 'Review posted' } },
  {
    id: 'S21',
    from: [S.pendingReview],
    to: S.closed,
    label: { zh: '评价期结束', en: 'Review window ended' },
  },
  {
    id: 'S22',
    from: [S.reviewed],
    to: S.closed,
    label: { zh: '售后期结束', en: 'After-sales window ended' },
  },
  {
    id: 'S23',
    from: [S.userCancelled, S.systemCancelled, S.refunded],
    to: S.closed,
    label: { zh: '归档', en: 'Archived' },
  },
] as const satisfies readonly ShopOrderTransition[];

export type ShopOrderTransitionId = (typeof SHOP_ORDER_TRANSITIONS)[number]['id'];

const ALL = SHOP_ORDER_TRANSITIONS as readonly ShopOrderTransition[];

/** The rows of one transition, narrowed to one target when given. */
export function shopTransitionRows(
  id: ShopOrderTransitionId,
  to?: ShopOrderStatusCode,
): ShopOrderTransition[] {
  return ALL.filter((t) => t.id === id && (to === undefined || t.to === to));
}

/** The statuses one transition may leave to this target; empty when the target is not one of its own. */
export function shopTransitionFrom(
  id: ShopOrderTransitionId,
  to: ShopOrderStatusCode,
): ShopOrderStatusCode[] {
  return [...new Set(shopTransitionRows(id, to).flatMap((t) => t.from))];
}

/** Every (from, to) pair the table allows between existing statuses. */
export function allowedShopOrderPairs(): [ShopOrderStatusCode, ShopOrderStatusCode][] {
  const pairs = new Map<string, [ShopOrderStatusCode, ShopOrderStatusCode]>();
  for (const t of ALL) for (const from of t.from) pairs.set(`${from}>${t.to}`, [from, t.to]);
  return [...pairs.values()];
}
