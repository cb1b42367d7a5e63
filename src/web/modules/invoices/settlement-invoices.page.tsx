import { Card, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  invoiceSettlementApi,
  SettlementInvoiceRequestSchema,
  type SettlementInvoiceRow,
} from '../../../shared/api/invoice-checks.ts';
import { invoiceApi } from '../../../shared/api/invoices.ts';
import { ADM_TYPE } from '../../../shared/dict/account.ts';
import { InvoiceCheckField, StatementInvoiced } from '../../../shared/dict/invoice-checks.ts';
import { INVOICE_STATE, InvoiceField, InvoiceState } from '../../../shared/dict/invoices.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { Dict } from '../../components/dict-tag.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { DistributorScopedList } from '../../components/distributor-scoped-list.tsx';
import { FormAction } from '../../components/form-action.tsx';
import { defineListPage, listQueryKey, type SearchFieldDef } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { useUser } from '../../lib/session.ts';
import { BUYER_FIELD_NAMES, BuyerFields } from './invoice-buyer-fields.tsx';

const REQUEST_FIELDS = ['batchId', 'distributorId', ...BUYER_FIELD_NAMES];

/** Leaves out what the form left empty (the schema's defaults fill them). */
const filled = (v: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(v).filter(([, value]) => value != null && value !== ''));

/** V1 for a statement: the buyer is the distributor (its name filled in), its tax id as it gives it. */
function RequestInvoice({ row, onDone }: { row: SettlementInvoiceRow; onDone: () => void }) {
  const { t } = useTranslation('invoiceSettlements');
  const vars = { statementNo: row.statementNo, amount: formatMoney(row.amount) };
  return (
    <FormAction
      perm="admin:invoice:issue"
      text={t('request')}
      title={t('requestTitle', vars)}
      hint={t('requestHint', vars)}
      fields={REQUEST_FIELDS}
      schema={SettlementInvoiceRequestSchema}
      toBody={(v) => ({ ...filled(v), batchId: row.batchId, distributorId: row.distributorId })}
      send={(body) => post(invoiceSettlementApi.request, body)}
      refresh={[listQueryKey(invoiceSettlementApi.page), listQueryKey(invoiceApi.page)]}
      onDone={onDone}
      name="settlementInvoice"
      testId="settlement-request"
      initialValues={{ buyerType: 2, buyerName: row.distributorName, buyerPhone: '' }}
      width={560}
    >
      <BuyerFields lineKind />
    </FormAction>
  );
}

/** A statement with no live invoice (none, or its invoice voided) may be invoiced. */
const open = (r: SettlementInvoiceRow) => r.invoiceId == null || r.invoiceState === INVOICE_STATE.voided;

/** Staff: every distributor's statements with a filter and the request; a distributor: its own. */
function definitionFor(staff: boolean, distributors: Dict | null) {
  const search: SearchFieldDef[] = [
    { kind: 'text', name: 'batchNo', label: InvoiceCheckField.batchNo, maxLength: 32 },
    { kind: 'dict', name: 'invoiced', label: InvoiceCheckField.invoiceState, dict: StatementInvoiced },
    ...(staff && distributors
      ? [
          {
            kind: 'dict',
            name: 'distributorId',
            label: InvoiceCheckField.distributor,
            dict: distributors,
            width: 200,
          } as const,
        ]
      : []),
  ];
  return defineListPage<SettlementInvoiceRow>({
    id: `invoice.disInvoicePage.${staff ? 'staff' : 'own'}`,
    url: invoiceSettlementApi.page,
    exportUrl: invoiceSettlementApi.export,
    rowKey: 'statementNo',
    perms: { export: 'admin:invoice:settlement:query' },
    search,
    columns: [
      { key: 'statementNo', title: InvoiceCheckField.statementNo, width: 210 },
      { key: 'distributorName', title: InvoiceCheckField.distributor, width: 160, hidden: !staff },
      {
        key: 'periodFrom',
        title: InvoiceCheckField.period,
        width: 200,
        render: (_v, r) => `${r.periodFrom} ~ ${r.periodTo}`,
      },
      { key: 'ticketCount', title: InvoiceCheckField.ticketCount, width: 80 },
      { key: 'amount', title: InvoiceCheckField.settled, kind: 'money', sortable: true, width: 120 },
      { key: 'closedAt', title: InvoiceCheckField.closedAt, kind: 'dateTime', sortable: true, width: 170 },
      {
        key: 'invoiceState',
        title: InvoiceCheckField.invoiceState,
        width: 120,
        render: (_v, r) =>
          r.invoiceState == null ? (
            <DictTag dict={StatementInvoiced} value={0} />
          ) : (
            <DictTag dict={InvoiceState} value={r.invoiceState} />
          ),
      },
      { key: 'invoiceNo', title: InvoiceField.taxInvoiceNo, width: 120 },
    ],
    ...(staff
      ? {
          rowActions: (row: SettlementInvoiceRow, { reload }: { reload: () => void }) =>
            open(row) ? <RequestInvoice row={row} onDone={reload} /> : null,
          actionWidth: 110,
        }
      : {}),
  });
}

/** docs/product.md §2 /invoice/disInvoicePage (hidden): one invoice per distributor settlement statement. */
export default function SettlementInvoicesPage() {
  const { t } = useTranslation('invoiceSettlements');
  const staff = useUser()?.admType !== ADM_TYPE.distributor;
  return (
    <Card>
      {/* the link on a line of its own: inside the grey text it would differ by its colour only */}
      <Flex justify="space-between" align="baseline" gap="small" wrap style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        {staff && <Link to="/invoice/invoiceList">{t('back')}</Link>}
      </Flex>
      <DistributorScopedList definitionFor={definitionFor} />
    </Card>
  );
}
