import { useQuery } from '@tanstack/react-query';
import { Card, InputNumber, Space, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DEFAULT_CHECK_DAYS,
  DEFAULT_CHECK_MINUTES,
  invoiceCheckApi,
  invoiceMismatchApi,
  invoiceStuckApi,
  invoiceUnbilledApi,
  UNBILLED_SOURCES,
  type InvoiceCheckCounts,
  type MismatchRow,
  type StuckRow,
  type UnbilledRow,
} from '../../../shared/api/invoice-checks.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  InvoiceCheck,
  InvoiceCheckField,
  InvoiceRequested,
  type InvoiceCheckCode,
} from '../../../shared/dict/invoice-checks.ts';
import { InvoiceField, InvoiceGoods, InvoiceState } from '../../../shared/dict/invoices.ts';
import { DictTag } from '../../components/dict-tag.tsx';
import { defineListPage, ListPage, type ColumnDef } from '../../components/list-page/index.ts';
import { get } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { MismatchFix, StuckFix, UnbilledFix } from './invoice-check-actions.tsx';
import { Can } from '../../components/can.tsx';

const EXPORT = 'admin:invoice:check:query';
const KEYWORD = { kind: 'text', name: 'keyword', label: InvoiceField.sourceNo, maxLength: 100 } as const;

/** The columns an invoice row shows in the stuck and mismatch checks. */
const invoiceColumns = <T extends StuckRow | MismatchRow>(): ColumnDef<T>[] => [
  {
    key: 'number',
    title: InvoiceField.series,
    width: 190,
    render: (_v, r) => (r.number ? `${r.code}${r.number}` : ''),
  },
  { key: 'state', title: InvoiceField.state, kind: 'dict', dict: InvoiceState, width: 100 },
  { key: 'source', title: InvoiceField.source, kind: 'dict', dict: InvoiceGoods, width: 110 },
  { key: 'sourceNo', title: InvoiceField.sourceNo, width: 200 },
  { key: 'buyerName', title: InvoiceField.buyerName, width: 160, ellipsis: true },
];

const unbilledDefinition = (days: number) =>
  defineListPage<UnbilledRow>({
    id: 'invoice.invDetection.unbilled',
    url: invoiceUnbilledApi.page,
    exportUrl: invoiceUnbilledApi.export,
    params: { days },
    rowKey: 'key',
    perms: { export: EXPORT },
    search: [
      KEYWORD,
      {
        kind: 'dict',
        name: 'source',
        label: InvoiceField.source,
        dict: InvoiceGoods,
        codes: UNBILLED_SOURCES,
      },
      { kind: 'dict', name: 'requested', label: InvoiceCheckField.requested, dict: InvoiceRequested },
    ],
    columns: [
      { key: 'source', title: InvoiceField.source, kind: 'dict', dict: InvoiceGoods, width: 110 },
      { key: 'sourceNo', title: InvoiceField.sourceNo, width: 200 },
      { key: 'buyerName', title: InvoiceField.buyerName, width: 120 },
      { key: 'buyerPhone', title: InvoiceField.buyerPhone, width: 130 },
      { key: 'paid', title: InvoiceCheckField.paid, kind: 'money', width: 110 },
      { key: 'left', title: InvoiceCheckField.left, kind: 'money', sortable: true, width: 120 },
      { key: 'paidAt', title: InvoiceCheckField.paidAt, kind: 'dateTime', sortable: true, width: 170 },
      {
        key: 'invoiceId',
        title: InvoiceCheckField.requested,
        width: 150,
        render: (_v, r) => <DictTag dict={InvoiceRequested} value={r.invoiceId == null ? 0 : 1} />,
      },
    ],
    rowActions: (row) => <UnbilledFix row={row} />,
    actionWidth: 120,
  });

const stuckDefinition = (minutes: number) =>
  defineListPage<StuckRow>({
    id: 'invoice.invDetection.stuck',
    url: invoiceStuckApi.page,
    exportUrl: invoiceStuckApi.export,
    params: { minutes },
    rowKey: 'id',
    perms: { export: EXPORT },
    search: [
      KEYWORD,
      { kind: 'dict', name: 'state', label: InvoiceField.state, dict: InvoiceState, codes: [9, 3, 6] },
    ],
    columns: [
      ...invoiceColumns<StuckRow>(),
      { key: 'amount', title: InvoiceField.amount, kind: 'money', sortable: true, width: 110 },
      { key: 'since', title: InvoiceCheckField.since, kind: 'dateTime', sortable: true, width: 170 },
      { key: 'stuckMinutes', title: InvoiceCheckField.stuckMinutes, width: 110 },
      { key: 'failReason', title: InvoiceField.failReason, ellipsis: true, hidden: true },
    ],
    rowActions: (row) => <StuckFix row={row} />,
    actionWidth: 150,
  });

const mismatchDefinition = defineListPage<MismatchRow>({
  id: 'invoice.invDetection.mismatch',
  url: invoiceMismatchApi.page,
  exportUrl: invoiceMismatchApi.export,
  rowKey: 'id',
  perms: { export: EXPORT },
  search: [KEYWORD],
  columns: [
    ...invoiceColumns<MismatchRow>(),
    { key: 'invoiced', title: InvoiceCheckField.invoiced, kind: 'money', width: 130 },
    { key: 'sourceLeft', title: InvoiceCheckField.sourceLeft, kind: 'money', width: 150 },
    { key: 'diff', title: InvoiceCheckField.diff, kind: 'money', sortable: true, width: 110 },
    { key: 'issuedAt', title: InvoiceField.issuedAt, kind: 'dateTime', sortable: true, width: 170 },
  ],
  rowActions: (row) => <MismatchFix row={row} />,
  actionWidth: 150,
});

/** How long: a whole number within the schema's bounds (an emptied box keeps the last one). */
function Bound({
  label,
  value,
  min,
  max,
  onChange,
  testId,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (v: number) => void;
  testId: string;
}) {
  return (
    <Space>
      <label htmlFor={testId}>{label}</label>
      <InputNumber
        id={testId}
        data-testid={testId}
        min={min}
        max={max}
        precision={0}
        value={value}
        onChange={(v) => v != null && onChange(Number(v))}
      />
    </Space>
  );
}

/**
 * docs/product.md §2 /invoice/invDetection: paid orders not invoiced after N days, invoices stuck in
 * between over M minutes, invoices whose total differs from their order's; each row with its fix.
 */
export default function InvoiceChecksPage() {
  const { t } = useTranslation('invoiceChecks');
  const { lang } = useSettings();
  const [days, setDays] = useState(DEFAULT_CHECK_DAYS);
  const [minutes, setMinutes] = useState(DEFAULT_CHECK_MINUTES);
  const [tab, setTab] = useState<InvoiceCheckCode>('unbilled');
  const counts = useQuery({
    queryKey: [invoiceCheckApi.counts, days, minutes],
    queryFn: () => get<InvoiceCheckCounts>(invoiceCheckApi.counts, { days, minutes }, { silent: true }),
  });
  const unbilled = useMemo(() => unbilledDefinition(days), [days]);
  const stuck = useMemo(() => stuckDefinition(minutes), [minutes]);
  const label = (code: InvoiceCheckCode) =>
    t('tabCount', { label: dictLabel(InvoiceCheck, code, lang), count: counts.data?.[code] ?? '…' });
  return (
    <Card>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Space wrap size="large" style={{ marginBottom: 8 }}>
        <Bound label={t('days')} value={days} min={0} max={3650} onChange={setDays} testId="check-days" />
        <Bound
          label={t('minutes')}
          value={minutes}
          min={1}
          max={525_600}
          onChange={setMinutes}
          testId="check-minutes"
        />
        <Can perm="admin:invoice:settlement:query">
          <Link to="/invoice/disInvoicePage">{t('settlementLink')}</Link>
        </Can>
      </Space>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as InvoiceCheckCode)}
        items={[
          { key: 'unbilled', label: label('unbilled'), children: <ListPage definition={unbilled} /> },
          { key: 'stuck', label: label('stuck'), children: <ListPage definition={stuck} /> },
          {
            key: 'mismatch',
            label: label('mismatch'),
            children: <ListPage definition={mismatchDefinition} />,
          },
        ]}
      />
    </Card>
  );
}
