import { Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cardOrderApi, type CardOrderRow, type CardOrderTotals } from '../../../shared/api/cards.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import {
  CARD_ORDER_STATUS,
  CardField,
  CardOrderPayWay,
  CardOrderStatus,
  CardRefundStatus,
  CardSaleField,
  CardSaleSource,
} from '../../../shared/dict/cards.ts';
import { TerminalClient } from '../../../shared/dict/terminal-client.ts';
import { DictTag } from '../../components/dict-tag.tsx';
import { formatMoney } from '../../../shared/money.ts';
import {
  defineListPage,
  ListPage,
  useListTotals,
  type SearchFieldDef,
} from '../../components/list-page/index.ts';
import { useCardKinds } from './card-form.tsx';
import { CardOrderActions, CardRefundFailedActions, SellCard } from './card-order-actions.tsx';

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
        amount: formatMoney(data?.amount ?? 0),
        refunded: formatMoney(data?.refundedAmount ?? 0),
      })}
    </Typography.Text>
  );
}

/** An order's status; an unpaid one with its deadline, one cancelled unpaid (C4) with why. */
function StatusCell({ row }: { row: CardOrderRow }) {
  const { t } = useTranslation('cards');
  const note =
    row.status === CARD_ORDER_STATUS.unpaid && row.expiresAt
      ? t('payBy', { time: dayjs(row.expiresAt).format('MM-DD HH:mm') })
      : row.status === CARD_ORDER_STATUS.invalid && !row.paidAt
        ? t(row.reason === 'timeout' ? 'cancelledTimeout' : 'cancelledByBuyer')
        : null;
  return (
    <Space size={4} wrap>
      <DictTag dict={CardOrderStatus} value={row.status} />
      {note && <Typography.Text type="secondary">{note}</Typography.Text>}
    </Space>
  );
}

/** The money of a refund through a provider; a failed one with the provider's reason. */
function RefundCell({ row }: { row: CardOrderRow }) {
  return (
    <Space size={4} wrap>
      <DictTag dict={CardRefundStatus} value={row.refundStatus} />
      {row.refundStatus === 'failed' && row.refundFailReason && (
        <Typography.Text type="danger">{row.refundFailReason}</Typography.Text>
      )}
    </Space>
  );
}

function useDefinition() {
  const { dict } = useCardKinds('orders');
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
        {
          key: 'clientId',
          title: CardSaleField.channel,
          width: 130,
          // the selling client (a registered terminal's own id shows as itself)
          render: (v) => <DictTag dict={TerminalClient} value={v as string | undefined} />,
        },
        {
          key: 'payWay',
          title: CardField.payWay,
          width: 100,
          // none while unpaid (C1) or cancelled unpaid (C4)
          render: (v) => (v == null ? null : <DictTag dict={CardOrderPayWay} value={v as number} />),
        },
        { key: 'amount', title: CardField.amount, kind: 'money', sortable: true, width: 100 },
        {
          key: 'couponDiscount',
          title: CardSaleField.couponDiscount,
          kind: 'money',
          width: 100,
          hidden: true,
        },
        { key: 'refundedAmount', title: CardField.refundedAmount, kind: 'money', width: 100 },
        { key: 'status', title: CardField.status, width: 150, render: (_v, row) => <StatusCell row={row} /> },
        {
          key: 'refundStatus',
          title: CardSaleField.refundStatus,
          width: 150,
          render: (_v, row) => <RefundCell row={row} />,
        },
        { key: 'expiresAt', title: CardSaleField.expiresAt, kind: 'dateTime', width: 170, hidden: true },
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
      rowActions: (row, { reload }) => (
        <>
          <CardOrderActions row={row} onDone={reload} />
          <CardRefundFailedActions row={row} onDone={reload} />
        </>
      ),
      actionWidth: 140,
    });
  }, [dict]);
}

/** docs/product.md §2 /VipCard/EnjSelfCardOrder: the card orders, sold, refunded and voided here. */
export default function CardOrderListPage() {
  return <ListPage definition={useDefinition()} />;
}
