import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { shopOrderApi, type ShopOrderRow } from '../../../shared/api/shop-orders.ts';
import { PayWay } from '../../../shared/dict/order.ts';
import { ShopOrderField as F } from '../../../shared/dict/shop-orders.ts';
import { ShopOrderStatus } from '../../../shared/dict/shop.ts';
import { DictTag } from '../../components/dict-tag.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { defineListPage, ListPage, type SearchFieldDef } from '../../components/list-page/index.ts';
import { OrderActions } from './shop-order-actions.tsx';
import { OrderTotalsBar, SHOP_ORDER_QUERY_PATH } from './shop-order-parts.tsx';

const search: SearchFieldDef[] = [
  { kind: 'text', name: 'orderNo', label: F.orderNo, placeholder: 'shop:orderNoPlaceholder', maxLength: 32 },
  { kind: 'dict', name: 'status', label: F.status, dict: ShopOrderStatus },
  { kind: 'text', name: 'phone', label: F.phone, placeholder: 'shop:phonePlaceholder', maxLength: 20 },
  { kind: 'text', name: 'receiverName', label: F.receiverName, maxLength: 30 },
  { kind: 'text', name: 'goodsName', label: F.goodsName, maxLength: 60 },
  {
    kind: 'text',
    name: 'trackingNo',
    label: F.trackingNo,
    placeholder: 'shop:trackingPlaceholder',
    maxLength: 40,
  },
  {
    kind: 'dateRange',
    name: 'createDate',
    label: F.createTime,
    from: 'createDateFrom',
    to: 'createDateTo',
    dateOnly: true,
  },
  {
    kind: 'dateRange',
    name: 'payDate',
    label: F.payTime,
    from: 'payDateFrom',
    to: 'payDateTo',
    dateOnly: true,
  },
];

function StatusCell({ row }: { row: ShopOrderRow }) {
  const { t } = useTranslation('shop');
  return (
    <Space size={4} wrap>
      <DictTag dict={ShopOrderStatus} value={row.status} />
      {row.afterSaleOpen && <Tag color="gold">{t('afterSaleOpen')}</Tag>}
    </Space>
  );
}

function ViewButton({ row }: { row: ShopOrderRow }) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  return (
    <Button
      type="link"
      size="small"
      data-testid="shop-order-view"
      onClick={() => void navigate(`${SHOP_ORDER_QUERY_PATH}?id=${row.id}`)}
    >
      {t('view')}
    </Button>
  );
}

const definition = defineListPage<ShopOrderRow>({
  id: 'shop.shopOrder',
  url: shopOrderApi.page,
  exportUrl: shopOrderApi.export,
  rowKey: 'id',
  perms: { export: 'shop:order:page' },
  search,
  columns: [
    { key: 'orderNo', title: F.orderNo, width: 200 },
    { key: 'status', title: F.status, width: 150, render: (_, row) => <StatusCell row={row} /> },
    {
      key: 'goodsSummary',
      title: F.goods,
      width: 240,
      ellipsis: true,
      render: (_, row) => <span title={row.goodsSummary}>{row.goodsSummary}</span>,
    },
    { key: 'pieces', title: F.pieces, width: 70 },
    { key: 'goodsAmount', title: F.goodsAmount, kind: 'money', width: 100, hidden: true },
    { key: 'payAmount', title: F.payAmount, kind: 'money', sortable: true, width: 100 },
    {
      key: 'refundedAmount',
      title: F.refundedAmount,
      width: 100,
      render: (_, row) =>
        row.refundedAmount > 0 ? (
          <Typography.Text type="danger">
            <MoneyText cents={row.refundedAmount} />
          </Typography.Text>
        ) : null,
    },
    { key: 'payWay', title: F.payWay, kind: 'dict', dict: PayWay, width: 100 },
    {
      key: 'memberPhone',
      title: F.buyer,
      width: 150,
      render: (_, row) => [row.memberNickname, row.memberPhone].filter(Boolean).join(' '),
    },
    { key: 'receiverName', title: F.receiverName, width: 100 },
    { key: 'receiverPhone', title: F.receiverPhone, width: 120, hidden: true },
    { key: 'receiverAddress', title: F.receiverAddress, width: 200, ellipsis: true, hidden: true },
    {
      key: 'trackingNo',
      title: F.trackingNo,
      width: 180,
      render: (_, row) => (row.trackingNo ? `${row.carrier ?? ''} ${row.trackingNo}` : null),
    },
    { key: 'remark', title: F.remark, width: 140, ellipsis: true, hidden: true },
    { key: 'createTime', title: F.createTime, kind: 'dateTime', sortable: true },
    { key: 'payTime', title: F.payTime, kind: 'dateTime', sortable: true },
    { key: 'shipTime', title: F.shipTime, kind: 'dateTime', hidden: true },
  ],
  toolbar: () => <OrderTotalsBar search={search} />,
  rowActions: (row, { reload }) => (
    <>
      <ViewButton row={row} />
      <OrderActions order={row} onDone={reload} />
    </>
  ),
  actionWidth: 260,
});

/**
 * docs/product.md §2 /shop/shopOrder: the area's shop orders with their totals; the actions each
 * order's status allows (the machine's table decides), view opens /shop/orderQuery.
 */
export default function ShopOrderListPage() {
  return <ListPage definition={definition} />;
}
