import { Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cardOrderApi, type CardOrderRow, type CardOrderTotals } from '../../../shared/api/cards.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { CardField, CardOrderPayWay, CardOrderStatus, CardSaleSource } from '../../../shared/dict/cards.ts';
import { formatCents } from '../../../shared/money.ts';
import {
  defineListPage,
  ListPage,
  useListTotals,
  type SearchFieldDef,
} from '../../components/list-page/index.ts';
import { useCardKinds } from './card-form.tsx';
import { CardOrderActions, SellCard } from './card-order-actions.tsx';

function orderSearch(kinds: Record<number, DictEntry>): SearchFieldDef[] {
  return [
    { kind: 'text', name: 'orderNo', label: CardField.orderNo, maxLength: 32 },
    { kind: 'dict', name: 'kindId', label: CardField.kindName, dict: kinds, width: 200 },
    { kind: 'dict', name: 'status', label: CardField.status, dict: CardOrderStatus },
    { kind: 'dict', name: 'source', label: CardField.source, dict: CardSaleSource },
    { kind: 'dict', name: 'payWay', label: CardField.payWay, dict: CardOrderPayWay },
    { kind: 'text', name: 'buyerPhone', label: CardField.buyerPhone, maxLength: 20 },
    {
      kind: 'dateRange',
      name: 'createTime',
      label: CardField.createTime,
      from: 'createTimeFrom',
      to: 'createTimeTo',
    },
  ];
}

/** Count, amount and refunded of the list's current filter, above the table (refreshed with it). */
function TotalsBar({ search }: { search: readonly SearchFieldDef[] }) {
  const { t } = useTranslation('cards');
  const { data, isFetching } = useListTotals<CardOrderTotals>(cardOrderApi.page, cardOrderApi.totals, search);
  return (
    <Typography.Text aria-busy={isFetching} aria-live="polite" data-testid="card-order-totals">
      {t('orderTotals', {
        count: data?.count ?? 0,
        amount: formatCents(data?.amount ?? 0),
        refunded: formatCents(data?.refundedAmount ?? 0),
      })}
    </Typography.Text>
  );
}

function useDefinition() {
  const { dict } = useCardKinds();
  return useMemo(() => {
    const search = orderSearch(dict);
    return defineListPage<CardOrderRow>({
      id: 'VipCard.EnjSelfCardOrder',
      url: cardOrderApi.page,
      exportUrl: cardOrderApi.export,
      rowKey: 'id',
      perms: { export: 'admin:card:order:query' },
      search,
      columns: [
        { key: 'orderNo', title: CardField.orderNo, width: 200 },
        { key: 'kindName', title: CardField.kindName, width: 140 },
        { key: 'cardNo', title: CardField.cardNo, width: 190 },
        { key: 'buyerName', title: CardField.buyerName, width: 100 },
        { key: 'buyerPhone', title: CardField.buyerPhone, width: 130 },
        { key: 'source', title: CardField.source, kind: 'dict', dict: CardSaleSource, width: 120 },
        { key: 'payWay', title: CardField.payWay, kind: 'dict', dict: CardOrderPayWay, width: 100 },
        { key: 'amount', title: CardField.amount, kind: 'money', sortable: true, width: 100 },
        { key: 'refundedAmount', title: CardField.refundedAmount, kind: 'money', width: 100 },
        { key: 'status', title: CardField.status, kind: 'dict', dict: CardOrderStatus, width: 100 },
        { key: 'reason', title: CardField.reason, ellipsis: true, hidden: true },
        { key: 'paidAt', title: CardField.paidAt, kind: 'dateTime', width: 170 },
        { key: 'createTime', title: CardField.createTime, kind: 'dateTime', sortable: true, width: 170 },
      ],
      toolbar: () => (
        <Space wrap>
          <SellCard />
          <TotalsBar search={search} />
        </Space>
      ),
      rowActions: (row, { reload }) => <CardOrderActions row={row} onDone={reload} />,
      actionWidth: 140,
    });
  }, [dict]);
}

/** docs/product.md §2 /VipCard/EnjSelfCardOrder: the card orders, sold, refunded and voided here. */
export default function CardOrderListPage() {
  return <ListPage definition={useDefinition()} />;
}
