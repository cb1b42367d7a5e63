import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popover, Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { OrderDetail } from '../../../shared/api/orders.ts';
import {
  GateDirection,
  PaymentStatus,
  PayStatus,
  PayWay,
  RefundApplyStatus,
  RefundStatus,
  TicketStatus,
} from '../../../shared/dict/order.ts';
import { OrderField } from '../../../shared/dict/order-fields.ts';
import { BuyChannel, ProductType } from '../../../shared/dict/product.ts';
import { formatTicketValidity } from '../../../shared/ticket-validity.ts';
import { DetailCard, DetailTable, dateTimeText as time } from '../../components/detail-parts.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { GateName } from '../../components/gate-name.tsx';
import { listQueryKey, useLabel } from '../../components/list-page/index.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { DISTRIBUTION_CHANNEL_MIN, ORDER_PAGE_URL, orderDetailQuery } from './order-api.ts';
import { OrderActions, ReprintButton } from './order-actions.tsx';
import { RecordState, useIdParam } from '../../components/record-state.tsx';
import { ReasonText } from '../../components/stored-reason.tsx';

type Ticket = OrderDetail['tickets'][number];

const json = (value: unknown) => (value == null ? '' : JSON.stringify(value));

function TicketCode({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('orders');
  if (ticket.codeHidden) return <Typography.Text type="secondary">{t('codeHidden')}</Typography.Text>;
  if (!ticket.code) return <Typography.Text type="secondary">{t('codeRevoked')}</Typography.Text>;
  return (
    <Space size={4}>
      <Typography.Text copyable code style={{ fontSize: 12 }}>
        {ticket.code}
      </Typography.Text>
      <Popover content={<QRCodeSVG value={ticket.code} size={160} />} trigger="click">
        <Button type="link" size="small">
          {t('showQr')}
        </Button>
      </Popover>
    </Space>
  );
}

/** The order's labels: the shared field names of the order dictionary. */
function useOrderField() {
  const label = useLabel();
  return (key: keyof typeof OrderField) => label(OrderField[key]);
}

/** The order itself, with the staff actions. */
function OrderSummary({ d, reload }: { d: OrderDetail; reload: () => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const navigate = useNavigate();
  const f = useOrderField();
  const o = d.order;
  return (
    <DetailCard
      size="default"
      bordered
      title={t('orderTitle', { orderNo: o.orderNo })}
      extra={
        <Space wrap>
          <OrderActions order={d} onDone={reload} />
          {o.channel >= DISTRIBUTION_CHANNEL_MIN && (
            <Button onClick={() => void navigate(`/ticket/disOrderPage?id=${o.id}`)}>
              {t('distribution')}
            </Button>
          )}
          <Button onClick={() => void navigate('/ticket/order')}>{t('backToList')}</Button>
        </Space>
      }
      items={[
        { key: 'orderNo', label: f('orderNo'), children: o.orderNo },
        { key: 'status', label: f('status'), children: <DictTag dict={TicketStatus} value={o.status} /> },
        {
          key: 'payStatus',
          label: f('payStatus'),
          children: <DictTag dict={PayStatus} value={o.payStatus} />,
        },
        {
          key: 'channel',
          label: f('channel'),
          children: <DictTag dict={BuyChannel} value={o.channel} />,
        },
        { key: 'payWay', label: f('payWay'), children: <DictTag dict={PayWay} value={o.payWay} /> },
        { key: 'payId', label: f('payId'), children: o.payId ?? '' },
        { key: 'ticketType', label: f('ticketType'), children: o.ticketTypeName },
        { key: 'visitDate', label: f('visitDate'), children: o.visitDate },
        { key: 'ticketCount', label: f('ticketCount'), children: o.ticketCount },
        { key: 'totalAmount', label: f('totalAmount'), children: <MoneyText cents={o.totalAmount} /> },
        { key: 'paidAmount', label: f('paidAmount'), children: <MoneyText cents={o.paidAmount} /> },
        {
          key: 'refundedAmount',
          label: f('refundedAmount'),
          children: <MoneyText cents={o.refundedAmount} />,
        },
        { key: 'buyerName', label: f('buyerName'), children: o.buyerName },
        { key: 'buyerPhone', label: f('buyerPhone'), children: o.buyerPhone },
        { key: 'buyerIdNumber', label: f('buyerIdNumber'), children: o.buyerIdNumber ?? '' },
        { key: 'createTime', label: f('createTime'), children: time(o.createTime) },
        { key: 'paidTime', label: f('paidTime'), children: time(o.paidTime) },
        { key: 'expiresTime', label: t('expiresTime'), children: time(o.expiresTime) },
        { key: 'cancelledTime', label: t('cancelledTime'), children: time(o.cancelledTime) },
        { key: 'clientId', label: f('clientId'), children: o.clientId },
        { key: 'externalNo', label: f('externalNo'), children: o.externalNo ?? '' },
        { key: 'placedBy', label: t('placedBy'), children: o.adminName ?? '' },
        ...(o.memberId == null
          ? []
          : [
              {
                key: 'member',
                label: f('member'),
                children: <Link to={`/user/userDetail?id=${o.memberId}`}>{o.memberName}</Link>,
              },
              {
                key: 'originalAmount',
                label: f('originalAmount'),
                children: <MoneyText cents={o.originalAmount} />,
              },
              {
                key: 'levelDiscount',
                label: f('levelDiscount'),
                children: <MoneyText cents={o.levelDiscount} />,
              },
              {
                key: 'couponDiscount',
                label: f('couponDiscount'),
                children: (
                  <>
                    <MoneyText cents={o.couponDiscount} /> {o.couponName ?? ''}
                  </>
                ),
              },
            ]),
        { key: 'remark', label: f('remark'), children: o.remark, span: 2 },
      ]}
    />
  );
}

function Tickets({ d }: { d: OrderDetail }) {
  const { t } = useTranslation('orders');
  const f = useOrderField();
  return (
    <DetailCard title={t('tickets')}>
      <DetailTable<Ticket>
        rows={d.tickets}
        columns={[
          { key: 'id', dataIndex: 'id', title: t('ticketId'), fixed: 'left' },
          {
            key: 'product',
            title: f('product'),
            render: (_, x) => (
              <Space size={4}>
                {x.productName}
                <DictTag dict={ProductType} value={x.productType} />
              </Space>
            ),
          },
          {
            key: 'status',
            title: f('status'),
            render: (_, x) => <DictTag dict={TicketStatus} value={x.status} />,
          },
          { key: 'code', title: t('code'), render: (_, x) => <TicketCode ticket={x} /> },
          {
            key: 'visitor',
            title: t('visitor'),
            render: (_, x) => [x.visitorName, x.visitorIdNumber].filter(Boolean).join(' '),
          },
          { key: 'visitorPhone', dataIndex: 'visitorPhone', title: t('visitorPhone') },
          { key: 'session', dataIndex: 'sessionName', title: t('session') },
          { key: 'seat', dataIndex: 'seatLabel', title: t('seat') },
          {
            key: 'validity',
            title: t('validity'),
            render: (_, x) => formatTicketValidity(x),
          },
          { key: 'price', title: t('price'), render: (_, x) => <MoneyText cents={x.price} /> },
          { key: 'entries', title: t('entries'), render: (_, x) => `${x.entryCount} / ${x.entriesLeft}` },
          { key: 'printCount', dataIndex: 'printCount', title: t('printCount') },
          { key: 'actions', title: '', render: (_, x) => <ReprintButton orderId={d.order.id} ticket={x} /> },
        ]}
      />
    </DetailCard>
  );
}

/** What happened to the order: payments, refunds, refund requests, gate events, audit entries. */
function Records({ d }: { d: OrderDetail }) {
  const { t } = useTranslation('orders');
  const f = useOrderField();
  return (
    <>
      <DetailCard title={t('payments')}>
        <DetailTable
          rows={d.payments}
          columns={[
            {
              key: 'payWay',
              title: f('payWay'),
              render: (_, p) => <DictTag dict={PayWay} value={p.payWay} />,
            },
            { key: 'provider', dataIndex: 'provider', title: t('provider') },
            { key: 'providerTxnId', dataIndex: 'providerTxnId', title: t('providerTxnId') },
            { key: 'amount', title: t('amount'), render: (_, p) => <MoneyText cents={p.amount} /> },
            {
              key: 'refunded',
              title: t('refundedAmount'),
              render: (_, p) => <MoneyText cents={p.refundedAmount} />,
            },
            {
              key: 'status',
              title: t('recordStatus'),
              render: (_, p) => <DictTag dict={PaymentStatus} value={p.status} />,
            },
            { key: 'createTime', title: t('createTime'), render: (_, p) => time(p.createTime) },
            { key: 'confirmedTime', title: t('confirmedTime'), render: (_, p) => time(p.confirmedTime) },
          ]}
        />
      </DetailCard>
      <DetailCard title={t('refunds')}>
        <DetailTable
          rows={d.refunds}
          columns={[
            { key: 'amount', title: t('amount'), render: (_, r) => <MoneyText cents={r.amount} /> },
            {
              key: 'status',
              title: t('recordStatus'),
              render: (_, r) => <DictTag dict={RefundStatus} value={r.status} />,
            },
            { key: 'tickets', title: t('refundTickets'), render: (_, r) => r.ticketIds.join(', ') },
            { key: 'reason', title: t('reason'), render: (_, r) => <ReasonText reason={r.reason} /> },
            { key: 'createTime', title: t('createTime'), render: (_, r) => time(r.createTime) },
            { key: 'doneTime', title: t('doneTime'), render: (_, r) => time(r.doneTime) },
          ]}
        />
      </DetailCard>
      <DetailCard title={t('refundRequests')}>
        <DetailTable
          rows={d.refundRequests}
          columns={[
            { key: 'ticketId', dataIndex: 'ticketId', title: t('ticketId') },
            {
              key: 'status',
              title: t('recordStatus'),
              render: (_, r) => <DictTag dict={RefundApplyStatus} value={r.status} />,
            },
            { key: 'fee', title: t('fee'), render: (_, r) => <MoneyText cents={r.fee} /> },
            {
              key: 'refundAmount',
              title: t('refundAmount'),
              render: (_, r) => <MoneyText cents={r.refundAmount} />,
            },
            { key: 'reason', dataIndex: 'reason', title: t('reason') },
            { key: 'requestedBy', dataIndex: 'requestedBy', title: t('requestedBy') },
            { key: 'rejectReason', dataIndex: 'rejectReason', title: t('rejectReason') },
            { key: 'createTime', title: t('createTime'), render: (_, r) => time(r.createTime) },
          ]}
        />
      </DetailCard>
      <DetailCard title={t('gateEvents')}>
        <DetailTable
          rows={d.gateEvents}
          columns={[
            { key: 'scanTime', title: t('scanTime'), render: (_, e) => time(e.scanTime) },
            { key: 'ticketId', dataIndex: 'ticketId', title: t('ticketId') },
            {
              key: 'gate',
              title: t('gate'),
              render: (_, e) => <GateName gateId={e.gateId} name={e.gateName} />,
            },
            { key: 'device', dataIndex: 'deviceId', title: t('device') },
            {
              key: 'direction',
              title: t('direction'),
              render: (_, e) => <DictTag dict={GateDirection} value={e.direction} />,
            },
            { key: 'result', dataIndex: 'result', title: t('result') },
            { key: 'offline', title: t('offline'), render: (_, e) => (e.offline ? '✓' : '') },
            { key: 'forced', title: t('forced'), render: (_, e) => (e.forced ? '✓' : '') },
          ]}
        />
      </DetailCard>
      <DetailCard title={t('audit')}>
        <DetailTable
          rows={d.audit}
          columns={[
            { key: 'createTime', title: t('createTime'), render: (_, a) => time(a.createTime) },
            { key: 'username', dataIndex: 'username', title: t('operator') },
            { key: 'action', title: t('action'), render: (_, a) => `${a.module} / ${a.action}` },
            {
              key: 'changes',
              title: t('changes'),
              render: (_, a) => (
                <Typography.Text
                  style={{ fontSize: 12, maxWidth: 480 }}
                  ellipsis={{ tooltip: json(a.after) }}
                >
                  {json(a.after ?? a.before)}
                </Typography.Text>
              ),
            },
          ]}
        />
      </DetailCard>
    </>
  );
}

/** docs/product.md §2 /ticket/detailPage (hidden): the order of `?id=` with everything about it, and staff actions. */
export default function OrderDetailPage() {
  const { t } = useTranslation(['orders', 'common']);
  const id = useIdParam();
  const query = useQuery({ ...orderDetailQuery(id ?? 0), enabled: id !== null });
  const queryClient = useQueryClient();
  // after an action: this order, and the list and its totals
  const reload = () => {
    void query.refetch();
    void queryClient.invalidateQueries({ queryKey: listQueryKey(ORDER_PAGE_URL) });
  };

  return (
    <RecordState id={id} query={query} notFound={t('notFound')}>
      {(data) => (
        <>
          <OrderSummary d={data} reload={reload} />
          <Tickets d={data} />
          <Records d={data} />
        </>
      )}
    </RecordState>
  );
}
