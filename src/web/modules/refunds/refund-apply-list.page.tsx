import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { refundApplyApi, type RefundApplyRow } from '../../../shared/api/refunds.ts';
import { RefundApplyStatus, TicketStatus } from '../../../shared/dict/order.ts';
import { RefundApplyField } from '../../../shared/dict/refunds.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { ReviewActions } from './review-actions.tsx';

function DetailLink({ id }: { id: number }) {
  const { t } = useTranslation('refunds');
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" onClick={() => void navigate(`/ticket/refTicCheDet?id=${id}`)}>
      {t('detail')}
    </Button>
  );
}

const definition = defineListPage<RefundApplyRow>({
  id: 'ticket.refundTicCheck',
  url: refundApplyApi.page,
  exportUrl: refundApplyApi.export,
  rowKey: 'id',
  perms: { export: 'admin:refundApply:page' },
  search: [
    { kind: 'dict', name: 'status', label: RefundApplyField.status, dict: RefundApplyStatus },
    { kind: 'text', name: 'orderNo', label: RefundApplyField.orderNo, maxLength: 32 },
    { kind: 'text', name: 'phone', label: RefundApplyField.phone, maxLength: 20 },
    {
      kind: 'dateRange',
      name: 'createTime',
      label: RefundApplyField.requestTime,
      from: 'createTimeFrom',
      to: 'createTimeTo',
      time: true,
    },
  ],
  columns: [
    { key: 'orderNo', title: RefundApplyField.orderNo },
    { key: 'productName', title: RefundApplyField.productName },
    { key: 'visitorName', title: RefundApplyField.visitorName },
    { key: 'visitDate', title: RefundApplyField.visitDate },
    { key: 'ticketAmount', title: RefundApplyField.ticketAmount, kind: 'money', sortable: true },
    { key: 'fee', title: RefundApplyField.fee, kind: 'money' },
    { key: 'refundAmount', title: RefundApplyField.refundAmount, kind: 'money', sortable: true },
    { key: 'status', title: RefundApplyField.status, kind: 'dict', dict: RefundApplyStatus },
    {
      key: 'ticketStatus',
      title: RefundApplyField.ticketStatus,
      kind: 'dict',
      dict: TicketStatus,
      hidden: true,
    },
    { key: 'reason', title: RefundApplyField.reason, hidden: true },
    { key: 'requestedBy', title: RefundApplyField.requestedBy },
    { key: 'createTime', title: RefundApplyField.requestTime, kind: 'dateTime', sortable: true },
    { key: 'reviewedBy', title: RefundApplyField.reviewedBy },
    { key: 'reviewTime', title: RefundApplyField.reviewTime, kind: 'dateTime', sortable: true },
    { key: 'rejectReason', title: RefundApplyField.rejectReason, hidden: true },
  ],
  rowActions: (row, { reload }) => (
    <>
      <DetailLink id={row.id} />
      <ReviewActions id={row.id} status={row.status} refundAmount={row.refundAmount} onDone={reload} />
    </>
  ),
  actionWidth: 200,
});

/** docs/product.md §2 /ticket/refundTicCheck: refund applications, one per ticket (docs/product.md §4: 1 pending, 2 approved, 3 rejected). */
export default function RefundApplyListPage() {
  return <ListPage definition={definition} />;
}
