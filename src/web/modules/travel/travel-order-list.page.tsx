import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { orderApi } from '../../../shared/api/orders.ts';
import { travelOrderApi, type TravelOrderRow, type TravelOrderTotals } from '../../../shared/api/travel.ts';
import { PAY_STATUS, PayStatus, TICKET_STATUS, TicketStatus } from '../../../shared/dict/order.ts';
import { BuyChannel } from '../../../shared/dict/product.ts';
import { TravelOrderField } from '../../../shared/dict/travel.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import {
  defineListPage,
  ListPage,
  useListTotals,
  type SearchFieldDef,
} from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';

const search: SearchFieldDef[] = [
  { kind: 'text', name: 'orderNo', label: TravelOrderField.orderNo, maxLength: 32 },
  { kind: 'text', name: 'phone', label: TravelOrderField.buyerPhone, maxLength: 20 },
  { kind: 'dict', name: 'status', label: TravelOrderField.status, dict: TicketStatus },
  { kind: 'dict', name: 'channel', label: TravelOrderField.channel, dict: BuyChannel },
  {
    kind: 'dateRange',
    name: 'departureDate',
    label: TravelOrderField.departureDate,
    from: 'departureDateFrom',
    to: 'departureDateTo',
    allowFuture: true,
    dateOnly: true,
  },
];

/**
 * Count, travellers and amounts of the list's current filter (the URL's), above the table. Its
 * query key starts with the list's URL, so the list's reload refreshes it too.
 */
function TotalsBar() {
  const { t } = useTranslation('travel');
  const { data, isFetching } = useListTotals<TravelOrderTotals>(
    travelOrderApi.page,
    travelOrderApi.totals,
    search,
  );
  return (
    <Typography.Text aria-busy={isFetching} aria-live="polite" data-testid="travel-order-totals">
      {t('totals', {
        count: data?.count ?? 0,
        travellers: data?.travellers ?? 0,
        total: formatMoney(data?.totalAmount ?? 0),
        paid: formatMoney(data?.paidAmount ?? 0),
        refunded: formatMoney(data?.refundedAmount ?? 0),
      })}
    </Typography.Text>
  );
}

/**
 * Detail (the ticket order's detail page, where staff refund the travellers' tickets they choose,
 * with a reason: docs/decisions.md), and cancel while pending payment (its seats are given back).
 */
function RowActions({ row, reload }: { row: TravelOrderRow; reload: () => void }) {
  const { t } = useTranslation('travel');
  const navigate = useNavigate();
  const pending = row.status === TICKET_STATUS.pendingPayment && row.payStatus === PAY_STATUS.unpaid;
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => void navigate(`/ticket/detailPage?id=${row.id}`)}>
        {t('detail')}
      </Button>
      <ConfirmAction
        perm="admin:order:update"
        disabled={!pending}
        okDanger
        title={t('cancelConfirm', { orderNo: row.orderNo })}
        action={() => post(orderApi.cancel, { id: row.id })}
        onSuccess={reload}
        button={{ type: 'link', size: 'small', danger: true }}
      >
        {t('cancel')}
      </ConfirmAction>
    </Space>
  );
}

const definition = defineListPage<TravelOrderRow>({
  id: 'scenic.travelOrderList',
  url: travelOrderApi.page,
  exportUrl: travelOrderApi.export,
  rowKey: 'id',
  perms: { export: 'admin:travelOrder:page' },
  search,
  columns: [
    { key: 'orderNo', title: TravelOrderField.orderNo },
    { key: 'packageName', title: TravelOrderField.packageName },
    { key: 'departureDate', title: TravelOrderField.departureDate, sortable: true },
    { key: 'travellers', title: TravelOrderField.travellers },
    { key: 'buyerName', title: TravelOrderField.buyerName },
    { key: 'buyerPhone', title: TravelOrderField.buyerPhone },
    { key: 'totalAmount', title: TravelOrderField.totalAmount, kind: 'money', sortable: true },
    { key: 'payStatus', title: TravelOrderField.payStatus, kind: 'dict', dict: PayStatus },
    { key: 'status', title: TravelOrderField.status, kind: 'dict', dict: TicketStatus },
    { key: 'channel', title: TravelOrderField.channel, kind: 'dict', dict: BuyChannel },
    { key: 'createTime', title: TravelOrderField.createTime, kind: 'dateTime', sortable: true },
  ],
  toolbar: () => <TotalsBar />,
  rowActions: (row, { reload }) => <RowActions row={row} reload={reload} />,
  actionWidth: 160,
});

export default function TravelOrderListPage() {
  return <ListPage definition={definition} />;
}
