import { useQuery } from '@tanstack/react-query';
import { Button, Space, Statistic, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { orderApi, type OrderRow, type OrderTotals } from '../../../shared/api/orders.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { PayStatus, PayWay, TicketStatus } from '../../../shared/dict/order.ts';
import { OrderField } from '../../../shared/dict/order-fields.ts';
import { BuyChannel, ProductType } from '../../../shared/dict/product.ts';
import {
  defineListPage,
  ListPage,
  useLabel,
  useListTotals,
  type SearchFieldDef,
} from '../../components/list-page/index.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { DISTRIBUTION_CHANNEL_MIN, ORDER_PAGE_URL, productOptionsQuery } from './order-api.ts';

function searchFields(
  products: Record<number, DictEntry>,
  ticketTypes: Record<number, DictEntry>,
): SearchFieldDef[] {
  return [
    {
      kind: 'dateRange',
      name: 'ordTime',
      label: OrderField.createTime,
      from: 'ordStartTime',
      to: 'ordEndTime',
      time: true,
    },
    {
      kind: 'dateRange',
      name: 'subTime',
      label: OrderField.visitDate,
      from: 'subStartTime',
      to: 'subEndTime',
      allowFuture: true,
    },
    { kind: 'dict', name: 'productId', label: OrderField.product, dict: products },
    { kind: 'dict', name: 'ordTicketType', label: OrderField.productType, dict: ProductType },
    { kind: 'dict', name: 'subTicketType', label: OrderField.ticketType, dict: ticketTypes },
    { kind: 'dict', name: 'channel', label: OrderField.channel, dict: BuyChannel },
    { kind: 'dict', name: 'ordPayWay', label: OrderField.payWay, dict: PayWay },
    { kind: 'dict', name: 'ordIsPay', label: OrderField.payStatus, dict: PayStatus },
    { kind: 'dict', name: 'status', label: OrderField.status, dict: TicketStatus },
    {
      kind: 'text',
      name: 'orderNo',
      label: OrderField.orderNo,
      placeholder: 'orders:orderNoPlaceholder',
      maxLength: 32,
    },
    {
      kind: 'text',
      name: 'ordPayId',
      label: OrderField.payId,
      placeholder: 'orders:payIdPlaceholder',
      maxLength: 64,
    },
    {
      kind: 'text',
      name: 'phone',
      label: OrderField.buyerPhone,
      placeholder: 'orders:phonePlaceholder',
      maxLength: 20,
    },
    {
      kind: 'text',
      name: 'idNumber',
      label: OrderField.idNumber,
      placeholder: 'orders:idNumberPlaceholder',
      maxLength: 18,
    },
  ];
}

/** Count and amounts of the list's current filter (the URL's), above the table. */
function TotalsBar({ fields }: { fields: readonly SearchFieldDef[] }) {
  const { t } = useTranslation('orders');
  const label = useLabel();
  const { data, isFetching } = useListTotals<OrderTotals>(ORDER_PAGE_URL, orderApi.totals, fields);
  const money = (title: DictEntry, cents: number | undefined) => (
    <Statistic
      title={label(title)}
      value={cents ?? 0}
      formatter={() => <MoneyText cents={cents ?? 0} />}
      valueStyle={{ fontSize: 16 }}
    />
  );
  return (
    <Space size="large" wrap aria-busy={isFetching} data-testid="order-totals">
      <Statistic title={t('totalsCount')} value={data?.count ?? 0} valueStyle={{ fontSize: 16 }} />
      {money(OrderField.totalAmount, data?.totalAmount)}
      {money(OrderField.paidAmount, data?.paidAmount)}
      {money(OrderField.refundedAmount, data?.refundedAmount)}
    </Space>
  );
}

function RowActions({ row }: { row: OrderRow }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => void navigate(`/ticket/detailPage?id=${row.id}`)}>
        {t('detail')}
      </Button>
      {row.channel >= DISTRIBUTION_CHANNEL_MIN && (
        <Button type="link" size="small" onClick={() => void navigate(`/ticket/disOrderPage?id=${row.id}`)}>
          {t('distribution')}
        </Button>
      )}
    </Space>
  );
}

function useDefinition() {
  const { data: products } = useQuery(productOptionsQuery());
  return useMemo(() => {
    const productDict: Record<number, DictEntry> = Object.fromEntries(
      (products ?? []).map((p) => [p.id, { zh: p.name, en: p.name }]),
    );
    const typeDict: Record<number, DictEntry> = Object.fromEntries(
      (products ?? []).map((p) => [p.typeId, { zh: p.typeName, en: p.typeName }]),
    );
    const search = searchFields(productDict, typeDict);
    return defineListPage<OrderRow>({
      id: 'ticket.order',
      url: ORDER_PAGE_URL,
      exportUrl: orderApi.export,
      rowKey: 'id',
      perms: { export: 'admin:order:page' },
      search,
      columns: [
        { key: 'orderNo', title: OrderField.orderNo, width: 200, fixed: 'left' },
        {
          key: 'productName',
          title: OrderField.product,
          width: 200,
          render: (_, row) => (
            <Space size={4}>
              <Typography.Text ellipsis style={{ maxWidth: 160 }}>
                {row.productName}
              </Typography.Text>
              {row.productCount > 1 && <Tag>{`+${row.productCount - 1}`}</Tag>}
            </Space>
          ),
        },
        { key: 'ticketTypeName', title: OrderField.ticketType, width: 110 },
        { key: 'ticketCount', title: OrderField.ticketCount, width: 70 },
        { key: 'visitDate', title: OrderField.visitDate, sortable: true, width: 110 },
        { key: 'totalAmount', title: OrderField.totalAmount, kind: 'money', sortable: true, width: 100 },
        { key: 'paidAmount', title: OrderField.paidAmount, kind: 'money', width: 100 },
        { key: 'refundedAmount', title: OrderField.refundedAmount, kind: 'money', width: 100 },
        { key: 'channel', title: OrderField.channel, kind: 'dict', dict: BuyChannel, width: 120 },
        { key: 'payWay', title: OrderField.payWay, kind: 'dict', dict: PayWay, width: 110 },
        { key: 'payId', title: OrderField.payId, hidden: true, width: 220 },
        { key: 'payStatus', title: OrderField.payStatus, kind: 'dict', dict: PayStatus, width: 100 },
        { key: 'status', title: OrderField.status, kind: 'dict', dict: TicketStatus, width: 110 },
        { key: 'buyerName', title: OrderField.buyerName, width: 100 },
        { key: 'buyerPhone', title: OrderField.buyerPhone, width: 130 },
        { key: 'buyerIdNumber', title: OrderField.buyerIdNumber, hidden: true, width: 180 },
        { key: 'externalNo', title: OrderField.externalNo, hidden: true, width: 180 },
        { key: 'createTime', title: OrderField.createTime, kind: 'dateTime', sortable: true, width: 170 },
        { key: 'paidTime', title: OrderField.paidTime, kind: 'dateTime', hidden: true, width: 170 },
      ],
      toolbar: () => <TotalsBar fields={search} />,
      rowActions: (row) => <RowActions row={row} />,
      actionWidth: 140,
    });
  }, [products]);
}

/** docs/product.md §2 /ticket/order: ticket orders with the issue-6 filters, totals of the filter, export. */
export default function OrderListPage() {
  return <ListPage definition={useDefinition()} />;
}
