import { useQuery } from '@tanstack/react-query';
import { Space, Typography } from 'antd';
import { formatTicketValidity } from '../../../shared/ticket-validity.ts';
import { useTranslation } from 'react-i18next';
import type { RefundApplyDetail, RefundRecord } from '../../../shared/api/refunds.ts';
import {
  GateDirection,
  PayStatus,
  PayWay,
  RefundApplyStatus,
  RefundStatus,
  TicketStatus,
} from '../../../shared/dict/order.ts';
import { RefundApplyField } from '../../../shared/dict/refunds.ts';
import { BuyChannel, REFUND_RULE, REFUND_UNIT, RefundRule } from '../../../shared/dict/product.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { DetailCard, DetailTable, dateTimeText as time } from '../../components/detail-parts.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { GateName } from '../../components/gate-name.tsx';
import { PayErrorText } from '../../components/stored-reason.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { MoneyText, moneyColumn } from '../../components/money-text.tsx';
import { markRefundDone, refundApplyQuery } from './refund-api.ts';
import { ReviewActions } from './review-actions.tsx';
import { RecordState, useIdParam } from '../../components/record-state.tsx';

function MarkDone({ refund, onDone }: { refund: RefundRecord; onDone: () => void }) {
  const { t } = useTranslation('refunds');
  if (!['created', 'transit', 'failed'].includes(refund.status)) return null;
  return (
    <ConfirmAction
      perm="admin:order:refund"
      title={t('markDone')}
      description={t('markDoneConfirm')}
      action={() => markRefundDone(refund.id)}
      success={t('markDone')}
      onSuccess={onDone}
    >
      {t('markDone')}
    </ConfirmAction>
  );
}

/** The application's labels: the shared field names of the refund dictionary. */
function useRefundField() {
  const label = useLabel();
  return (name: keyof typeof RefundApplyField) => label(RefundApplyField[name]);
}

/** The application: status, who asked and why, who reviewed; approve or reject while it is open. */
function Request({ d, reload }: { d: RefundApplyDetail; reload: () => void }) {
  const { t } = useTranslation('refunds');
  const f = useRefundField();
  const r = d.request;
  return (
    <DetailCard
      size="default"
      title={`${f('id')} ${r.id}`}
      extra={
        <ReviewActions
          id={r.id}
          status={r.status}
          refundAmount={r.refundAmount}
          onDone={reload}
          size="middle"
          link={false}
        />
      }
      items={[
        {
          key: 'status',
          label: f('status'),
          children: <DictTag dict={RefundApplyStatus} value={r.status} />,
        },
        {
          key: 'ticketStatus',
          label: f('ticketStatus'),
          children: <DictTag dict={TicketStatus} value={r.ticketStatus} />,
        },
        {
          key: 'before',
          label: f('statusBeforeRefund'),
          children: <DictTag dict={TicketStatus} value={r.statusBeforeRefund} />,
        },
        { key: 'reason', label: f('reason'), children: r.reason || t('none') },
        { key: 'requestedBy', label: f('requestedBy'), children: r.requestedBy },
        { key: 'requestTime', label: f('requestTime'), children: time(r.createTime) },
        { key: 'reviewedBy', label: f('reviewedBy'), children: r.reviewedBy || t('none') },
        { key: 'reviewTime', label: f('reviewTime'), children: time(r.reviewTime) || t('none') },
        ...(r.rejectReason
          ? [{ key: 'rejectReason', label: f('rejectReason'), children: r.rejectReason }]
          : []),
      ]}
    />
  );
}

/** The fee (frozen when the application was made), the ticket and its order. */
function FeeTicketOrder({ d }: { d: RefundApplyDetail }) {
  const { t } = useTranslation('refunds');
  const f = useRefundField();
  const r = d.request;
  const fee =
    d.rule.refundRule === REFUND_RULE.conditional
      ? t('feeRuleText', {
          hours: d.rule.refundDeadlineHours,
          fee:
            d.rule.refundFeeUnit === REFUND_UNIT.percent
              ? `${d.rule.refundFeeValue}%`
              : `¥${formatMoney(d.rule.refundFeeValue)}`,
        })
      : null;
  return (
    <>
      <DetailCard
        title={t('sectionFee')}
        column={{ xs: 1, md: 2, xl: 4 }}
        items={[
          { key: 'ticketAmount', label: f('ticketAmount'), children: <MoneyText cents={r.ticketAmount} /> },
          { key: 'fee', label: f('fee'), children: <MoneyText cents={r.fee} /> },
          { key: 'refundAmount', label: f('refundAmount'), children: <MoneyText cents={r.refundAmount} /> },
          {
            key: 'rule',
            label: t('feeRule'),
            children: (
              <Space size={4}>
                <DictTag dict={RefundRule} value={d.rule.refundRule} />
                {fee}
              </Space>
            ),
          },
        ]}
      >
        <Typography.Text type="secondary">{t('feeFrozen')}</Typography.Text>
      </DetailCard>
      <DetailCard
        title={t('sectionTicket')}
        items={[
          { key: 'product', label: f('productName'), children: d.ticket.productName },
          { key: 'visitor', label: f('visitorName'), children: d.ticket.visitorName },
          { key: 'phone', label: f('visitorPhone'), children: d.ticket.visitorPhone },
          { key: 'visitDate', label: f('visitDate'), children: d.ticket.visitDate },
          {
            key: 'validity',
            label: t('validity'),
            children: formatTicketValidity(d.ticket),
          },
          ...(d.ticket.seatLabel ? [{ key: 'seat', label: t('seat'), children: d.ticket.seatLabel }] : []),
          { key: 'price', label: t('price'), children: <MoneyText cents={d.ticket.price} /> },
        ]}
      />
      <DetailCard
        title={t('sectionOrder')}
        items={[
          { key: 'orderNo', label: f('orderNo'), children: d.order.orderNo },
          {
            key: 'channel',
            label: f('channel'),
            children: <DictTag dict={BuyChannel} value={d.order.channel} />,
          },
          { key: 'buyer', label: f('buyerPhone'), children: `${d.order.buyerName} ${d.order.buyerPhone}` },
          {
            key: 'status',
            label: f('orderStatus'),
            children: <DictTag dict={TicketStatus} value={d.order.status} />,
          },
          {
            key: 'payStatus',
            label: f('payStatus'),
            children: (
              <Space size={4}>
                <DictTag dict={PayStatus} value={d.order.payStatus} />
                <DictTag dict={PayWay} value={d.order.payWay} />
              </Space>
            ),
          },
          { key: 'paid', label: t('paidAmount'), children: <MoneyText cents={d.order.paidAmount} /> },
          {
            key: 'refunded',
            label: t('refundedAmount'),
            children: <MoneyText cents={d.order.refundedAmount} />,
          },
          { key: 'createTime', label: t('createTime'), children: time(d.order.createTime) },
        ]}
      />
    </>
  );
}

/** The ticket's gate events and the refunds made (marked done by hand when the provider is silent). */
function History({ d, reload }: { d: RefundApplyDetail; reload: () => void }) {
  const { t } = useTranslation('refunds');
  return (
    <>
      <DetailCard title={t('sectionGate')}>
        <DetailTable
          rows={d.gateEvents}
          emptyText={t('none')}
          columns={[
            {
              key: 'scannedAt',
              dataIndex: 'scannedAt',
              title: t('scannedAt'),
              render: (v: string) => time(v),
            },
            {
              key: 'gateName',
              title: t('gate'),
              render: (_, e) => <GateName gateId={e.gateId} name={e.gateName} />,
            },
            {
              key: 'direction',
              dataIndex: 'direction',
              title: t('direction'),
              render: (v: string) => <DictTag dict={GateDirection} value={v} />,
            },
            { key: 'result', dataIndex: 'result', title: t('result') },
          ]}
        />
      </DetailCard>
      <DetailCard title={t('sectionRefunds')}>
        <DetailTable
          rows={d.refunds}
          emptyText={t('none')}
          columns={[
            {
              key: 'payWay',
              dataIndex: 'payWay',
              title: t('payWay'),
              render: (v: number) => <DictTag dict={PayWay} value={v} />,
            },
            moneyColumn('amount', t('amount')),
            {
              key: 'status',
              dataIndex: 'status',
              title: t('refundStatus'),
              render: (v: string) => <DictTag dict={RefundStatus} value={v} />,
            },
            { key: 'providerRefundId', dataIndex: 'providerRefundId', title: t('providerRefundId') },
            {
              key: 'failReason',
              dataIndex: 'failReason',
              title: t('failReason'),
              render: (v: string) => <PayErrorText reason={v} />,
            },
            {
              key: 'createTime',
              dataIndex: 'createTime',
              title: t('createTime'),
              render: (v: string) => time(v),
            },
            {
              key: 'doneTime',
              dataIndex: 'doneTime',
              title: t('doneTime'),
              render: (v: string | null) => time(v),
            },
            {
              key: 'actions',
              title: '',
              render: (_: unknown, row: RefundRecord) => <MarkDone refund={row} onDone={reload} />,
            },
          ]}
        />
      </DetailCard>
    </>
  );
}

/** docs/product.md §2 /ticket/refTicCheDet (hidden): one refund application with everything needed to review it. */
export default function RefundApplyDetailPage() {
  const { t } = useTranslation(['refunds', 'common']);
  const id = useIdParam();
  const query = useQuery({ ...refundApplyQuery(id ?? 0), enabled: id !== null });

  return (
    <RecordState id={id} query={query} notFound={t('notFound')}>
      {(data) => (
        <>
          <Request d={data} reload={() => void query.refetch()} />
          <FeeTicketOrder d={data} />
          <History d={data} reload={() => void query.refetch()} />
        </>
      )}
    </RecordState>
  );
}
