import { Button, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { invoiceApi, type InvoiceRowView, type InvoiceTotals } from '../../../shared/api/invoices.ts';
import {
  InvoiceField,
  InvoiceGoods,
  InvoiceKind,
  InvoiceLineKind,
  InvoiceState,
} from '../../../shared/dict/invoices.ts';
import { formatMoney } from '../../../shared/money.ts';
import { usePermission } from '../../components/can.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import {
  defineListPage,
  ListPage,
  useListTotals,
  type SearchFieldDef,
} from '../../components/list-page/index.ts';
import { InvoiceActions, invoiceName } from './invoice-actions.tsx';
import { InvoiceDetailDrawer } from './invoice-detail.tsx';
import { SourceLink } from './invoice-source-link.tsx';

const SEARCH: readonly SearchFieldDef[] = [
  { kind: 'dict', name: 'state', label: InvoiceField.state, dict: InvoiceState },
  { kind: 'dict', name: 'kind', label: InvoiceField.kind, dict: InvoiceKind },
  { kind: 'dict', name: 'lineKind', label: InvoiceField.lineKind, dict: InvoiceLineKind, width: 200 },
  { kind: 'dict', name: 'source', label: InvoiceField.source, dict: InvoiceGoods },
  { kind: 'text', name: 'sourceNo', label: InvoiceField.sourceNo, maxLength: 40 },
  {
    kind: 'text',
    name: 'buyer',
    label: 'invoiceList:buyer',
    placeholder: 'invoiceList:buyerPlaceholder',
    maxLength: 100,
  },
  {
    kind: 'text',
    name: 'number',
    label: 'invoiceList:number',
    placeholder: 'invoiceList:numberPlaceholder',
    maxLength: 40,
  },
  {
    kind: 'dateRange',
    name: 'createTime',
    label: InvoiceField.createTime,
    from: 'createTimeFrom',
    to: 'createTimeTo',
  },
];

/** Count, amount and tax of the list's filter (red ones negative), above the table. */
function TotalsBar() {
  const { t } = useTranslation('invoiceList');
  const { data, isFetching } = useListTotals<InvoiceTotals>(invoiceApi.page, invoiceApi.totals, SEARCH);
  return (
    <Typography.Text aria-busy={isFetching} aria-live="polite" data-testid="invoice-totals">
      {t('totals', {
        count: data?.count ?? 0,
        amount: formatMoney(data?.amount ?? 0),
        tax: formatMoney(data?.tax ?? 0),
      })}
    </Typography.Text>
  );
}

/** The settlement invoices (a hidden route, docs/invoices.md), for whoever may read them. */
function SettlementLink() {
  const { t } = useTranslation('menu');
  if (!usePermission()('admin:invoice:settlement:query')) return null;
  return (
    <Link to="/invoice/disInvoicePage" data-testid="invoice-settlements-link">
      {t('disInvoicePage')}
    </Link>
  );
}

function useDefinition(openDetail: (id: number) => void) {
  const { t } = useTranslation('invoiceList');
  return useMemo(
    () =>
      defineListPage<InvoiceRowView>({
        id: 'invoice.invoiceList',
        url: invoiceApi.page,
        exportUrl: invoiceApi.export,
        rowKey: 'id',
        perms: { export: 'admin:invoice:query' },
        search: SEARCH,
        columns: [
          {
            key: 'number',
            title: InvoiceField.series,
            width: 190,
            render: (_v, row) => (row.number ? invoiceName(row) : ''),
          },
          { key: 'taxInvoiceCode', title: InvoiceField.taxInvoiceCode, width: 130 },
          { key: 'taxInvoiceNo', title: InvoiceField.taxInvoiceNo, width: 110 },
          { key: 'buyerName', title: InvoiceField.buyerName, width: 200, ellipsis: true },
          { key: 'buyerTaxId', title: InvoiceField.buyerTaxId, width: 180 },
          { key: 'buyerEmail', title: InvoiceField.buyerEmail, width: 160, hidden: true },
          { key: 'buyerPhone', title: InvoiceField.buyerPhone, width: 120, hidden: true },
          { key: 'amount', title: InvoiceField.amount, kind: 'money', sortable: true, width: 110 },
          { key: 'tax', title: InvoiceField.tax, kind: 'money', width: 90 },
          { key: 'kind', title: InvoiceField.kind, kind: 'dict', dict: InvoiceKind, width: 110 },
          { key: 'lineKind', title: InvoiceField.lineKind, kind: 'dict', dict: InvoiceLineKind, width: 150 },
          {
            key: 'state',
            title: InvoiceField.state,
            width: 110,
            render: (v, row) => (
              <span title={row.failReason || undefined}>
                <DictTag dict={InvoiceState} value={v as number} />
              </span>
            ),
          },
          {
            key: 'sourceNo',
            title: InvoiceField.source,
            width: 230,
            render: (_v, row) => <SourceLink row={row} />,
          },
          { key: 'failReason', title: InvoiceField.failReason, ellipsis: true, hidden: true },
          { key: 'issuedAt', title: InvoiceField.issuedAt, kind: 'dateTime', sortable: true, width: 170 },
          { key: 'createTime', title: InvoiceField.createTime, kind: 'dateTime', sortable: true, width: 170 },
        ],
        toolbar: () => (
          <Space wrap size="large">
            <TotalsBar />
            <SettlementLink />
          </Space>
        ),
        rowActions: (row, { reload }) => (
          <InvoiceActions
            row={row}
            onDone={reload}
            detail={
              <Button
                type="link"
                size="small"
                data-testid={`invoice-detail-${row.id}`}
                onClick={() => openDetail(row.id)}
              >
                {t('detail')}
              </Button>
            }
          />
        ),
        actionWidth: 220,
      }),
    [t, openDetail],
  );
}

/** docs/product.md §2 /invoice/invoiceList: the area's invoices, their moves and each one's detail. */
export default function InvoiceListPage() {
  const [detailId, setDetailId] = useState<number | null>(null);
  return (
    <>
      <ListPage definition={useDefinition(setDetailId)} />
      <InvoiceDetailDrawer id={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}
