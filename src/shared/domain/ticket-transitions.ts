import type { DictEntry } from '../dict/dict.ts';
import { TICKET_STATUS as S, type TicketStatusCode } from '../dict/order.ts';

/**
 * The ticket transition table of docs/domain.md (T1-T25) as data: the one definition the database
 * trigger (migration), the order services' compare-and-set updates and the console read. Anything
 * not listed is refused with 409. `from: []` means a ticket being created.
 */
export interface TicketTransition {
  id: string;
  from: readonly TicketStatusCode[];
  to: TicketStatusCode;
  label: DictEntry;
}

export const TICKET_TRANSITIONS = [
  { id: 'T1', from: [], to: S.pendingPayment, label: { zh: '下单', en: 'Place order' } },
  { id: 'T2', from: [], to: S.unused, label: { zh: '下单并支付', en: 'Place and pay' } },
  { id: 'T3', from: [S.pendingPayment], to: S.unused, label: { zh: '支付确认', en: 'Payment confirmed' } },
  {
    id: 'T4',
    from: [S.pendingPayment],
    to: S.userCancelled,
    label: { zh: '用户取消', en: 'Cancelled by user' },
  },
  {
    id: 'T5',
    from: [S.pendingPayment],
    to: S.systemCancelled,
    label: { zh: '超时或员工取消', en: 'Timed out or cancelled by staff' },
  },
  {
    id: 'T6',
    from: [S.systemCancelled],
    to: S.unused,
    label: { zh: '迟到的支付', en: 'Late payment accepted' },
  },
  { id: 'T8', from: [S.unused], to: S.ticketed, label: { zh: '出票', en: 'Issue ticket' } },
  { id: 'T9', from: [S.unused, S.ticketed], to: S.entered, label: { zh: '入园', en: 'Entry' } },
  {
    id: 'T10',
    from: [S.unused, S.ticketed],
    to: S.inUse,
    label: { zh: '首次入园（多次票）', en: 'First entry (multi-use)' },
  },
  { id: 'T11', from: [S.entered], to: S.left, label: { zh: '出园', en: 'Exit' } },
  { id: 'T12', from: [S.left], to: S.entered, label: { zh: '再次入园', en: 'Re-entry' } },
  { id: 'T13', from: [S.entered, S.left], to: S.used, label: { zh: '日终关闭', en: 'Day close' } },
  {
    id: 'T14',
    from: [S.inUse],
    to: S.used,
    label: { zh: '次数用完或到期', en: 'Uses exhausted or validity ended' },
  },
  {
    id: 'T15',
    from: [S.unused, S.ticketed],
    to: S.refundRequested,
    label: { zh: '申请退票', en: 'Refund request' },
  },
  {
    id: 'T16',
    from: [S.expired],
    to: S.refundRequested,
    label: { zh: '过期票申请退票', en: 'Refund request after expiry' },
  },
  { id: 'T17', from: [S.refundRequested], to: S.refunding, label: { zh: '审核通过', en: 'Refund approved' } },
  {
    id: 'T18',
    from: [S.refundRequested],
    to: S.withdrawn,
    label: { zh: '撤回申请', en: 'Request withdrawn' },
  },
  // docs/domain.md decision: a reviewer's rejection restores the status before the request directly
  { id: 'T18', from: [S.refundRequested], to: S.unused, label: { zh: '驳回申请', en: 'Request rejected' } },
  { id: 'T18', from: [S.refundRequested], to: S.ticketed, label: { zh: '驳回申请', en: 'Request rejected' } },
  { id: 'T18', from: [S.refundRequested], to: S.expired, label: { zh: '驳回申请', en: 'Request rejected' } },
  {
    id: 'T19',
    from: [S.withdrawn],
    to: S.refundRequested,
    label: { zh: '再次申请退票', en: 'Refund requested again' },
  },
  { id: 'T19', from: [S.withdrawn], to: S.refunding, label: { zh: '员工退票', en: 'Refund by staff' } },
  { id: 'T19', from: [S.withdrawn], to: S.ticketed, label: { zh: '出票', en: 'Issue ticket' } },
  { id: 'T19', from: [S.withdrawn], to: S.entered, label: { zh: '入园', en: 'Entry' } },
  {
    id: 'T19',
    from: [S.withdrawn],
    to: S.inUse,
    label: { zh: '首次入园（多次票）', en: 'First entry (multi-use)' },
  },
  { id: 'T19', from: [S.withdrawn], to: S.expired, label: { zh: '过期', en: 'Expired' } },
  { id: 'T19', from: [S.withdrawn], to: S.invalid, label: { zh: '作废', en: 'Void' } },
  {
    id: 'T20',
    from: [S.unused, S.ticketed],
    to: S.refunding,
    label: { zh: '员工退票', en: 'Refund by staff' },
  },
  { id: 'T21', from: [S.refunding], to: S.refunded, label: { zh: '退款完成', en: 'Refund done' } },
  { id: 'T23', from: [S.unused, S.ticketed, S.expired], to: S.invalid, label: { zh: '作废', en: 'Void' } },
  { id: 'T24', from: [S.unused, S.ticketed], to: S.expired, label: { zh: '过期', en: 'Expired' } },
  { id: 'T25', from: [S.used, S.left, S.expired], to: S.settled, label: { zh: '结算', en: 'Settled' } },
] as const satisfies readonly TicketTransition[];

export type TicketTransitionId = (typeof TICKET_TRANSITIONS)[number]['id'];

/** Every (from, to) pair the table allows between existing statuses (T7/T22 change no status). */
export function allowedTicketPairs(): [TicketStatusCode, TicketStatusCode][] {
  const pairs = new Map<string, [TicketStatusCode, TicketStatusCode]>();
  for (const t of TICKET_TRANSITIONS as readonly TicketTransition[])
    for (const from of t.from) pairs.set(`${from}>${t.to}`, [from, t.to]);
  return [...pairs.values()];
}

/** The statuses a transition may start from (all rows of that id, e.g. T19's restored edges). */
export function transitionFrom(id: TicketTransitionId, to?: TicketStatusCode): TicketStatusCode[] {
  return [
    ...new Set(
      (TICKET_TRANSITIONS as readonly TicketTransition[])
        .filter((t) => t.id === id && (to === undefined || t.to === to))
        .flatMap((t) => t.from),
    ),
  ];
}
