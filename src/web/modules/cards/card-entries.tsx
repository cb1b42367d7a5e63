import { useTranslation } from 'react-i18next';
import { cardGateApi, type CardEntryRow } from '../../../shared/api/card-gate.ts';
import { CheckinResult, GardenLogField } from '../../../shared/dict/checkin.ts';
import { CardReadMode } from '../../../shared/dict/gates.ts';
import { GateDirection } from '../../../shared/dict/order.ts';
import { DetailCard, dateTimeText as time } from '../../components/detail-parts.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { GateName } from '../../components/gate-name.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { SubList } from '../../components/sub-list.tsx';

/** The card's gate events from the gate log (its own number's and its predecessors'), newest first, paged. */
export function CardEntries({ cardId }: { cardId: number }) {
  const { t } = useTranslation('cards');
  const f = useLabel();
  return (
    <DetailCard title={t('entries')}>
      <SubList<CardEntryRow>
        url={cardGateApi.entries}
        params={{ id: cardId }}
        columns={[
          { key: 'time', title: f(GardenLogField.scannedAt), render: (_, r) => time(r.scannedAt) },
          {
            key: 'gate',
            title: f(GardenLogField.gate),
            render: (_, r) => <GateName gateId={r.gateId} name={r.gateName} />,
          },
          {
            key: 'direction',
            title: f(GardenLogField.direction),
            render: (_, r) => <DictTag dict={GateDirection} value={r.direction} />,
          },
          {
            key: 'readMode',
            title: f(GardenLogField.readMode),
            render: (_, r) =>
              r.readMode == null ? null : <DictTag dict={CardReadMode} value={r.readMode} />,
          },
          { key: 'cardNo', dataIndex: 'cardNo', title: f(GardenLogField.cardNo) },
          {
            key: 'result',
            title: f(GardenLogField.result),
            render: (_, r) => <DictTag dict={CheckinResult} value={r.result} fallback={r.result} />,
          },
        ]}
      />
    </DetailCard>
  );
}
