import { INVOICE_STATE as S, type InvoiceStateCode } from '../dict/invoices.ts';
import { stateMachine, type Transition } from './state-machine.ts';

/**
 * The invoice machine of docs/domain.md "E-invoices" (V1-V10) as data: the one definition the
 * database trigger (migration invoices), the invoices services' compare-and-set updates
 * (`UPDATE … WHERE state = ANY(from)`) and the console's row actions read. A red-letter invoice is a
 * new invoice (V1) referring to its blue one; it moves along the same edges.
 */
export const INVOICE_TRANSITIONS = [
  { id: 'V1', from: [], to: S.notIssued, label: { zh: '申请开票', en: 'Requested' } },
  { id: 'V2', from: [S.notIssued, S.failed], to: S.issuing, label: { zh: '开票', en: 'Issue' } },
  { id: 'V3', from: [S.issuing], to: S.issued, label: { zh: '开票成功', en: 'Issued' } },
  { id: 'V4', from: [S.issuing], to: S.failed, label: { zh: '开票失败', en: 'Issue failed' } },
  {
    id: 'V5',
    from: [S.issued, S.reissued, S.reissueFailed],
    to: S.reissuing,
    label: { zh: '重开', en: 'Reissue' },
  },
  { id: 'V6', from: [S.reissuing], to: S.reissued, label: { zh: '重开成功', en: 'Reissued' } },
  { id: 'V7', from: [S.reissuing], to: S.reissueFailed, label: { zh: '重开失败', en: 'Reissue failed' } },
  {
    id: 'V8',
    from: [S.issued, S.reissued, S.voidFailed],
    to: S.voiding,
    label: { zh: '作废', en: 'Void' },
  },
  { id: 'V9', from: [S.voiding], to: S.voided, label: { zh: '作废成功', en: 'Voided' } },
  { id: 'V10', from: [S.voiding], to: S.voidFailed, label: { zh: '作废失败', en: 'Void failed' } },
] as const satisfies readonly Transition<InvoiceStateCode>[];

export type InvoiceTransitionId = (typeof INVOICE_TRANSITIONS)[number]['id'];

export const invoiceMachine = stateMachine<InvoiceStateCode, Transition<InvoiceStateCode>>(
  INVOICE_TRANSITIONS,
);

/** States an invoice stands in (issued, possibly being reissued or voided): what a red letter refers to. */
export const INVOICE_STANDING: readonly InvoiceStateCode[] = [S.issued, S.reissued];
/** States of a blue invoice still alive for its source (all but voided): one per source. */
export const INVOICE_LIVE: readonly InvoiceStateCode[] = [0, 1, 2, 3, 4, 5, 6, 8, 9];
