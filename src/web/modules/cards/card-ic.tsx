import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { cardGateApi, CardBindIcSchema } from '../../../shared/api/card-gate.ts';
import { cardApi, type CardRow } from '../../../shared/api/cards.ts';
import { CARD_STATE } from '../../../shared/dict/cards.ts';
import { PromptAction } from '../../components/form-action.tsx';
import { post } from '../../lib/request.ts';

const LIVE: number[] = [CARD_STATE.notActivated, CARD_STATE.active, CARD_STATE.frozen];

/** The IC card bound to the card (docs/domain.md "At the gate"), and staff's binding of another one. */
export function CardIc({ card, onDone }: { card: CardRow; onDone: () => void }) {
  const { t } = useTranslation('cards');
  return (
    <Space>
      <span>{card.icNo || '—'}</span>
      {LIVE.includes(card.state) && (
        <PromptAction
          perm="admin:card:update"
          text={t('bindIc')}
          title={t('bindIcTitle', { cardNo: card.cardNo })}
          hint={t('bindIcHint')}
          fields={[{ name: 'icNo', label: 'cards:icNo', maxLength: 32 }]}
          schema={CardBindIcSchema.omit({ id: true })}
          initialValues={{ icNo: card.icNo }}
          send={(v) => post(cardGateApi.bindIc, { ...v, id: card.id })}
          refresh={[cardApi.page]}
          onDone={onDone}
          name="card-bindIc"
        />
      )}
    </Space>
  );
}
