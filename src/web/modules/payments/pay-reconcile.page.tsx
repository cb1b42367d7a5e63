import { payReconcileApi, type PayDifferenceRow } from '../../../shared/api/pay-reconcile.ts';
import { ONLINE_PAY_WAYS } from '../../../shared/api/payments.ts';
import { PayWay } from '../../../shared/dict/order.ts';
import {
  PayDifferenceKind,
  PayDifferenceStatus,
  PayLineKind,
  PayReconcileField as F,
} from '../../../shared/dict/payments.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { DifferenceActions, RunAgainAction } from './pay-reconcile-actions.tsx';

const definition = defineListPage<PayDifferenceRow>({
  id: 'sys.payReconcile',
  url: payReconcileApi.page,
  exportUrl: payReconcileApi.export,
  rowKey: 'id',
  perms: { export: 'admin:payment:reconcile' },
  search: [
    { kind: 'dict', name: 'payWay', label: F.payWay, dict: PayWay, codes: ONLINE_PAY_WAYS },
    { kind: 'dict', name: 'kind', label: F.kind, dict: PayDifferenceKind, width: 240 },
    { kind: 'dict', name: 'status', label: F.status, dict: PayDifferenceStatus },
    { kind: 'text', name: 'paymentNo', label: F.paymentNo, maxLength: 32 },
    {
      kind: 'dateRange',
      name: 'statementDate',
      label: F.statementDate,
      from: 'dateFrom',
      to: 'dateTo',
      dateOnly: true,
    },
  ],
  // what a person acts on first (kind, state, the two amounts, the number), the rest after
  columns: [
    { key: 'statementDate', title: F.statementDate, sortable: true, width: 120 },
    { key: 'payWay', title: F.payWay, kind: 'dict', dict: PayWay, width: 100 },
    { key: 'kind', title: F.kind, kind: 'dict', dict: PayDifferenceKind, width: 200 },
    { key: 'status', title: F.status, kind: 'dict', dict: PayDifferenceStatus, width: 90 },
    { key: 'ourAmount', title: F.ourAmount, kind: 'money', width: 100 },
    { key: 'theirAmount', title: F.theirAmount, kind: 'money', width: 100 },
    { key: 'paymentNo', title: F.paymentNo, width: 190 },
    { key: 'lineKind', title: F.lineKind, kind: 'dict', dict: PayLineKind, width: 100 },
    { key: 'refundNo', title: F.refundNo, width: 170 },
    { key: 'providerTxnId', title: F.providerTxnId, width: 220, ellipsis: true },
    { key: 'note', title: F.note, width: 180, ellipsis: true },
    { key: 'resolvedBy', title: F.resolvedBy, width: 100 },
    { key: 'resolvedAt', title: F.resolvedAt, kind: 'dateTime', width: 170 },
  ],
  detail: {},
  toolbar: () => <RunAgainAction />,
  rowActions: (row, { reload }) => <DifferenceActions row={row} onDone={reload} />,
  actionWidth: 230,
});

/**
 * /sys/payReconcile (issue 30): the differences between the providers' daily statements and our
 * payments and refunds; a line only the statement has is settled from the provider, any open one
 * accepted with a note, and a day's statement run again.
 */
export default function PayReconcilePage() {
  return <ListPage definition={definition} />;
}
