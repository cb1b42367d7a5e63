import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OrderDistribution } from '../../../shared/api/orders.ts';
import { AdmType, PayType } from '../../../shared/dict/account.ts';
import { PayStatus, PayWay, TicketStatus } from '../../../shared/dict/order.ts';
import { OrderField } from '../../../shared/dict/order-fields.ts';
import { BuyChannel } from '../../../shared/dict/ticket.ts';
import { DetailCard, dateTimeText as time } from '../../components/detail-parts.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { distributionQuery } from './order-api.ts';
import { RecordState, useIdParam } from '../../components/record-state.tsx';

function Distribution({ d }: { d: OrderDistribution }) {
  const { t } = useTranslation(['orders', 'common']);
  const label = useLabel();
  const navigate = useNavigate();
  const f = (key: keyof typeof OrderField) => label(OrderField[key]);
  return (
    <>
      <DetailCard
        size="default"
        bordered
        title={t('disTitle', { orderNo: d.orderNo })}
        extra={
          <Space wrap>
            <Button onClick={() => void navigate(`/ticket/detailPage?id=${d.id}`)}>{t('viewDetail')}</Button>
            <Button onClick={() => void navigate('/ticket/order')}>{t('backToList')}</Button>
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
        <Alert type="info" showIcon message={t('settlementNote')} style={{ marginBottom: 12 }} />
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'total', label: f('totalAmount'), children: <MoneyText cents={d.totalAmount} /> },
            { key: 'paid', label: f('paidAmount'), children: <MoneyText cents={d.paidAmount} /> },
            { key: 'refunded', label: f('refundedAmount'), children: <MoneyText cents={d.refundedAmount} /> },
            { key: 'due', label: t('dueAmount'), children: <MoneyText cents={d.dueAmount} /> },
            { key: 'tier', label: t('priceTier'), children: d.tier?.name ?? t('priceTierNone') },
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
            { key: 'commission', label: t('commission'), children: <MoneyText cents={d.commission} /> },
            {
              key: 'settled',
              label: t('settledTickets'),
              children: `${d.settledTickets} / ${d.ticketCount}`,
            },
          ]}
        />
      </DetailCard>
    </>
  );
}

/** docs/product.md §2 /ticket/disOrderPage (hidden): the distribution view of the order of `?id=`. */
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
