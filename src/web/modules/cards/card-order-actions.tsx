import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  cardApi,
  cardOrderApi,
  CardOrderCreateSchema,
  CardOrderRefundSchema,
  CardOrderVoidSchema,
  CardRefundOutsideSchema,
  type CardOrderRow,
} from '../../../shared/api/cards.ts';
import { CARD_ORDER_STATUS, CardField, CardPayWay } from '../../../shared/dict/cards.ts';
import { ONLINE_PAY_WAYS } from '../../../shared/api/payments.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { formatMoney } from '../../../shared/money.ts';
import { Can } from '../../components/can.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { PromptAction, type PromptField } from '../../components/form-action.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { FormDrawer, listQueryKey, type FormDef, type FormMode } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { dotted, HolderFormSchema, nest, SaleKindSelect } from './card-form.tsx';

const REFUND = 'admin:card:order:refund';
const REFRESH = [cardOrderApi.page, cardApi.page];

/** Why staff refund, void, freeze…: kept in the audit. */
export const REASON_FIELD: PromptField = {
  name: 'reason',
  label: CardField.reason,
  kind: 'textarea',
  maxLength: 200,
  required: true,
  showCount: true,
};

// docs/domain.md "Travel card" C7, C8 and C10: refund and void from paid, effective or in use
const OPEN = [CARD_ORDER_STATUS.paid, CARD_ORDER_STATUS.effective, CARD_ORDER_STATUS.inUse] as number[];

const RefundSchema = CardOrderRefundSchema.omit({ id: true });
// C8: a card in use is refunded only by the amount staff choose
const RefundUsedSchema = RefundSchema.required({ amount: true });

/** An empty amount is left out (the whole amount of an unused card). */
const withoutEmpty = (v: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(v).filter(([, value]) => value != null && value !== ''));

/** Refund (C7, or C8 with an amount for an order in use) and void (C10), each with a reason. */
export function CardOrderActions({ row, onDone }: { row: CardOrderRow; onDone: () => void }) {
  const { t } = useTranslation('cards');
  if (!OPEN.includes(row.status)) return null;
  const inUse = row.status === CARD_ORDER_STATUS.inUse;
  // paid by WeChat Pay or Alipay: the money goes back through the provider (card_refunds)
  const online = row.payWay != null && (ONLINE_PAY_WAYS as readonly number[]).includes(row.payWay);
  const vars = { orderNo: row.orderNo, amount: formatMoney(row.amount) };
  const amount: PromptField = { name: 'amount', label: 'cards:refundAmount', kind: 'money', required: true };
  return (
    <>
      <PromptAction
        perm={REFUND}
        text={t('refund')}
        title={t('refundTitle', vars)}
        hint={
          online
            ? `${t(inUse ? 'refundUsedHint' : 'refundHint', vars)} ${t('refundOnlineHint')}`
            : t(inUse ? 'refundUsedHint' : 'refundHint', vars)
        }
        fields={inUse ? [amount, REASON_FIELD] : [REASON_FIELD]}
        schema={inUse ? RefundUsedSchema : RefundSchema}
        toBody={withoutEmpty}
        send={(v) => post(cardOrderApi.refund, { ...v, id: row.id })}
        refresh={REFRESH}
        onDone={onDone}
        danger
        name="cardOrderRefund"
      />
      <PromptAction
        perm={REFUND}
        text={t('void')}
        title={t('voidTitle', vars)}
        hint={t('voidHint')}
        fields={[REASON_FIELD]}
        schema={CardOrderVoidSchema.omit({ id: true })}
        send={(v) => post(cardOrderApi.void, { ...v, id: row.id })}
        refresh={REFRESH}
        onDone={onDone}
        danger
        name="cardOrderVoid"
      />
    </>
  );
}

/**
 * A refund the provider failed to make (退款进度 "退款失败"): send it again, or record it as paid back
 * by other means with how (docs/payments.md "Travel cards"). Shown only while one failed.
 */
export function CardRefundFailedActions({ row, onDone }: { row: CardOrderRow; onDone: () => void }) {
  const { t } = useTranslation('cards');
  if (row.refundStatus !== 'failed') return null;
  return (
    <>
      <ConfirmAction
        perm={REFUND}
        title={t('retryRefundConfirm')}
        description={
          row.refundFailReason ? t('retryRefundHint', { reason: row.refundFailReason }) : undefined
        }
        action={() => post(cardOrderApi.retryRefund, { id: row.id })}
        refresh={REFRESH.map((url) => listQueryKey(url))}
        onSuccess={onDone}
        button={{ type: 'link', size: 'small', 'data-testid': 'card-refund-retry' }}
      >
        {t('retryRefund')}
      </ConfirmAction>
      <PromptAction
        perm={REFUND}
        text={t('refundOutside')}
        title={t('refundOutsideTitle', { orderNo: row.orderNo })}
        hint={t('refundOutsideHint')}
        fields={[REASON_FIELD]}
        schema={CardRefundOutsideSchema.omit({ id: true })}
        send={(v) => post(cardOrderApi.refundOutside, { ...v, id: row.id })}
        refresh={REFRESH}
        onDone={onDone}
        name="cardRefundOutside"
      />
    </>
  );
}

// the sale's form names the buyer's and holder's fields by their paths (card-form.tsx)
const SellFormSchema = z
  .object({
    kindId: CardOrderCreateSchema.shape.kindId,
    ...dotted('buyer', CardOrderCreateSchema.shape.buyer),
    payWay: CardOrderCreateSchema.shape.payWay,
    ...HolderFormSchema.shape,
  })
  .strict();

/** The sale's body: the holder only when one is given (the card is then activated at once, C5). */
function sellBody(data: unknown): Record<string, unknown> {
  const body = nest(data as Record<string, unknown>);
  if (Object.values(body.holder as Record<string, string>).every((v) => !v)) delete body.holder;
  return body;
}

const sellForm: FormDef<CardOrderRow> = {
  createUrl: cardOrderApi.create,
  createSchema: SellFormSchema,
  beforeSubmit: sellBody,
  initialValues: { payWay: 1 },
  width: 560,
  fields: [
    {
      name: 'kindId',
      label: CardField.kindName,
      kind: 'custom',
      required: true,
      render: () => <SaleKindSelect />,
    },
    { name: 'buyer.name', label: CardField.buyerName, maxLength: 40, required: true },
    { name: 'buyer.phone', label: CardField.buyerPhone, maxLength: 11, required: true },
    { name: 'payWay', label: CardField.payWay, kind: 'dict', dict: CardPayWay, required: true },
    { name: 'holder.name', label: CardField.holderName, maxLength: 40, extra: 'cards:holderHint' },
    { name: 'holder.idNumber', label: CardField.holderIdNumber, maxLength: 18 },
    { name: 'holder.phone', label: CardField.holderPhone, maxLength: 11 },
    {
      name: 'holder.facePhoto',
      label: CardField.facePhoto,
      kind: 'custom',
      render: () => <ImageUpload action={storageApi.uploadUnMove} />,
    },
  ],
};

/** C2: sell a card at the back office, paid at once offline; with a holder it is activated too. */
export function SellCard() {
  const { t } = useTranslation('cards');
  const [state, setState] = useState<{ mode: FormMode } | null>(null);
  return (
    <>
      <Can perm="admin:card:order:create">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setState({ mode: 'create' })}>
          {t('sell')}
        </Button>
      </Can>
      <FormDrawer
        form={sellForm}
        listUrl={cardOrderApi.page}
        rowKey="id"
        state={state}
        onClose={() => setState(null)}
      />
    </>
  );
}
