import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { OrderDistribution } from '../../../shared/api/orders.ts';
import { AdmType, PayType } from '../../../shared/dict/account.ts';
import { PayStatus, PayWay, TicketStatus } from '../../../shared/dict/order.ts';
import { OrderField } from '../../../shared/dict/order-fields.ts';
import { DistributorState } from '../../../shared/dict/distribution.ts';
import { OrderSettleState, SettlementBatchState, SettlementField } from '../../../shared/dict/settlement.ts';
import { BuyChannel } from '../../../shared/dict/product.ts';
import { formatTicketValidity } from '../../../shared/ticket-validity.ts';
import { DetailCard, DetailTable, dateTimeText as time } from '../../components/detail-parts.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { distributionQuery } from './order-api.ts';
import { RecordState, useIdParam } from '../../components/record-state.tsx';

/** The module's texts, a field's label, and an order field's label by key. */
function useDisLabels() {
  const { t } = useTranslation(['orders', 'common']);
  const label = useLabel();
  const f = (key: keyof typeof OrderField) => label(OrderField[key]);
  return { t, label, f };
}

function Distribution({ d }: { d: OrderDistribution }) {
  const { t, f } = useDisLabels();
  const navigate = useNavigate();
  // the twin under the distributor menu (/disManage/disOrderPage) goes back where it came from
  const inDisManage = useLocation().pathname.startsWith('/disManage/');
  return (
    <>
      <DetailCard
        size="default"
        bordered
        title={t('disTitle', { orderNo: d.orderNo })}
        extra={
          <Space wrap>
            <Button onClick={() => void navigate(`/ticket/detailPage?id=${d.id}`)}>{t('viewDetail')}</Button>
            {inDisManage ? (
              <Button onClick={() => void navigate(-1)}>{t('backToDisList')}</Button>
            ) : (
              <Button onClick={() => void navigate('/ticket/order')}>{t('backToList')}</Button>
            )}
          </Space>
        }
        items={[
          { key: 'orderNo', label: f('orderNo'), children: d.orderNo },
          {
            key: 'channel',
            label: f('channel'),
            children: <DictTag dict={BuyChannel} value={d.channel} />,
          },
          { key: 'clientId', label: f('clientId'), children: d.clientId },
          { key: 'externalNo', label: f('externalNo'), children: d.externalNo ?? '' },
          {
            key: 'distributor',
            label: t('distributor'),
            children: d.distributor ? (
              <Space size={4}>
                {d.distributor.nickname || d.distributor.username}
                <DictTag dict={AdmType} value={d.distributor.admType} />
              </Space>
            ) : (
              t('distributorNone')
            ),
          },
          {
            key: 'payType',
            label: t('payType'),
            children: d.distributor ? <DictTag dict={PayType} value={d.distributor.payType} /> : '',
          },
          { key: 'status', label: f('status'), children: <DictTag dict={TicketStatus} value={d.status} /> },
          {
            key: 'payStatus',
            label: f('payStatus'),
            children: <DictTag dict={PayStatus} value={d.payStatus} />,
          },
          { key: 'payWay', label: f('payWay'), children: <DictTag dict={PayWay} value={d.payWay} /> },
          { key: 'ticketCount', label: f('ticketCount'), children: d.ticketCount },
          { key: 'createTime', label: f('createTime'), children: time(d.createTime) },
          { key: 'paidTime', label: f('paidTime'), children: time(d.paidTime) },
        ]}
      />
      <DetailCard title={t('settlement')}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            {
              key: 'agency',
              label: t('agency'),
              children: d.agency ? (
                <Space size={4}>
                  {d.agency.company}
                  <DictTag dict={DistributorState} value={d.agency.state} />
                </Space>
              ) : (
                t('distributorNone')
              ),
            },
            { key: 'tier', label: t('priceTier'), children: d.tier?.name ?? t('priceTierNone') },
            {
              key: 'settleState',
              label: t('settleState'),
              children: <DictTag dict={OrderSettleState} value={d.settleState} />,
            },
            { key: 'total', label: f('totalAmount'), children: <MoneyText cents={d.totalAmount} /> },
            { key: 'paid', label: f('paidAmount'), children: <MoneyText cents={d.paidAmount} /> },
            { key: 'refunded', label: f('refundedAmount'), children: <MoneyText cents={d.refundedAmount} /> },
            {
              key: 'settlementAmount',
              label: t('settlementAmount'),
              children: <MoneyText cents={d.settlementAmount} />,
            },
            {
              key: 'retailFloorAmount',
              label: t('retailFloorAmount'),
              children: <MoneyText cents={d.retailFloorAmount} />,
            },
            { key: 'due', label: t('dueAmount'), children: <MoneyText cents={d.dueAmount} /> },
            {
              key: 'settled',
              label: t('settledTickets'),
              children: `${d.settledTickets} / ${d.ticketCount}`,
            },
            {
              key: 'settledAmount',
              label: t('settledAmount'),
              children: <MoneyText cents={d.settledAmount} />,
            },
            { key: 'commission', label: t('commission'), children: <MoneyText cents={d.commission} /> },
          ]}
        />
      </DetailCard>
      <DisBatches d={d} />
      <DisTickets d={d} />
    </>
  );
}

/** The settlement batches the order's tickets were settled in. */
function DisBatches({ d }: { d: OrderDistribution }) {
  const { t, f } = useDisLabels();
  return (
    <DetailCard title={t('batches')}>
      <DetailTable
        rows={d.batches}
        emptyText={t('batchesNone')}
        columns={[
          { key: 'batchNo', dataIndex: 'batchNo', title: t('batchNo') },
          { key: 'period', title: t('batchPeriod'), render: (_, b) => `${b.periodFrom} ~ ${b.periodTo}` },
          {
            key: 'state',
            title: t('settleState'),
            render: (_, b) => <DictTag dict={SettlementBatchState} value={b.state} />,
          },
          {
            key: 'rate',
            title: t('commissionRate'),
            render: (_, b) => `${(b.commissionRate / 100).toFixed(2)}%`,
          },
          { key: 'tickets', dataIndex: 'tickets', title: f('ticketCount') },
          { key: 'amount', title: t('settledAmount'), render: (_, b) => <MoneyText cents={b.amount} /> },
          {
            key: 'commission',
            title: t('commission'),
            render: (_, b) => <MoneyText cents={b.commission} />,
          },
          { key: 'closedTime', title: t('closedTime'), render: (_, b) => time(b.closedTime) },
        ]}
      />
    </DetailCard>
  );
}

/** The order's tickets with their settlement. */
function DisTickets({ d }: { d: OrderDistribution }) {
  const { t, label, f } = useDisLabels();
  return (
    <DetailCard title={t('ticketsTitle')}>
      <DetailTable
        rows={d.tickets}
        columns={[
          { key: 'id', dataIndex: 'id', title: label(SettlementField.ticketId) },
          { key: 'product', dataIndex: 'productName', title: f('product') },
          { key: 'validity', title: t('validity'), render: (_, x) => formatTicketValidity(x) },
          { key: 'price', title: t('settlementPrice'), render: (_, x) => <MoneyText cents={x.price} /> },
          {
            key: 'status',
            title: label(SettlementField.ticketStatus),
            render: (_, x) => <DictTag dict={TicketStatus} value={x.status} />,
          },
          { key: 'batchNo', title: t('batchNo'), render: (_, x) => x.batchNo ?? t('notSettled') },
          {
            key: 'commission',
            title: t('commission'),
            render: (_, x) => (x.commission == null ? '' : <MoneyText cents={x.commission} />),
          },
        ]}
      />
    </DetailCard>
  );
}

/**
 * docs/product.md §2 /ticket/disOrderPage and /disManage/disOrderPage (hidden): the distribution view
 * of the order of `?id=` with its settlement. A distributor's account sees its own orders only (the
 * server answers 404 for any other).
 */
export default function DisOrderPage() {
  const { t } = useTranslation(['orders', 'common']);
  const id = useIdParam();
  const query = useQuery({ ...distributionQuery(id ?? 0), enabled: id !== null });

  return (
    <RecordState id={id} query={query} notFound={t('notFound')}>
      {(data) => <Distribution d={data} />}
    </RecordState>
  );
}
