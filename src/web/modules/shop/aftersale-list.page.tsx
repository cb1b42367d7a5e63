import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Image, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { shopAftersaleApi, type ShopAftersaleRow } from '../../../shared/api/shop-orders.ts';
import { ShopOrderField as F } from '../../../shared/dict/shop-orders.ts';
import { AfterSaleStatus, AfterSaleType, ShopOrderStatus } from '../../../shared/dict/shop.ts';
import { DetailTable } from '../../components/detail-parts.tsx';
import { defineListPage, ListPage, useLabel, type SearchFieldDef } from '../../components/list-page/index.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { get } from '../../lib/request.ts';
import { AftersaleActions } from './shop-order-actions.tsx';
import { SHOP_ORDER_QUERY_PATH } from './shop-order-parts.tsx';

const search: SearchFieldDef[] = [
  {
    kind: 'text',
    name: 'requestNo',
    label: F.requestNo,
    placeholder: 'shop:requestNoPlaceholder',
    maxLength: 32,
  },
  { kind: 'text', name: 'orderNo', label: F.orderNo, placeholder: 'shop:orderNoPlaceholder', maxLength: 32 },
  { kind: 'dict', name: 'type', label: F.afterSaleType, dict: AfterSaleType },
  { kind: 'dict', name: 'status', label: F.afterSaleStatus, dict: AfterSaleStatus },
  { kind: 'text', name: 'phone', label: F.phone, placeholder: 'shop:phonePlaceholder', maxLength: 20 },
  {
    kind: 'dateRange',
    name: 'createDate',
    label: F.applyTime,
    from: 'createDateFrom',
    to: 'createDateTo',
    dateOnly: true,
  },
];

/**
 * The drawer's lower part: the request as it is now (read again, so it follows the actions), its
 * lines and photos, the actions an open request allows, and a way to its order.
 */
function AftersaleExtra({ row }: { row: ShopAftersaleRow }) {
  const { t } = useTranslation('shop');
  const label = useLabel();
  const navigate = useNavigate();
  const { data = row } = useQuery({
    queryKey: [shopAftersaleApi.query, row.id],
    queryFn: () => get<ShopAftersaleRow>(shopAftersaleApi.query, { id: row.id }),
  });
  return (
    <div data-testid="shop-aftersale-detail" style={{ marginTop: 16 }}>
      <Card size="small" title={t('sectionLines')} style={{ marginBottom: 16 }}>
        <DetailTable
          rows={data.lines.map((l) => ({ ...l, id: l.lineId }))}
          columns={[
            { key: 'goods', title: label(F.goodsName), render: (_, l) => `${l.goodsName} ${l.specText}` },
            { key: 'quantity', title: t('quantity'), render: (_, l) => l.quantity },
            { key: 'amount', title: label(F.amount), render: (_, l) => <MoneyText cents={l.amount} /> },
          ]}
        />
      </Card>
      <Card size="small" title={t('photos')} style={{ marginBottom: 16 }}>
        {data.photos.length ? (
          <Image.PreviewGroup>
            <Space wrap>
              {data.photos.map((p, i) => (
                <Image key={p} src={p} alt={`${t('photos')} ${i + 1}`} width={88} height={88} />
              ))}
            </Space>
          </Image.PreviewGroup>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('none')} />
        )}
      </Card>
      <Space wrap>
        <AftersaleActions row={data} link={false} />
        <Button onClick={() => void navigate(`${SHOP_ORDER_QUERY_PATH}?id=${data.orderId}`)}>
          {t('openOrder')}
        </Button>
      </Space>
    </div>
  );
}

function OrderLink({ row }: { row: ShopAftersaleRow }) {
  const navigate = useNavigate();
  return (
    <Typography.Link onClick={() => void navigate(`${SHOP_ORDER_QUERY_PATH}?id=${row.orderId}`)}>
      {row.orderNo}
    </Typography.Link>
  );
}

const definition = defineListPage<ShopAftersaleRow>({
  id: 'shop.aftersale',
  url: shopAftersaleApi.page,
  exportUrl: shopAftersaleApi.export,
  rowKey: 'id',
  perms: { export: 'shop:aftersale:page' },
  search,
  columns: [
    { key: 'requestNo', title: F.requestNo, width: 200 },
    { key: 'orderNo', title: F.orderNo, width: 200, render: (_, row) => <OrderLink row={row} /> },
    { key: 'type', title: F.afterSaleType, kind: 'dict', dict: AfterSaleType, width: 100 },
    { key: 'status', title: F.afterSaleStatus, kind: 'dict', dict: AfterSaleStatus, width: 90 },
    { key: 'orderStatus', title: F.status, kind: 'dict', dict: ShopOrderStatus, width: 110 },
    { key: 'amount', title: F.amount, kind: 'money', sortable: true, width: 100 },
    {
      key: 'goods',
      title: F.goods,
      width: 220,
      ellipsis: true,
      render: (_, row) => row.lines.map((l) => `${l.goodsName} × ${l.quantity}`).join('，'),
    },
    { key: 'reason', title: F.reason, width: 180, ellipsis: true },
    { key: 'memberPhone', title: F.memberPhone, width: 120 },
    { key: 'attempt', title: F.attempt, width: 80, hidden: true },
    {
      key: 'returnTrackingNo',
      title: F.returnTracking,
      width: 180,
      render: (_, row) => `${row.returnCarrier} ${row.returnTrackingNo}`.trim(),
    },
    { key: 'goodsReceivedTime', title: F.goodsReceivedTime, kind: 'dateTime', hidden: true },
    { key: 'rejectReason', title: F.rejectReason, width: 160, ellipsis: true, hidden: true },
    { key: 'reviewer', title: F.reviewer, width: 100, hidden: true },
    { key: 'reviewTime', title: F.reviewTime, kind: 'dateTime', hidden: true },
    { key: 'createTime', title: F.applyTime, kind: 'dateTime', sortable: true },
  ],
  detail: {
    fields: [
      'requestNo',
      'orderNo',
      'type',
      'status',
      'orderStatus',
      'amount',
      'reason',
      'memberPhone',
      'attempt',
      'returnTrackingNo',
      'goodsReceivedTime',
      'rejectReason',
      'reviewer',
      'reviewTime',
      'createTime',
    ],
    extra: (row) => <AftersaleExtra row={row} />,
    width: 720,
  },
  rowActions: (row, { reload }) => <AftersaleActions row={row} onDone={reload} />,
  actionWidth: 260,
});

/** docs/product.md §2 /shop/aftersale: the area's after-sales requests; receive a return, approve or reject. */
export default function AftersaleListPage() {
  return <ListPage definition={definition} />;
}
