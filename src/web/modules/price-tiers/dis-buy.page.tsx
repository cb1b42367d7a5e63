import { useQuery } from '@tanstack/react-query';
import {
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  disBuyApi,
  type DisBuyResult,
  type DisSellable,
  type DisSellableList,
} from '../../../shared/api/price-tiers.ts';
import { DistributorState } from '../../../shared/dict/distribution.ts';
import { PAY_WAY_AGENCY_BALANCE, PAY_WAY_AGENCY_CREDIT, PayWay } from '../../../shared/dict/order.ts';
import { PriceTierField } from '../../../shared/dict/price-tiers.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { FutureDatePicker } from '../../components/date-pickers.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { get, post } from '../../lib/request.ts';
import { areaToday } from '../../lib/area-clock.ts';

/** One offer of a product on the day: what a row of the table buys. */
interface OfferRow {
  key: string;
  product: DisSellable;
  sessionId: number | null;
  periodId: number | null;
  time: string;
  price: number;
  left: number;
}

const offerRows = (products: readonly DisSellable[]): OfferRow[] =>
  products.flatMap((p) =>
    p.offers
      // a show sells by seat: not bought from this list
      .filter((o) => o.showId == null)
      .map((o, i) => ({
        key: `${p.productId}-${i}`,
        product: p,
        sessionId: o.sessionId,
        periodId: o.periodId,
        time: o.time,
        price: o.price,
        left: o.left,
      })),
  );

/** The offers table's columns; the last sets the quantity of the row's offer. */
function useOfferColumns(
  quantities: Record<string, number>,
  onQuantity: (key: string, quantity: number) => void,
): TableColumnsType<OfferRow> {
  const { t } = useTranslation(['priceTiers', 'common']);
  const label = useLabel();
  return [
    { key: 'name', title: label(PriceTierField.product), render: (_, r) => r.product.name },
    { key: 'time', title: t('timeSlot'), dataIndex: 'time' },
    {
      key: 'calendarPrice',
      title: label(PriceTierField.calendarPrice),
      render: (_, r) => <MoneyText cents={r.product.calendarPrice} />,
    },
    {
      key: 'price',
      title: label(PriceTierField.settlementPrice),
      render: (_, r) => <MoneyText cents={r.price} />,
    },
    {
      key: 'retailFloor',
      title: label(PriceTierField.retailFloor),
      render: (_, r) => <MoneyText cents={r.product.retailFloor} />,
    },
    { key: 'left', title: t('left'), dataIndex: 'left' },
    {
      key: 'quantity',
      title: t('quantity'),
      render: (_, r) => (
        <InputNumber
          aria-label={`${t('quantity')} ${r.product.name} ${r.time}`}
          min={0}
          max={Math.min(r.left, r.product.limitPerOrder || 100, 100)}
          value={quantities[r.key] ?? 0}
          onChange={(v) => onQuantity(r.key, Number(v ?? 0))}
        />
      ),
    },
  ];
}

/** The distributor's tier, balance, available credit and state. */
function DisBuyAccount({ account }: { account: DisSellableList }) {
  const { t } = useTranslation(['priceTiers', 'common']);
  return (
    <Descriptions
      style={{ marginTop: 16 }}
      size="small"
      column={{ xs: 1, md: 2, xl: 4 }}
      items={[
        { key: 'tier', label: t('tier'), children: account.tierName ?? t('noTier') },
        { key: 'balance', label: t('balance'), children: <MoneyText cents={account.balance} /> },
        {
          key: 'credit',
          label: t('creditAvailable'),
          children: <MoneyText cents={account.creditAvailable} />,
        },
        {
          key: 'state',
          label: t('state'),
          children: <DictTag dict={DistributorState} value={account.state} />,
        },
      ]}
    />
  );
}

const newKey = () => `disbuy-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

/** docs/product.md §2 /disManage/buy: a distributor buys for itself on its balance or credit, at its tier. */
export default function DisBuyPage() {
  const { t } = useTranslation(['priceTiers', 'common']);
  const label = useLabel();
  const [date, setDate] = useState<Dayjs>(() => areaToday().add(1, 'day'));
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [payWay, setPayWay] = useState<5 | 8>(PAY_WAY_AGENCY_BALANCE);
  const [buyer, setBuyer] = useState({ name: '', phone: '' });
  // one key per intended order: a retry after a lost answer is the same order (Idempotency-Key)
  const [idemKey, setIdemKey] = useState(newKey);
  const day = date.format('YYYY-MM-DD');
  const list = useQuery({
    queryKey: [disBuyApi.sellable, day],
    queryFn: () => get<DisSellableList>(disBuyApi.sellable, { date: day }),
  });
  const rows = useMemo(() => offerRows(list.data?.products ?? []), [list.data]);
  const chosen = rows.filter((r) => (quantities[r.key] ?? 0) > 0);
  const total = chosen.reduce((sum, r) => sum + r.price * quantities[r.key]!, 0);
  const wayName = label(PayWay[payWay]);
  const columns = useOfferColumns(quantities, (key, quantity) => {
    setQuantities((q) => ({ ...q, [key]: quantity }));
    setIdemKey(newKey());
  });

  const buy = () =>
    post<DisBuyResult>(
      disBuyApi.create,
      {
        buyer,
        payWay,
        lines: chosen.map((r) => ({
          productId: r.product.productId,
          date: day,
          ...(r.sessionId != null && { sessionId: r.sessionId }),
          ...(r.periodId != null && { periodId: r.periodId }),
          quantity: quantities[r.key]!,
        })),
      },
      { headers: { 'Idempotency-Key': idemKey } },
    );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Space wrap size="large">
          <Space>
            {t('buyDate')}
            <FutureDatePicker
              value={date}
              allowClear={false}
              onChange={(d) => {
                if (d && !Array.isArray(d)) setDate(d);
                setQuantities({});
                setIdemKey(newKey());
              }}
            />
          </Space>
        </Space>
        {list.data && <DisBuyAccount account={list.data} />}
      </Card>
      <Card>
        <Table<OfferRow>
          rowKey="key"
          size="small"
          loading={list.isLoading}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: <Empty description={t('noProducts')} /> }}
          columns={columns}
        />
      </Card>
      <Card>
        <Form layout="inline">
          <Form.Item label={t('payWay')}>
            <Radio.Group
              value={payWay}
              onChange={(e) => {
                setPayWay(e.target.value as 5 | 8);
                setIdemKey(newKey());
              }}
              options={[
                { value: PAY_WAY_AGENCY_BALANCE, label: label(PayWay[PAY_WAY_AGENCY_BALANCE]) },
                { value: PAY_WAY_AGENCY_CREDIT, label: label(PayWay[PAY_WAY_AGENCY_CREDIT]) },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('buyerName')} htmlFor="dis-buy-name">
            <Input
              id="dis-buy-name"
              maxLength={50}
              value={buyer.name}
              onChange={(e) => setBuyer((b) => ({ ...b, name: e.target.value }))}
            />
          </Form.Item>
          <Form.Item label={t('buyerPhone')} htmlFor="dis-buy-phone">
            <Input
              id="dis-buy-phone"
              maxLength={20}
              value={buyer.phone}
              onChange={(e) => setBuyer((b) => ({ ...b, phone: e.target.value }))}
            />
          </Form.Item>
          <Form.Item label={t('total')}>
            <Typography.Text strong data-testid="dis-buy-total">
              <MoneyText cents={total} />
            </Typography.Text>
          </Form.Item>
          <Form.Item>
            <ConfirmAction
              perm="admin:disBuy:create"
              title={t('buyConfirm', { way: wayName, amount: formatMoney(total) })}
              disabled={!chosen.length}
              action={buy}
              button={{ type: 'primary', 'data-testid': 'dis-buy-submit' }}
              success={(r) => t('bought', { orderNo: r.orderNo, amount: formatMoney(r.totalAmount) })}
              refresh={[[disBuyApi.sellable]]}
              onSuccess={() => {
                setQuantities({});
                setIdemKey(newKey());
              }}
            >
              {t('buy')}
            </ConfirmAction>
          </Form.Item>
        </Form>
      </Card>
    </Space>
  );
}
