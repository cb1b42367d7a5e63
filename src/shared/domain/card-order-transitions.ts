import type { DictEntry } from '../dict/dict.ts';
import { CARD_ORDER_STATUS as S, type CardOrderStatusCode } from '../dict/cards.ts';

/**
 * The card order machine of docs/domain.md "Travel card" (C1-C10) as data: the one definition the
 * database trigger (migration card_order_transitions), the cards services' compare-and-set updates
 * (`UPDATE … WHERE status = ANY(from)`) and the console read. Anything not listed is refused with
 * 409. `from: []` means an order being created.
 */
export interface CardOrderTransition {
  id: string;
  from: readonly CardOrderStatusCode[];
  to: CardOrderStatusCode;
  label: DictEntry;
}

export const CARD_ORDER_TRANSITIONS = [
  { id: 'C1', from: [], to: S.unpaid, label: { zh: '下单', en: 'Place order' } },
  { id: 'C2', from: [], to: S.paid, label: { zh: '下单并支付', en: 'Place and pay' } },
  { id: 'C3', from: [S.unpaid], to: S.paid, label: { zh: '支付确认', en: 'Payment confirmed' } },
  {
    id: 'C4',
    from: [S.unpaid],
    to: S.invalid,
    label: { zh: '取消或超时', en: 'Cancelled or timed out' },
  },
  { id: 'C5', from: [S.paid], to: S.effective, label: { zh: '激活', en: 'Activate' } },
  { id: 'C6', from: [S.effective], to: S.inUse, label: { zh: '首次入园', en: 'First entry' } },
  { id: 'C7', from: [S.paid, S.effective], to: S.refunded, label: { zh: '退款', en: 'Refund' } },
  {
    id: 'C8',
    from: [S.inUse],
    to: S.refunded,
    label: { zh: '已使用卡退款', en: 'Refund of a used card' },
  },
  { id: 'C9', from: [S.effective, S.inUse], to: S.expired, label: { zh: '到期', en: 'Validity ended' } },
  {
    id: 'C10',
    from: [S.paid, S.effective, S.inUse],
    to: S.invalid,
    label: { zh: '作废', en: 'Void' },
  },
] as const satisfies readonly CardOrderTransition[];

export type CardOrderTransitionId = (typeof CARD_ORDER_TRANSITIONS)[number]['id'];

const ALL = CARD_ORDER_TRANSITIONS as readonly CardOrderTransition[];

/** The statuses a new card order may start in (C1, C2). */
export const CARD_ORDER_START: readonly CardOrderStatusCode[] = ALL.filter((t) => !t.from.length).map(
  (t) => t.to,
);

/** The statuses one transition starts from (narrowed to one target when given). */
export function cardTransitionFrom(
  id: CardOrderTransitionId,
  to?: CardOrderStatusCode,
): CardOrderStatusCode[] {
  return [
    ...new Set(ALL.filter((t) => t.id === id && (to === undefined || t.to === to)).flatMap((t) => t.from)),
  ];
}

/** The target of a transition (each card order transition has one). */
export function cardTransitionTo(id: CardOrderTransitionId): CardOrderStatusCode {
  return ALL.find((t) => t.id === id)!.to;
}

/** Every (from, to) pair the table allows between existing statuses. */
export function allowedCardOrderPairs(): [CardOrderStatusCode, CardOrderStatusCode][] {
  const pairs = new Map<string, [CardOrderStatusCode, CardOrderStatusCode]>();
  for (const t of ALL) for (const from of t.from) pairs.set(`${from}>${t.to}`, [from, t.to]);
  return [...pairs.values()];
}
