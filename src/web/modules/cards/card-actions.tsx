import { Form, Input, Space } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  cardApi,
  CardExtendSchema,
  CardHolderUpdateSchema,
  cardOrderApi,
  CardReasonSchema,
  type CardRow,
} from '../../../shared/api/cards.ts';
import { CARD_STATE, CardField } from '../../../shared/dict/cards.ts';
import { FormAction, PromptAction } from '../../components/form-action.tsx';
import { listQueryKey, useLabel } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { HOLDER_FIELDS, HolderFields, HolderFormSchema, nest } from './card-form.tsx';
import { REASON_FIELD } from './card-order-actions.tsx';
import { CARD_DETAIL_PATH } from './paths.ts';

const UPDATE = 'admin:card:update';
const LISTS = [cardApi.page, cardOrderApi.page];
const ReasonOnly = CardReasonSchema.omit({ id: true });
const HolderReasonSchema = HolderFormSchema.extend({ reason: CardHolderUpdateSchema.shape.reason });

interface Props {
  card: CardRow;
  onDone: () => void;
}

// a masked value (138****1234) is not the holder's: it is typed again, not sent back
const shown = (value: string) => (value.includes('*') ? '' : value);

/** Activate (C5) or edit the holder (with a reason): the `holder.…` fields the server's 400 names. */
function HolderAction({ card, onDone, edit }: Props & { edit: boolean }) {
  const { t } = useTranslation('cards');
  const label = useLabel();
  return (
    <FormAction
      perm={UPDATE}
      text={t(edit ? 'editHolder' : 'activate')}
      title={t(edit ? 'editHolderTitle' : 'activateTitle', { cardNo: card.cardNo })}
      hint={t(edit ? 'editHolderHint' : 'activateHint')}
      fields={edit ? [...HOLDER_FIELDS, 'reason'] : HOLDER_FIELDS}
      schema={edit ? HolderReasonSchema : HolderFormSchema}
      send={(v) => post(edit ? cardApi.updateHolder : cardApi.activate, { ...nest(v), id: card.id })}
      refresh={LISTS.map((url) => listQueryKey(url))}
      onDone={onDone}
      link={false}
      name={edit ? 'cardHolderEdit' : 'cardActivate'}
      width={560}
      onOpen={(form) =>
        edit &&
        form.setFieldsValue({
          'holder.name': card.holderName,
          'holder.idNumber': shown(card.holderIdNumber),
          'holder.phone': shown(card.holderPhone),
          'holder.facePhoto': card.facePhoto,
        })
      }
    >
      <HolderFields />
      {edit && (
        <Form.Item name="reason" label={label(CardField.reason)} required>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      )}
    </FormAction>
  );
}

/** A change of the card with a reason (freeze, unfreeze, replace, extend). */
function ReasonAction({
  card,
  onDone,
  action,
  danger,
}: Props & { action: 'freeze' | 'unfreeze' | 'extend'; danger?: boolean }) {
  const { t } = useTranslation('cards');
  const extend = action === 'extend';
  return (
    <PromptAction
      perm={UPDATE}
      text={t(action)}
      title={t(`${action}Title`, { cardNo: card.cardNo })}
      hint={t(`${action}Hint`)}
      fields={
        extend ? [{ name: 'days', label: 'cards:extendDays', required: true }, REASON_FIELD] : [REASON_FIELD]
      }
      schema={extend ? CardExtendSchema.omit({ id: true }) : ReasonOnly}
      send={(v) => post(cardApi[action], { ...v, id: card.id })}
      refresh={LISTS}
      onDone={onDone}
      danger={danger}
      link={false}
      name={`card-${action}`}
    />
  );
}

/** Replace a lost card (asked in the dialog, with a reason), then open the new one. */
function ReplaceAction({ card }: Props) {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const fresh = useRef<number | null>(null);
  return (
    <PromptAction
      perm={UPDATE}
      text={t('replace')}
      title={t('replaceTitle', { cardNo: card.cardNo })}
      hint={t('replaceHint')}
      fields={[REASON_FIELD]}
      schema={ReasonOnly}
      send={async (v) => {
        const next = await post<CardRow>(cardApi.replace, { ...v, id: card.id });
        fresh.current = next.id;
        return next;
      }}
      refresh={LISTS}
      onDone={() => void navigate(`${CARD_DETAIL_PATH}?id=${fresh.current}`)}
      danger
      link={false}
      name="card-replace"
    />
  );
}

/** docs/domain.md "The card": what staff may do in each state. */
export function CardActions({ card, onDone }: Props) {
  const { notActivated, active, frozen } = CARD_STATE;
  const live = [notActivated, active, frozen].includes(card.state as 1);
  if (!live) return null;
  // extending moves valid_until: a timed card, active or frozen
  const timed = card.validUntil != null && card.state !== notActivated;
  return (
    <Space wrap>
      {card.state === notActivated && <HolderAction card={card} onDone={onDone} edit={false} />}
      {card.state === active && <ReasonAction card={card} onDone={onDone} action="freeze" danger />}
      {card.state === frozen && <ReasonAction card={card} onDone={onDone} action="unfreeze" />}
      {timed && <ReasonAction card={card} onDone={onDone} action="extend" />}
      <HolderAction card={card} onDone={onDone} edit />
      <ReplaceAction card={card} onDone={onDone} />
    </Space>
  );
}
