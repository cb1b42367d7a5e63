import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Spin, Tag, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  invoiceApi,
  invoiceRecordApi,
  type InvoiceDetail,
  type InvoiceRecordRow,
  type InvoiceRowView,
} from '../../../shared/api/invoices.ts';
import {
  InvoiceBuyerType,
  InvoiceField,
  InvoiceKind,
  InvoiceLineKind,
  InvoiceLineProperty,
  InvoiceRecordAction,
  InvoiceState,
  InvoiceTaxReport,
  InvoiceZeroRate,
} from '../../../shared/dict/invoices.ts';
import { usePermission } from '../../components/can.tsx';
import { dateTimeText, DetailCard, DetailTable } from '../../components/detail-parts.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { listQueryKey, useLabel } from '../../components/list-page/index.ts';
import { moneyColumn, MoneyText } from '../../components/money-text.tsx';
import { SubList } from '../../components/sub-list.tsx';
import { get } from '../../lib/request.ts';
import { invoiceName } from './invoice-actions.tsx';
import { SourceLink } from './invoice-source-link.tsx';

type Line = InvoiceDetail['lines'][number];

const rateText = (bp: number) => `${bp / 100}%`;

function Lines({ d }: { d: InvoiceDetail }) {
  const { t } = useTranslation('invoiceList');
  const columns: TableColumnsType<Line & { id: number }> = [
    { key: 'itemName', dataIndex: 'itemName', title: t('itemName') },
    { key: 'taxCode', dataIndex: 'taxCode', title: t('taxCode') },
    { key: 'quantity', dataIndex: 'quantity', title: t('quantity') },
    moneyColumn('unitPrice', t('unitPrice')),
    moneyColumn('amount', t('lineAmount')),
    { key: 'rate', dataIndex: 'rate', title: t('rate'), render: (v: number) => rateText(v) },
    moneyColumn('tax', t('lineTax')),
    {
      key: 'property',
      dataIndex: 'property',
      title: t('property'),
      render: (v: number) => <DictTag dict={InvoiceLineProperty} value={v} />,
    },
    {
      key: 'zeroRate',
      dataIndex: 'zeroRate',
      title: t('zeroRate'),
      render: (v: number) => <DictTag dict={InvoiceZeroRate} value={v} />,
    },
  ];
  return (
    <DetailCard title={t('lines')}>
      <DetailTable rows={d.lines.map((l) => ({ ...l, id: l.seq }))} columns={columns} />
    </DetailCard>
  );
}

/** A blue invoice's red letters, or a red one's blue. */
function Related({ d }: { d: InvoiceDetail }) {
  const { t } = useTranslation('invoiceList');
  const label = useLabel();
  const columns: TableColumnsType<InvoiceRowView> = [
    { key: 'number', title: label(InvoiceField.series), render: (_, r) => invoiceName(r) },
    { key: 'taxInvoiceNo', dataIndex: 'taxInvoiceNo', title: label(InvoiceField.taxInvoiceNo) },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: label(InvoiceField.kind),
      render: (v: number) => <DictTag dict={InvoiceKind} value={v} />,
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: label(InvoiceField.state),
      render: (v: number) => <DictTag dict={InvoiceState} value={v} />,
    },
    moneyColumn('amount', label(InvoiceField.amount)),
    {
      key: 'issuedAt',
      dataIndex: 'issuedAt',
      title: label(InvoiceField.issuedAt),
      render: (v: string | null) => dateTimeText(v),
    },
  ];
  return (
    <DetailCard title={d.blueId ? t('relatedBlue') : t('relatedReds')}>
      <div data-testid="invoice-related">
        <DetailTable rows={d.related} columns={columns} />
      </div>
    </DetailCard>
  );
}

/** Every request made to the platform for this invoice (needs admin:invoice:record:query). */
function Records({ id }: { id: number }) {
  const { t } = useTranslation('invoiceList');
  const columns: TableColumnsType<InvoiceRecordRow> = [
    { key: 'createTime', dataIndex: 'createTime', title: t('recordTime'), render: dateTimeText },
    {
      key: 'action',
      dataIndex: 'action',
      title: t('recordAction'),
      render: (v: string) => <DictTag dict={InvoiceRecordAction} value={v} />,
    },
    {
      key: 'ok',
      dataIndex: 'ok',
      title: t('recordOk'),
      render: (v: boolean) => <Tag color={v ? 'green' : 'red'}>{v ? t('recordOkYes') : t('recordOkNo')}</Tag>,
    },
    { key: 'message', dataIndex: 'message', title: t('recordMessage') },
    { key: 'durationMs', dataIndex: 'durationMs', title: t('recordDuration') },
  ];
  return (
    <DetailCard title={t('records')}>
      <SubList<InvoiceRecordRow> url={invoiceRecordApi.page} params={{ invoiceId: id }} columns={columns} />
    </DetailCard>
  );
}

function Summary({ d }: { d: InvoiceDetail }) {
  const label = useLabel();
  const item = (key: keyof typeof InvoiceField, children: ReactNode) => ({
    key,
    label: label(InvoiceField[key]),
    children,
  });
  return (
    <DetailCard
      title={label(InvoiceField.series)}
      extra={<DictTag dict={InvoiceState} value={d.state} />}
      column={{ xs: 1, md: 2 }}
      items={[
        item('series', invoiceName(d)),
        item('taxInvoiceCode', d.taxInvoiceCode),
        item('taxInvoiceNo', d.taxInvoiceNo),
        item('kind', <DictTag dict={InvoiceKind} value={d.kind} />),
        item('lineKind', <DictTag dict={InvoiceLineKind} value={d.lineKind} />),
        item('source', <SourceLink row={d} />),
        item('buyerType', <DictTag dict={InvoiceBuyerType} value={d.buyerType} />),
        item('buyerName', d.buyerName),
        item('buyerTaxId', d.buyerTaxId),
        item('buyerAddress', d.buyerAddress),
        item('buyerBank', d.buyerBank),
        item('buyerEmail', d.buyerEmail),
        item('buyerPhone', d.buyerPhone),
        item('amount', <MoneyText cents={d.amount} />),
        item('tax', <MoneyText cents={d.tax} />),
        item('taxReport', <DictTag dict={InvoiceTaxReport} value={d.taxReport} />),
        item('issuedAt', dateTimeText(d.issuedAt)),
        item('createTime', dateTimeText(d.createTime)),
        item('remarks', d.remarks),
        ...(d.failReason ? [item('failReason', d.failReason)] : []),
      ]}
    />
  );
}

/** One invoice in a drawer over the list: its fields, lines, related invoices and platform records. */
export function InvoiceDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('invoiceList');
  const can = usePermission();
  const query = useQuery({
    // under the list's key: an action on the list refreshes the open detail too
    queryKey: [...listQueryKey(invoiceApi.page), 'detail', id],
    queryFn: () => get<InvoiceDetail>(invoiceApi.detail, { id: id! }, { silent: true }),
    enabled: id !== null,
  });
  const d = query.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={880}
      destroyOnHidden
      title={d ? t('detailTitle', { number: d.number ? invoiceName(d) : t('noNumber') }) : t('detail')}
    >
      {query.isPending && <Spin />}
      {query.error && <Alert type="error" showIcon message={query.error.message || t('notFound')} />}
      {d && (
        <div data-testid="invoice-detail">
          <Summary d={d} />
          <Lines d={d} />
          <Related d={d} />
          {can('admin:invoice:record:query') && <Records id={d.id} />}
        </div>
      )}
    </Drawer>
  );
}
