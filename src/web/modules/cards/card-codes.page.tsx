import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  cardCodeApi,
  cardKindApi,
  type CardCodeBatchRow,
  type CardCodeRow,
  type CardKindRow,
} from '../../../shared/api/cards.ts';
import {
  CARD_CODE_STATUS,
  CardCodeField,
  CardCodeStatus,
  CardCodeVoided,
  CardField,
} from '../../../shared/dict/cards.ts';
import { DictTag } from '../../components/dict-tag.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { get } from '../../lib/request.ts';
import { GenerateCodes, RedeemCode, VoidCodes } from './card-code-actions.tsx';
import { KIND_LIST_PATH } from './paths.ts';

const QUERY = 'admin:card:code:query';

function useLists(kindId: number) {
  const { t: question } = useTranslation('cards');
  return useMemo(
    () => ({
      batches: defineListPage<CardCodeBatchRow>({
        id: 'VipCard.cardCodeBatches',
        title: 'cards:batches',
        url: cardCodeApi.batches,
        params: { kindId },
        rowKey: 'id',
        columns: [
          { key: 'id', title: CardCodeField.batchId, width: 90 },
          { key: 'count', title: CardCodeField.count, width: 100 },
          { key: 'redeemed', title: CardCodeField.redeemed, width: 100 },
          { key: 'note', title: CardCodeField.note, ellipsis: true },
          {
            key: 'voidedAt',
            title: CardCodeField.voided,
            width: 100,
            render: (value) => <DictTag dict={CardCodeVoided} value={value ? 1 : 0} />,
          },
          { key: 'createTime', title: CardCodeField.createTime, kind: 'dateTime', sortable: true },
        ],
        toolbar: () => <GenerateCodes kindId={kindId} />,
        rowActions: (row, { reload }) =>
          row.voidedAt ? null : (
            <VoidCodes
              body={{ batchId: row.id }}
              question={question('voidBatchConfirm', { id: row.id })}
              onDone={reload}
            />
          ),
        actionWidth: 100,
      }),
      codes: defineListPage<CardCodeRow>({
        id: 'VipCard.cardCodes',
        title: 'cards:codes',
        url: cardCodeApi.page,
        exportUrl: cardCodeApi.export,
        params: { kindId },
        rowKey: 'id',
        perms: { export: QUERY },
        search: [
          { kind: 'text', name: 'code', label: CardCodeField.code, maxLength: 16 },
          { kind: 'number', name: 'batchId', label: CardCodeField.batchId, min: 1 },
          { kind: 'dict', name: 'status', label: CardCodeField.status, dict: CardCodeStatus },
          {
            kind: 'dict',
            name: 'voided',
            label: CardCodeField.voided,
            dict: CardCodeVoided,
            toParam: (code) => Number(code) === 1,
          },
        ],
        columns: [
          { key: 'code', title: CardCodeField.code, width: 190 },
          { key: 'batchId', title: CardCodeField.batchId, width: 80 },
          { key: 'status', title: CardCodeField.status, kind: 'dict', dict: CardCodeStatus, width: 100 },
          {
            key: 'voided',
            title: CardCodeField.voided,
            width: 100,
            render: (value) => <DictTag dict={CardCodeVoided} value={value ? 1 : 0} />,
          },
          { key: 'cardNo', title: CardField.cardNo, width: 190 },
          { key: 'redeemedAt', title: CardCodeField.redeemedAt, kind: 'dateTime', sortable: true },
          { key: 'createTime', title: CardCodeField.createTime, kind: 'dateTime', hidden: true },
        ],
        toolbar: () => <RedeemCode />,
        rowActions: (row, { reload }) =>
          row.status === CARD_CODE_STATUS.notRedeemed && !row.voided ? (
            <VoidCodes
              body={{ ids: [row.id] }}
              question={question('voidCodeConfirm', { code: row.code })}
              onDone={reload}
            />
          ) : null,
        actionWidth: 100,
      }),
    }),
    [kindId, question],
  );
}

function KindCodes({ kindId }: { kindId: number }) {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const kind = useQuery({
    queryKey: [cardKindApi.query, kindId],
    queryFn: () => get<CardKindRow>(cardKindApi.query, { id: kindId }, { silent: true }),
  });
  const lists = useLists(kindId);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(KIND_LIST_PATH)}>
      {t('backToList')}
    </Button>
  );
  return (
    <Flex vertical gap={12}>
      <Card size="small" title={back} extra={kind.data && t('codesTitle', { name: kind.data.name })} />
      <ListPage definition={lists.batches} />
      <ListPage definition={lists.codes} />
    </Flex>
  );
}

/** /VipCard/cardCodes?kindId=: the redeem code batches of a kind, its codes, export, void and redeem. */
export default function CardCodesPage() {
  const [params] = useSearchParams();
  const kindId = Number(params.get('kindId'));
  if (!Number.isInteger(kindId) || kindId <= 0) return <Empty />;
  return <KindCodes key={kindId} kindId={kindId} />;
}
