import { Space, Typography } from 'antd';
import { invoiceRecordApi, type InvoiceRecordRow } from '../../../shared/api/invoices.ts';
import {
  InvoiceRecordAction,
  InvoiceRecordField as F,
  InvoiceRecordResult,
} from '../../../shared/dict/invoices.ts';
import { DictTag } from '../../components/dict-tag.tsx';
import { JsonPayload } from '../../components/json-payload.tsx';
import { defineListPage, ListPage, useLabel } from '../../components/list-page/index.ts';

/** The request sent and the platform's answer, as JSON (no secret is ever in them). */
function Payloads({ row }: { row: InvoiceRecordRow }) {
  const label = useLabel();
  return (
    <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
      <Typography.Title level={5}>{label(F.request)}</Typography.Title>
      <JsonPayload text={row.request} testId="invoice-record-request" />
      <Typography.Title level={5}>{label(F.answer)}</Typography.Title>
      <JsonPayload text={row.answer} testId="invoice-record-answer" />
    </Space>
  );
}

const definition = defineListPage<InvoiceRecordRow>({
  id: 'invoice.invoiceRecord',
  url: invoiceRecordApi.page,
  exportUrl: invoiceRecordApi.export,
  rowKey: 'id',
  perms: { export: 'admin:invoice:record:query' },
  search: [
    {
      kind: 'dateRange',
      name: 'createTime',
      label: F.createTime,
      from: 'createTimeFrom',
      to: 'createTimeTo',
      time: true,
    },
    { kind: 'text', name: 'invoiceNo', label: F.invoiceNumber, maxLength: 40 },
    { kind: 'dict', name: 'action', label: F.action, dict: InvoiceRecordAction },
    // the dictionary's codes are 'ok' / 'failed'; the server filters on a boolean
    {
      kind: 'dict',
      name: 'result',
      label: F.ok,
      dict: InvoiceRecordResult,
      param: 'ok',
      toParam: (code) => code === 'ok',
    },
  ],
  columns: [
    { key: 'createTime', title: F.createTime, kind: 'dateTime', sortable: true, width: 170 },
    { key: 'action', title: F.action, kind: 'dict', dict: InvoiceRecordAction, width: 110 },
    {
      key: 'ok',
      title: F.ok,
      render: (_, row) => <DictTag dict={InvoiceRecordResult} value={row.ok ? 'ok' : 'failed'} />,
      width: 90,
    },
    { key: 'invoiceNumber', title: F.invoiceNumber, width: 200 },
    { key: 'method', title: F.method, width: 280, ellipsis: true },
    { key: 'message', title: F.message, width: 260, ellipsis: true },
    { key: 'durationMs', title: F.durationMs, width: 110 },
  ],
  detail: { extra: (row) => <Payloads row={row} />, width: 720 },
});

/**
 * /invoice/invoiceRecord (issue 33): every call made to the invoicing platform (issue, query the
 * result, void, and the settings' connection tests) with its request and answer; append-only.
 */
export default function InvoiceRecordPage() {
  return <ListPage definition={definition} />;
}
