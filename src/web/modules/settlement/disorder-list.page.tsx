import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { disorderApi, type DisorderRow, type DisorderTotalsSchema } from '../../../shared/api/settlement.ts';
import { PayWay, TicketStatus } from '../../../shared/dict/order.ts';
import { OrderSettleState, SettlementField } from '../../../shared/dict/settlement.ts';
import { formatMoney } from '../../../shared/money.ts';
import { usePermission } from '../../components/can.tsx';
import type { Dict } from '../../components/dict-tag.tsx';
import {
  defineListPage,
  type ColumnDef,
  type SearchFieldDef,
  useListTotals,
} from '../../components/list-page/index.ts';
import { StatementButton } from './settlement-parts.tsx';
import { DistributorScopedList } from '../../components/distributor-scoped-list.tsx';

type Totals = z.infer<typeof DisorderTotalsSchema>;

const ownSearch: SearchFieldDef[] = [
  { kind: 'text', name: 'orderNo', label: SettlementField.orderNo, maxLength: 32 },
  {
    kind: 'dateRange',
    name: 'visitDate',
    label: SettlementField.visitDate,
    from: 'visitDateFrom',
    to: 'visitDateTo',
    dateOnly: true,
  },
  { kind: 'dict', name: 'settleState', label: SettlementField.settleState, dict: OrderSettleState },
  { kind: 'text', name: 'batchNo', label: SettlementField.batchNo, maxLength: 32 },
];
const staffSearch = (distributors: Dict | null): SearchFieldDef[] => [
  distributors
    ? {
        kind: 'dict',
        name: 'distributorId',
        label: SettlementField.distributor,
        dict: distributors,
        width: 200,
      }
    : { kind: 'number', name: 'distributorId', label: SettlementField.distributor, min: 1 },
  ...ownSearch,
];

/** Count, tickets, amounts and commission of the filtered orders (the URL's filter). */
function TotalsBar({ search }: { search: readonly SearchFieldDef[] }) {
  const { t } = useTranslation('settlement');
  const { data, isFetching } = useListTotals<Totals>(disorderApi.page, disorderApi.totals, search);
  return (
    <Space wrap aria-busy={isFetching} aria-live="polite" data-testid="disorder-totals">
      <Typography.Text>
        {t('totals', { count: data?.count ?? 0, tickets: data?.ticketCount ?? 0 })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('totalAmount', { amount: formatMoney(data?.totalAmount ?? 0) })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('paidAmount', { amount: formatMoney(data?.paidAmount ?? 0) })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('commissionTotal', { amount: formatMoney(data?.commission ?? 0) })}
      </Typography.Text>
    </Space>
  );
}

/** The order number, opening the distribution order's page for those allowed to see orders. */
function OrderNo({ row }: { row: DisorderRow }) {
  const navigate = useNavigate();
  const can = usePermission();
  if (!can('admin:order:page')) return <>{row.orderNo}</>;
  return (
    <Button
      type="link"
      size="small"
      style={{ padding: 0 }}
      onClick={() => void navigate(`/ticket/disOrderPage?id=${row.id}`)}
    >
      {row.orderNo}
    </Button>
  );
}

function Statement({ row }: { row: DisorderRow }) {
  const { t } = useTranslation('settlement');
  if (row.batchId == null) return null;
  return (
    <StatementButton
      batchId={row.batchId}
      {...(row.distributorId != null && { distributorId: row.distributorId })}
    >
      {t('statement')}
    </StatementButton>
  );
}

const columns = (staff: boolean): ColumnDef<DisorderRow>[] => [
  ...(staff ? [{ key: 'distributorName', title: SettlementField.distributor, width: 160 }] : []),
  {
    key: 'orderNo',
    title: SettlementField.orderNo,
    width: 200,
    render: (_, row) => <OrderNo row={row} />,
  },
  { key: 'productName', title: SettlementField.product, width: 180, ellipsis: true },
  { key: 'visitDate', title: SettlementField.visitDate, sortable: true, width: 110 },
  { key: 'ticketCount', title: SettlementField.ticketCountOrder, width: 70 },
  { key: 'retailAmount', title: SettlementField.retailAmount, kind: 'money', width: 110 },
  { key: 'totalAmount', title: SettlementField.amount, kind: 'money', sortable: true, width: 120 },
  { key: 'commission', title: SettlementField.commission, kind: 'money', width: 100 },
  {
    key: 'settleState',
    title: SettlementField.settleState,
    kind: 'dict',
    dict: OrderSettleState,
    width: 100,
  },
  { key: 'batchNo', title: SettlementField.batchNo, width: 170 },
  { key: 'payWay', title: SettlementField.payWay, kind: 'dict', dict: PayWay, width: 110 },
  { key: 'status', title: SettlementField.orderStatus, kind: 'dict', dict: TicketStatus, width: 100 },
  { key: 'createTime', title: SettlementField.createTimeOrder, kind: 'dateTime', sortable: true },
];

const definitionFor = (staff: boolean, distributors: Dict | null) => {
  const search = staff ? staffSearch(distributors) : ownSearch;
  return defineListPage<DisorderRow>({
    id: staff ? 'disManage.disorder' : 'disManage.disorder.own',
    url: disorderApi.page,
    exportUrl: disorderApi.export,
    rowKey: 'id',
    perms: { export: 'admin:disorder:page' },
    search,
    columns: columns(staff),
    toolbar: () => <TotalsBar search={search} />,
    rowActions: (row) => <Statement row={row} />,
    actionWidth: 110,
  });
};

/**
 * docs/product.md §2 /disManage/disorder: the orders of distributor accounts with their settlement
 * (state, commission, batch and its statement). A distributor's account sees its own, without the
 * distributor filter and column.
 */
export default function DisorderListPage() {
  return <DistributorScopedList definitionFor={definitionFor} />;
}
