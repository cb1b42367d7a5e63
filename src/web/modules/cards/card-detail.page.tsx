import { useQuery } from '@tanstack/react-query';
import { Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cardApi, type CardDetail, type CardHolderChange } from '../../../shared/api/cards.ts';
import {
  CardField,
  CardKindField,
  CardOrderStatus,
  CardOrderPayWay,
  CardSaleSource,
  CardState,
} from '../../../shared/dict/cards.ts';
import { DetailCard, DetailTable, dateTimeText as time } from '../../components/detail-parts.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { RecordState, useIdParam } from '../../components/record-state.tsx';
import { get } from '../../lib/request.ts';
import { CardActions } from './card-actions.tsx';
import { CardEntries } from './card-entries.tsx';
import { HolderChangeText } from './card-holder-changes.tsx';
import { CardIc } from './card-ic.tsx';
import { CardValidity } from './card-parts.tsx';
import { CARD_DETAIL_PATH, ORDER_LIST_PATH } from './paths.ts';

/** The card: its holder, state, validity and entries, and what staff may do with it. */
function CardPart({ d, reload }: { d: CardDetail; reload: () => void }) {
  const { t } = useTranslation('cards');
  const f = useLabel();
  const c = d.card;
  return (
    <DetailCard
      size="default"
      title={`${f(CardField.cardNo)} ${c.cardNo}`}
      extra={<CardActions card={c} onDone={reload} />}
      items={[
        { key: 'kind', label: f(CardField.kindName), children: c.kindName },
        { key: 'state', label: f(CardField.state), children: <DictTag dict={CardState} value={c.state} /> },
        { key: 'holder', label: f(CardField.holderName), children: c.holderName },
        { key: 'phone', label: f(CardField.holderPhone), children: c.holderPhone },
        { key: 'idNumber', label: f(CardField.holderIdNumber), children: c.holderIdNumber },
        {
          key: 'photo',
          label: f(CardField.facePhoto),
          children: c.facePhoto ? <Image src={c.facePhoto} alt={c.holderName} width={64} /> : null,
        },
        { key: 'activatedAt', label: f(CardField.activatedAt), children: time(c.activatedAt) },
        { key: 'validity', label: f(CardKindField.validity), children: <CardValidity card={c} /> },
        { key: 'entries', label: f(CardField.entriesUsed), children: c.entriesUsed },
        { key: 'icNo', label: t('icNo'), children: <CardIc card={c} onDone={reload} /> },
        ...(c.replacedBy
          ? [
              {
                key: 'replacedBy',
                label: t('replacedBy'),
                children: <Link to={`${CARD_DETAIL_PATH}?id=${c.replacedBy}`}>{t('openNewCard')}</Link>,
              },
            ]
          : []),
        { key: 'createTime', label: f(CardField.createTime), children: time(c.createTime) },
      ]}
    />
  );
}

/** The order that bought the card, linked to the order list filtered by its number. */
function OrderPart({ d }: { d: CardDetail }) {
  const { t } = useTranslation('cards');
  const f = useLabel();
  const o = d.order;
  return (
    <DetailCard
      title={t('orderSection')}
      items={[
        {
          key: 'orderNo',
          label: f(CardField.orderNo),
          children: (
            <Link to={`${ORDER_LIST_PATH}?orderNo=${encodeURIComponent(o.orderNo)}`}>{o.orderNo}</Link>
          ),
        },
        {
          key: 'status',
          label: f(CardField.status),
          children: <DictTag dict={CardOrderStatus} value={o.status} />,
        },
        { key: 'buyer', label: f(CardField.buyerName), children: o.buyerName },
        { key: 'buyerPhone', label: f(CardField.buyerPhone), children: o.buyerPhone },
        {
          key: 'source',
          label: f(CardField.source),
          children: <DictTag dict={CardSaleSource} value={o.source} />,
        },
        {
          key: 'payWay',
          label: f(CardField.payWay),
          children: <DictTag dict={CardOrderPayWay} value={o.payWay} />,
        },
        { key: 'amount', label: f(CardField.amount), children: <MoneyText cents={o.amount} /> },
        {
          key: 'refunded',
          label: f(CardField.refundedAmount),
          children: <MoneyText cents={o.refundedAmount} />,
        },
        { key: 'paidAt', label: f(CardField.paidAt), children: time(o.paidAt) },
        ...(o.reason ? [{ key: 'reason', label: f(CardField.reason), children: o.reason }] : []),
      ]}
    />
  );
}

/** The holder's changes and the card's gate events (paged, from the gate log). */
function History({ d }: { d: CardDetail }) {
  const { t } = useTranslation('cards');
  const f = useLabel();
  return (
    <>
      <DetailCard title={t('holderChanges')}>
        <DetailTable<CardHolderChange>
          rows={d.holderChanges}
          columns={[
            { key: 'time', title: f(CardField.createTime), render: (_, r) => time(r.createTime) },
            { key: 'change', title: t('change'), render: (_, r) => <HolderChangeText change={r} /> },
            { key: 'reason', dataIndex: 'reason', title: f(CardField.reason) },
          ]}
        />
      </DetailCard>
      <CardEntries cardId={d.card.id} />
    </>
  );
}

/** docs/product.md §2 /VipCard/EnjSelfCardListDetail (hidden, ?id=): one card, its order and history. */
export default function CardDetailPage() {
  const { t } = useTranslation('cards');
  const id = useIdParam();
  const query = useQuery({
    queryKey: [cardApi.query, id],
    queryFn: () => get<CardDetail>(cardApi.query, { id: id ?? 0 }, { silent: true }),
    enabled: id !== null,
  });
  const reload = () => void query.refetch();
  return (
    <RecordState id={id} query={query} notFound={t('cardNotFound')}>
      {(data) => (
        <>
          <CardPart d={data} reload={reload} />
          <OrderPart d={data} />
          <History d={data} />
        </>
      )}
    </RecordState>
  );
}
