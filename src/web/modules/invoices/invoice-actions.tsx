import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  invoiceApi,
  invoiceRecordApi,
  InvoiceRedSchema,
  InvoiceReissueBuyerSchema,
  type InvoiceResendAnswerSchema,
  InvoiceVoidSchema,
  type InvoiceDetail,
  type InvoiceRowView,
} from '../../../shared/api/invoices.ts';
import { INVOICE_KIND, INVOICE_STATE, type InvoiceStateCode } from '../../../shared/dict/invoices.ts';
import { INVOICE_STANDING, invoiceMachine } from '../../../shared/domain/invoice-transitions.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { FormAction, PromptAction, type PromptField } from '../../components/form-action.tsx';
import { listQueryKey, saveBlob } from '../../components/list-page/index.ts';
import { get, post, request, type Download } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import { BUYER_TEXT_FIELDS, BuyerFields } from './invoice-buyer-fields.tsx';

const ISSUE = 'admin:invoice:issue';
// the list's key covers its totals bar and the open detail
const REFRESH = [invoiceApi.page, invoiceRecordApi.page];
const REFRESH_KEYS = REFRESH.map((url) => listQueryKey(url));

/** How an invoice is named in a question: its request number, or its source's before it has one. */
export const invoiceName = (row: InvoiceRowView) => (row.number ? `${row.code}${row.number}` : row.sourceNo);

const at = (row: InvoiceRowView, ...states: readonly number[]) => states.includes(row.state);
const blue = (row: InvoiceRowView) => row.kind === INVOICE_KIND.blue;
/** The states whose messages may be sent again (the resend route's 409 otherwise). */
const SENDABLE = [INVOICE_STATE.issued, INVOICE_STATE.reissued];

const REASON: PromptField = {
  name: 'reason',
  label: 'invoiceList:reason',
  kind: 'textarea',
  maxLength: 200,
  required: true,
  showCount: true,
};
const RED_AMOUNT: PromptField = { name: 'amount', label: 'invoiceList:redAmount', kind: 'money' };

const withoutEmpty = (v: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(v).filter(([, value]) => value != null && value !== ''));

/** V2: issue an invoice not issued yet, or retry a failed one; asks first. */
function IssueAction({ row, onDone }: ActionProps) {
  const { t } = useTranslation('invoiceList');
  return (
    <ConfirmAction
      perm={ISSUE}
      title={t('issueConfirm', { number: invoiceName(row) })}
      description={t('issueHint', { amount: formatMoney(row.amount) })}
      action={() => post(invoiceApi.issue, { id: row.id })}
      refresh={REFRESH_KEYS}
      onSuccess={onDone}
      button={{ type: 'link', size: 'small', 'data-testid': `invoice-issue-${row.id}` }}
    >
      {row.state === 2 ? t('retry') : t('issue')}
    </ConfirmAction>
  );
}

/** The reissue's fields: the buyer's, without the invoice form (a reissue keeps it). */
const BUYER_FIELDS = ['buyerType', 'buyerName', ...BUYER_TEXT_FIELDS.map(([name]) => name)] as const;

/** V5: the same invoice again for the buyer's corrected details (filled from the invoice). */
function ReissueAction({ row, onDone }: ActionProps) {
  const { t } = useTranslation('invoiceList');
  return (
    <FormAction
      perm={ISSUE}
      text={t('reissue')}
      title={t('reissueTitle', { number: invoiceName(row) })}
      hint={t('reissueHint')}
      fields={BUYER_FIELDS}
      schema={InvoiceReissueBuyerSchema}
      send={(v) => post(invoiceApi.reissue, { ...v, id: row.id })}
      refresh={REFRESH_KEYS}
      onDone={onDone}
      name="invoiceReissue"
      testId={`invoice-reissue-${row.id}`}
      onOpen={(form) => {
        // the address and bank are the detail's: the form is filled from it once read
        form.setFieldsValue({
          buyerType: row.buyerType,
          buyerName: row.buyerName,
          buyerTaxId: row.buyerTaxId,
        });
        void get<InvoiceDetail>(invoiceApi.detail, { id: row.id }, { silent: true }).then(
          (d) => form.setFieldsValue(Object.fromEntries(BUYER_FIELDS.map((k) => [k, d[k]]))),
          () => undefined,
        );
      }}
      width={560}
    >
      <BuyerFields />
    </FormAction>
  );
}

type ResendAnswer = z.infer<typeof InvoiceResendAnswerSchema>;

/** Where a resend goes: an SMS to the buyer's mobile, an e-mail with the PDF to its address (those it has). */
function useRecipients(row: InvoiceRowView) {
  const { t } = useTranslation('invoiceList');
  return [
    row.buyerPhone && t('resendToPhone', { phone: row.buyerPhone }),
    row.buyerEmail && t('resendToEmail', { email: row.buyerEmail }),
  ]
    .filter(Boolean)
    .join(t('resendJoin'));
}

/**
 * An issued or reissued invoice's SMS and e-mail sent to the buyer again (docs/invoices.md), asking
 * first where they go; the answer tells how many messages were queued (the invoice itself is unchanged).
 */
function ResendAction({ row }: ActionProps) {
  const { t } = useTranslation('invoiceList');
  const to = useRecipients(row);
  return (
    <ConfirmAction
      perm={ISSUE}
      title={t('resendConfirm', { number: invoiceName(row) })}
      description={t('resendHint', { to })}
      action={() => post<ResendAnswer>(invoiceApi.resend, { id: row.id })}
      success={({ queued }) => t('resendDone', { queued })}
      button={{ type: 'link', size: 'small', 'data-testid': `invoice-resend-${row.id}` }}
    >
      {t('resend')}
    </ConfirmAction>
  );
}

/** V8: void a blue invoice (asks for the reason). */
function VoidAction({ row, onDone }: ActionProps) {
  const { t } = useTranslation('invoiceList');
  return (
    <PromptAction
      perm={ISSUE}
      text={t('void')}
      title={t('voidTitle', { number: invoiceName(row) })}
      hint={t('voidHint')}
      fields={[REASON]}
      schema={InvoiceVoidSchema.omit({ id: true })}
      send={(v) => post(invoiceApi.void, { ...v, id: row.id })}
      refresh={REFRESH}
      onDone={onDone}
      danger
      name="invoiceVoid"
      testId={`invoice-void-${row.id}`}
    />
  );
}

/** A red-letter invoice for all or part of an issued blue one (asks for the amount and reason). */
function RedAction({ row, onDone }: ActionProps) {
  const { t } = useTranslation('invoiceList');
  return (
    <PromptAction
      perm={ISSUE}
      text={t('red')}
      title={t('redTitle', { number: invoiceName(row) })}
      hint={t('redHint', { amount: formatMoney(row.amount) })}
      fields={[RED_AMOUNT, REASON]}
      schema={InvoiceRedSchema.omit({ id: true })}
      toBody={withoutEmpty}
      send={(v) => post(invoiceApi.red, { ...v, id: row.id })}
      refresh={REFRESH}
      onDone={onDone}
      danger
      name="invoiceRed"
      testId={`invoice-red-${row.id}`}
    />
  );
}

/** The invoice's PDF as kept in the object store, saved as <invoice number>.pdf. */
function PdfAction({ row }: ActionProps) {
  const { t } = useTranslation('invoiceList');
  const download = useAction(
    async () => {
      const file = await request<Download>(invoiceApi.pdf, { params: { id: row.id }, download: true });
      saveBlob(file.blob, `${row.taxInvoiceNo || invoiceName(row)}.pdf`);
    },
    { success: false },
  );
  return (
    <Button
      type="link"
      size="small"
      loading={download.pending}
      data-testid={`invoice-pdf-${row.id}`}
      onClick={() => void download.run()}
    >
      {t('pdf')}
    </Button>
  );
}

interface ActionProps {
  row: InvoiceRowView;
  onDone: () => void;
}

/**
 * The row actions by state (docs/domain.md "E-invoices"): each shows where its edge of the invoice
 * machine starts, so the console offers exactly what the server allows.
 */
export const INVOICE_ACTIONS: readonly {
  key: string;
  when: (row: InvoiceRowView) => boolean;
  render: (props: ActionProps) => ReactNode;
}[] = [
  { key: 'issue', when: (r) => at(r, ...invoiceMachine.from('V2')), render: IssueAction },
  { key: 'reissue', when: (r) => blue(r) && at(r, ...invoiceMachine.from('V5')), render: ReissueAction },
  { key: 'void', when: (r) => blue(r) && at(r, ...invoiceMachine.from('V8')), render: VoidAction },
  {
    key: 'red',
    when: (r) => blue(r) && INVOICE_STANDING.includes(r.state as InvoiceStateCode),
    render: RedAction,
  },
  {
    key: 'resend',
    when: (r) => r.hasPdf && at(r, ...SENDABLE) && Boolean(r.buyerPhone || r.buyerEmail),
    render: ResendAction,
  },
  { key: 'pdf', when: (r) => r.hasPdf, render: PdfAction },
];

/** The actions of one row, its detail first. */
export function InvoiceActions({ row, onDone, detail }: ActionProps & { detail: ReactNode }) {
  return (
    <>
      {detail}
      {INVOICE_ACTIONS.filter((a) => a.when(row)).map(({ key, render: Action }) => (
        <Action key={key} row={row} onDone={onDone} />
      ))}
    </>
  );
}
