import { App, Button, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  cardCodeApi,
  CardCodeGenerateSchema,
  CardCodeRedeemSchema,
  MAX_CARD_CODES_PER_BATCH,
} from '../../../shared/api/cards.ts';
import { CardCodeField, CardField } from '../../../shared/dict/cards.ts';
import { Can } from '../../components/can.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { FormAction } from '../../components/form-action.tsx';
import { listQueryKey, useLabel } from '../../components/list-page/index.ts';
import { post, RequestError } from '../../lib/request.ts';
import { dotted, HOLDER_FIELDS, HolderFields, HolderFormSchema, nest } from './card-form.tsx';
import { CODES_PATH } from './paths.ts';

const UPDATE = 'admin:card:code:update';
const LISTS = [cardCodeApi.batches, cardCodeApi.page].map((url) => listQueryKey(url));
/** Above this many codes the console asks once more before generating. */
const ASK_ABOVE = 1000;

/** R1: a batch of codes of the kind (count and note); above 1,000 codes it asks first. */
export function GenerateCodes({ kindId }: { kindId: number }) {
  const { t } = useTranslation('cards');
  const label = useLabel();
  const { modal } = App.useApp();
  const confirmed = (count: number) =>
    new Promise<boolean>((resolve) => {
      void modal.confirm({
        title: t('generateManyConfirm', { count }),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  const send = async (body: Record<string, unknown>) => {
    const count = Number(body.count);
    // a refusal already "shown": the form stays open, nothing is sent
    if (count > ASK_ABOVE && !(await confirmed(count))) throw new RequestError('', 0, null, true);
    return post(cardCodeApi.generate, { ...body, kindId });
  };
  return (
    <FormAction
      perm={UPDATE}
      text={t('generateCodes')}
      title={t('generateCodes')}
      hint={t('generateHint', { max: MAX_CARD_CODES_PER_BATCH })}
      fields={['count', 'note']}
      schema={CardCodeGenerateSchema.omit({ kindId: true })}
      send={send}
      refresh={LISTS}
      link={false}
      name="cardCodeGenerate"
      initialValues={{ count: 100 }}
    >
      <Form.Item name="count" label={label(CardCodeField.count)} required>
        <InputNumber min={1} max={MAX_CARD_CODES_PER_BATCH} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="note" label={label(CardCodeField.note)}>
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
    </FormAction>
  );
}

/** R4: void a batch (its codes not redeemed) or one code, after the user confirms. */
export function VoidCodes({
  body,
  question,
  onDone,
}: {
  body: { batchId: number } | { ids: number[] };
  question: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('cards');
  return (
    <ConfirmAction
      perm={UPDATE}
      title={question}
      okDanger
      action={() => post(cardCodeApi.void, body)}
      onSuccess={onDone}
    >
      {t('void')}
    </ConfirmAction>
  );
}

// the form names the buyer's and holder's fields by their paths, as the server's 400 does
const RedeemFormSchema = z
  .object({
    code: CardCodeRedeemSchema.shape.code,
    ...dotted('buyer', CardCodeRedeemSchema.shape.buyer),
    ...HolderFormSchema.shape,
  })
  .strict();
const REDEEM_FIELDS = Object.keys(RedeemFormSchema.shape);

/** The redemption's body: the holder only when one is given (the card is then activated at once, R3). */
function redeemBody(values: Record<string, unknown>): Record<string, unknown> {
  const body = nest(values);
  if (HOLDER_FIELDS.every((name) => !values[name])) delete body.holder;
  return body;
}

/** R2 on behalf of a visitor: a code, the buyer and (optionally) the holder; a card of amount 0. */
export function RedeemCode() {
  const { t } = useTranslation('cards');
  const label = useLabel();
  return (
    <FormAction
      perm="admin:card:order:create"
      text={t('redeem')}
      title={t('redeemTitle')}
      hint={t('redeemHint')}
      fields={REDEEM_FIELDS}
      schema={RedeemFormSchema}
      send={(v) => post(cardCodeApi.redeem, redeemBody(v))}
      refresh={LISTS}
      link={false}
      name="cardCodeRedeem"
      width={560}
    >
      <Form.Item name="code" label={label(CardCodeField.code)} required>
        <Input maxLength={16} style={{ textTransform: 'uppercase' }} />
      </Form.Item>
      <Form.Item name="buyer.name" label={label(CardField.buyerName)} required>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="buyer.phone" label={label(CardField.buyerPhone)} required>
        <Input maxLength={11} />
      </Form.Item>
      <HolderFields />
    </FormAction>
  );
}

/** The kinds list's row action: the redeem codes of the kind (/VipCard/cardCodes?kindId=). */
export function CardCodesLink({ kindId }: { kindId: number }) {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  return (
    <Can perm="admin:card:code:query">
      <Button type="link" size="small" onClick={() => void navigate(`${CODES_PATH}?kindId=${kindId}`)}>
        {t('codesAction')}
      </Button>
    </Can>
  );
}
