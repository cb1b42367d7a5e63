import { useQuery } from '@tanstack/react-query';
import { Button, Image, Rate, Space, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type {
  ShopAftersaleRow,
  ShopOrderDetail,
  ShopOrderLine,
  ShopRefundRow,
} from '../../../shared/api/shop-orders.ts';
import { PayWay } from '../../../shared/dict/order.ts';
import { ShopOrderField as F, ShopPaymentStatus } from '../../../shared/dict/shop-orders.ts';
import {
  AfterSaleStatus,
  AfterSaleType,
  ShopOrderStatus,
  ShopRefundStatus,
} from '../../../shared/dict/shop.ts';
import { SHOP_ORDER_TRANSITIONS } from '../../../shared/domain/shop-order-transitions.ts';
import { DetailCard, DetailTable, dateTimeText as time } from '../../components/detail-parts.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { RecordState, useIdParam } from '../../components/record-state.tsx';
import { useSettings } from '../../lib/settings.ts';
import { PayErrorText, ReasonText } from '../../components/stored-reason.tsx';
import { AftersaleActions, OrderActions, orderMoves, RetryRefundActions } from './shop-order-actions.tsx';
import {
  fetchShopOrder,
  PrintSlipButton,
  SHOP_ORDER_LIST_PATH,
  shopOrderQueryKey,
} from './shop-order-parts.tsx';

/** The order's heading: status, amounts, times, and the actions its status allows. */
function Summary({ d, reload }: { d: ShopOrderDetail; reload: () => void }) {
  const { t } = useTranslation('shop');
  const label = useLabel();
  const moves = orderMoves(d);
  return (
    <DetailCard
      size="default"
      title={`${label(F.orderNo)} ${d.orderNo}`}
      extra={
        <Space wrap>
          <OrderActions order={d} onDone={reload} link={false} />
          {!moves.ship && <PrintSlipButton id={d.id} link={false} />}
        </Space>
      }
      items={[
        {
          key: 'status',
          label: label(F.status),
          children: (
            <Space size={4}>
              <DictTag dict={ShopOrderStatus} value={d.status} />
              {d.statusBeforeRefund != null && (
                <Typography.Text type="secondary">
                  {t('statusBeforeRefund')}: <DictTag dict={ShopOrderStatus} value={d.statusBeforeRefund} />
                </Typography.Text>
              )}
            </Space>
          ),
        },
        { key: 'goodsAmount', label: label(F.goodsAmount), children: <MoneyText cents={d.goodsAmount} /> },
        { key: 'freight', label: label(F.freight), children: <MoneyText cents={d.freight} /> },
        { key: 'discount', label: label(F.discount), children: <MoneyText cents={d.discount} /> },
        { key: 'payAmount', label: label(F.payAmount), children: <MoneyText cents={d.payAmount} /> },
        {
          key: 'refundedAmount',
          label: label(F.refundedAmount),
          children: <MoneyText cents={d.refundedAmount} />,
        },
        { key: 'payWay', label: label(F.payWay), children: <DictTag dict={PayWay} value={d.payWay} /> },
        { key: 'couponName', label: t('couponName'), children: d.couponName ?? t('none') },
        { key: 'createTime', label: label(F.createTime), children: time(d.createTime) },
        { key: 'payTime', label: label(F.payTime), children: time(d.payTime) || t('none') },
        { key: 'shipTime', label: label(F.shipTime), children: time(d.shipTime) || t('none') },
        { key: 'receiveTime', label: label(F.receiveTime), children: time(d.receiveTime) || t('none') },
        ...(d.afterSaleUntil
          ? [{ key: 'afterSaleUntil', label: t('afterSaleUntil'), children: time(d.afterSaleUntil) }]
          : []),
        ...(d.reviewUntil
          ? [{ key: 'reviewUntil', label: t('reviewUntil'), children: time(d.reviewUntil) }]
          : []),
        ...(d.closeReason
          ? [{ key: 'closeReason', label: t('closeReason'), children: <ReasonText reason={d.closeReason} /> }]
          : []),
      ]}
    />
  );
}

function Buyer({ d }: { d: ShopOrderDetail }) {
  const { t } = useTranslation('shop');
  const label = useLabel();
  return (
    <DetailCard
      title={t('sectionBuyer')}
      items={[
        {
          key: 'buyer',
          label: label(F.buyer),
          children: [d.memberNickname, d.memberPhone].filter(Boolean).join(' ') || t('none'),
        },
        { key: 'receiverName', label: label(F.receiverName), children: d.receiverName },
        { key: 'receiverPhone', label: label(F.receiverPhone), children: d.receiverPhone },
        { key: 'receiverAddress', label: label(F.receiverAddress), children: d.receiverAddress },
        { key: 'remark', label: label(F.remark), children: d.remark || t('none') },
      ]}
    />
  );
}

function Lines({ d }: { d: ShopOrderDetail }) {
  const { t } = useTranslation('shop');
  const label = useLabel();
  return (
    <DetailCard title={t('sectionLines')}>
      <DetailTable<ShopOrderLine>
        rows={d.lines}
        columns={[
          {
            key: 'image',
            title: '',
            width: 56,
            render: (_, l) =>
              l.image ? <Image src={l.image} alt={l.goodsName} width={40} height={40} /> : null,
          },
          { key: 'goods', title: label(F.goodsName), render: (_, l) => l.goodsName },
          { key: 'spec', title: t('sectionLines'), render: (_, l) => l.specText },
          { key: 'price', title: t('unitPrice'), render: (_, l) => <MoneyText cents={l.price} /> },
          { key: 'quantity', title: t('quantity'), render: (_, l) => l.quantity },
          { key: 'amount', title: t('subtotal'), render: (_, l) => <MoneyText cents={l.amount} /> },
          {
            key: 'refunded',
            title: t('refunded'),
            render: (_, l) =>
              l.refundedQuantity > 0 ? (
                <Typography.Text type="danger" data-testid="shop-line-refunded">
                  {t('refundedPieces', { n: l.refundedQuantity })} · <MoneyText cents={l.refundedAmount} />
                </Typography.Text>
              ) : null,
          },
        ]}
      />
    </DetailCard>
  );
}

function Payments({ d }: { d: ShopOrderDetail }) {
  const { t } = useTranslation('shop');
  const label = useLabel();
  return (
    <>
      <DetailCard title={t('sectionPayments')}>
        <DetailTable
          rows={d.payments}
          emptyText={t('none')}
          columns={[
            {
              key: 'payWay',
              title: label(F.payWay),
              render: (_, p) => <DictTag dict={PayWay} value={p.payWay} />,
            },
            { key: 'amount', title: label(F.payAmount), render: (_, p) => <MoneyText cents={p.amount} /> },
            { key: 'txn', title: 'ID', render: (_, p) => p.providerTxnId ?? '' },
            {
              key: 'status',
              title: t('payStatus'),
              render: (_, p) => <DictTag dict={ShopPaymentStatus} value={p.status} />,
            },
            { key: 'time', title: label(F.payTime), render: (_, p) => time(p.createTime) },
          ]}
        />
      </DetailCard>
      <DetailCard title={t('sectionShipments')}>
        <DetailTable
          rows={d.shipments.map((s, i) => ({ ...s, id: i }))}
          emptyText={t('none')}
          columns={[
            { key: 'carrier', title: label(F.carrier), render: (_, s) => s.carrier },
            { key: 'trackingNo', title: label(F.trackingNo), render: (_, s) => s.trackingNo },
            { key: 'operator', title: label(F.reviewer), render: (_, s) => s.operator ?? t('system') },
            { key: 'time', title: label(F.shipTime), render: (_, s) => time(s.createTime) },
          ]}
        />
      </DetailCard>
    </>
  );
}

function Refunds({ d }: { d: ShopOrderDetail }) {
  const { t } = useTranslation('shop');
  const label = useLabel();
  const lineName = (id: number) => d.lines.find((l) => l.id === id)?.goodsName ?? '';
  return (
    <DetailCard title={t('sectionRefunds')}>
      <DetailTable<ShopRefundRow>
        rows={d.refunds}
        emptyText={t('none')}
        columns={[
          { key: 'refundNo', title: t('refundNo'), render: (_, r) => r.refundNo },
          { key: 'amount', title: label(F.amount), render: (_, r) => <MoneyText cents={r.amount} /> },
          {
            key: 'payWay',
            title: label(F.payWay),
            render: (_, r) => <DictTag dict={PayWay} value={r.payWay} />,
          },
          {
            key: 'status',
            title: t('refundStatus'),
            render: (_, r) => <DictTag dict={ShopRefundStatus} value={r.status} />,
          },
          {
            key: 'lines',
            title: t('sectionLines'),
            render: (_, r) => r.lines.map((l) => `${lineName(l.lineId)} × ${l.quantity}`).join('，'),
          },
          { key: 'reason', title: t('reason'), render: (_, r) => <ReasonText reason={r.reason} /> },
          {
            key: 'failReason',
            title: t('failReason'),
            render: (_, r) => <PayErrorText reason={r.failReason} />,
          },
          { key: 'operator', title: label(F.reviewer), render: (_, r) => r.operator ?? t('system') },
          { key: 'createTime', title: label(F.applyTime), render: (_, r) => time(r.createTime) },
          { key: 'doneTime', title: t('doneTime'), render: (_, r) => time(r.doneTime) },
          {
            key: 'actions',
            title: '',
            render: (_, r) => <RetryRefundActions refund={r} orderStatus={d.status} />,
          },
        ]}
      />
    </DetailCard>
  );
}

function Aftersales({ d, reload }: { d: ShopOrderDetail; reload: () => void }) {
  const { t } = useTranslation('shop');
  const label = useLabel();
  return (
    <DetailCard title={t('sectionAftersales')}>
      <DetailTable<ShopAftersaleRow>
        rows={d.aftersales}
        emptyText={t('none')}
        columns={[
          { key: 'requestNo', title: label(F.requestNo), render: (_, a) => a.requestNo },
          {
            key: 'type',
            title: label(F.afterSaleType),
            render: (_, a) => <DictTag dict={AfterSaleType} value={a.type} />,
          },
          {
            key: 'status',
            title: label(F.afterSaleStatus),
            render: (_, a) => <DictTag dict={AfterSaleStatus} value={a.status} />,
          },
          { key: 'amount', title: label(F.amount), render: (_, a) => <MoneyText cents={a.amount} /> },
          {
            key: 'lines',
            title: t('sectionLines'),
            render: (_, a) => a.lines.map((l) => `${l.goodsName} × ${l.quantity}`).join('，'),
          },
          { key: 'reason', title: label(F.reason), render: (_, a) => a.reason },
          {
            key: 'photos',
            title: t('photos'),
            render: (_, a) => (
              <Image.PreviewGroup>
                {a.photos.map((p, i) => (
                  <Image key={p} src={p} alt={`${t('photos')} ${i + 1}`} width={32} height={32} />
                ))}
              </Image.PreviewGroup>
            ),
          },
          { key: 'rejectReason', title: label(F.rejectReason), render: (_, a) => a.rejectReason },
          { key: 'createTime', title: label(F.applyTime), render: (_, a) => time(a.createTime) },
          { key: 'actions', title: '', render: (_, a) => <AftersaleActions row={a} onDone={reload} /> },
        ]}
      />
    </DetailCard>
  );
}

function Review({ d }: { d: ShopOrderDetail }) {
  const { t } = useTranslation('shop');
  if (!d.review) return null;
  return (
    <DetailCard
      title={t('sectionReview')}
      items={[
        { key: 'rating', label: t('rating'), children: <Rate disabled value={d.review.rating} /> },
        { key: 'content', label: t('content'), children: d.review.content || t('none') },
        { key: 'time', label: t('sectionReview'), children: time(d.review.createTime) },
        ...(d.review.photos.length
          ? [
              {
                key: 'photos',
                label: t('photos'),
                children: (
                  <Image.PreviewGroup>
                    {d.review.photos.map((p, i) => (
                      <Image key={p} src={p} alt={`${t('photos')} ${i + 1}`} width={48} height={48} />
                    ))}
                  </Image.PreviewGroup>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** The status moves in time order: which transition, who (staff by name, the buyer, or the system), why. */
function History({ d }: { d: ShopOrderDetail }) {
  const { t } = useTranslation('shop');
  const { lang } = useSettings();
  const labelOf = (id: string, to: number) =>
    SHOP_ORDER_TRANSITIONS.find((x) => x.id === id && x.to === to)?.label[lang] ?? id;
  return (
    <DetailCard title={t('sectionHistory')}>
      <Timeline
        data-testid="shop-order-history"
        items={d.history.map((h, i) => ({
          key: i,
          content: (
            <Space orientation="vertical" size={0}>
              <Space size={4} wrap>
                <Typography.Text strong>{labelOf(h.transition, h.toStatus)}</Typography.Text>
                <Tag>{h.transition}</Tag>
                <DictTag dict={ShopOrderStatus} value={h.toStatus} />
              </Space>
              <Typography.Text type="secondary">
                {time(h.createTime)} · {h.operator ?? (h.byMember ? t('member') : t('system'))}
                {h.note ? ` · ${h.note}` : ''}
              </Typography.Text>
            </Space>
          ),
        }))}
      />
    </DetailCard>
  );
}

/** docs/product.md §2 /shop/orderQuery (hidden): one shop order with everything about it, and its actions. */
export default function ShopOrderQueryPage() {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useQuery({
    queryKey: shopOrderQueryKey(id ?? 0),
    queryFn: () => fetchShopOrder(id ?? 0),
    enabled: id !== null,
  });
  const reload = () => void query.refetch();
  return (
    <>
      <Button style={{ marginBottom: 16 }} onClick={() => void navigate(SHOP_ORDER_LIST_PATH)}>
        {t('backToOrders')}
      </Button>
      <RecordState id={id} query={query} notFound={t('orderNotFound')}>
        {(d) => (
          <div data-testid="shop-order-detail">
            <Summary d={d} reload={reload} />
            <Buyer d={d} />
            <Lines d={d} />
            <Payments d={d} />
            <Refunds d={d} />
            <Aftersales d={d} reload={reload} />
            <Review d={d} />
            <History d={d} />
          </div>
        )}
      </RecordState>
    </>
  );
}
