import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cardApi, type CardRow } from '../../../shared/api/cards.ts';
import { CardField, CardKindField, CardState } from '../../../shared/dict/cards.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { CardEntries, CardValidity } from './card-parts.tsx';
import { useCardKinds } from './card-form.tsx';
import { CARD_DETAIL_PATH } from './paths.ts';

function DetailLink({ id }: { id: number }) {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" onClick={() => void navigate(`${CARD_DETAIL_PATH}?id=${id}`)}>
      {t('detail')}
    </Button>
  );
}

function useDefinition() {
  const { dict, byId } = useCardKinds('cards');
  return useMemo(
    () =>
      defineListPage<CardRow>({
        id: 'VipCard.EnjSelfCardList',
        url: cardApi.page,
        exportUrl: cardApi.export,
        rowKey: 'id',
        perms: { export: 'admin:card:query' },
        search: [
          { kind: 'text', name: 'cardNo', label: CardField.cardNo, maxLength: 16 },
          { kind: 'dict', name: 'kindId', label: CardField.kindName, dict, width: 200 },
          { kind: 'dict', name: 'state', label: CardField.state, dict: CardState },
          { kind: 'text', name: 'holderName', label: CardField.holderName, maxLength: 40 },
          { kind: 'text', name: 'holderPhone', label: CardField.holderPhone, maxLength: 20 },
          { kind: 'text', name: 'holderIdNumber', label: CardField.holderIdNumber, maxLength: 18 },
          {
            kind: 'dateRange',
            name: 'activatedAt',
            label: CardField.activatedAt,
            from: 'activatedFrom',
            to: 'activatedTo',
          },
        ],
        columns: [
          { key: 'cardNo', title: CardField.cardNo, width: 170 },
          { key: 'kindName', title: CardField.kindName, width: 140 },
          { key: 'holderName', title: CardField.holderName, width: 100 },
          { key: 'holderPhone', title: CardField.holderPhone, width: 130 },
          { key: 'holderIdNumber', title: CardField.holderIdNumber, width: 180 },
          { key: 'state', title: CardField.state, kind: 'dict', dict: CardState, width: 100 },
          { key: 'activatedAt', title: CardField.activatedAt, kind: 'dateTime', width: 170 },
          {
            key: 'validUntil',
            title: CardKindField.validity,
            sortable: true,
            width: 220,
            render: (_, row) => <CardValidity card={row} />,
          },
          {
            key: 'entriesUsed',
            title: CardField.entriesUsed,
            sortable: true,
            width: 110,
            render: (_, row) => <CardEntries card={row} kind={byId.get(row.kindId)} />,
          },
          { key: 'createTime', title: CardField.createTime, kind: 'dateTime', sortable: true, hidden: true },
        ],
        rowActions: (row) => <DetailLink id={row.id} />,
        actionWidth: 90,
      }),
    [dict, byId],
  );
}

/** docs/product.md §2 /VipCard/EnjSelfCardList: the cards issued, each opened on its detail. */
export default function CardListPage() {
  return <ListPage definition={useDefinition()} />;
}
