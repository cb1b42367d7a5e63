import { Space } from 'antd';
import { cardKindApi, type CardKindRow } from '../../../shared/api/cards.ts';
import { CardSaleSource, cardEntryText, cardValidityText } from '../../../shared/dict/cards.ts';
import { SHELF } from '../../../shared/dict/product.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useTranslation } from 'react-i18next';

/** 永久有效, 激活后 365 天 or 2026-01-01 至 2026-12-31. */
export function ValidityText({ kind }: { kind: CardKindRow }) {
  const { lang } = useSettings();
  return <>{cardValidityText(kind, lang)}</>;
}

/** 每日 1 次，共 60 次. */
export function EntryText({ kind }: { kind: CardKindRow }) {
  const { lang } = useSettings();
  return <>{cardEntryText(kind, lang)}</>;
}

export function ChannelTags({ channels }: { channels: readonly string[] }) {
  return (
    <Space size={[0, 4]} wrap>
      {channels.map((c) => (
        <DictTag key={c} dict={CardSaleSource} value={c} />
      ))}
    </Space>
  );
}

/** A row's shelf switch: on shelf ↔ off shelf, after the user confirms. */
export function ShelfSwitch({ kind, onDone }: { kind: CardKindRow; onDone: () => void }) {
  const { t } = useTranslation('cards');
  const on = kind.status === SHELF.on;
  return (
    <ConfirmAction
      perm="admin:card:kind:update"
      title={t(on ? 'shelfOffConfirm' : 'shelfOnConfirm', { name: kind.name })}
      okDanger={on}
      action={() => post(cardKindApi.shelf, { ids: [kind.id], status: on ? SHELF.off : SHELF.on })}
      onSuccess={onDone}
    >
      {t(on ? 'shelfOff' : 'shelfOn')}
    </ConfirmAction>
  );
}
