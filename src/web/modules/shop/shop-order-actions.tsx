import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  shopAftersaleApi,
  ShopAftersaleRejectSchema,
  ShopCloseSchema,
  ShopMerchantRefundSchema,
  shopOrderApi,
  ShopShipSchema,
  type ShopAftersaleRow,
  type ShopOrderLine,
  type ShopRefundRow,
} from '../../../shared/api/shop-orders.ts';
import { AFTER_SALE_STATUS, AFTER_SALE_TYPE, type ShopOrderStatusCode } from '../../../shared/dict/shop.ts';
import { ShopOrderField } from '../../../shared/dict/shop-orders.ts';
import {
  shopTransitionRows,
  type ShopOrderTransitionId,
} from '../../../shared/domain/shop-order-transitions.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { FormAction, type FormActionProps } from '../../components/form-action.tsx';
import { listQueryKey, useLabel } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { fetchShopOrder, PrintSlipButton, shopOrderQueryKey } from './shop-order-parts.tsx';

// The staff's moves of a shop order and of an after-sales request (S4-S23), each in a dialog or a confirm.

/** Everything an order's or a request's change may have touched. */
const REFRESH = [
  listQueryKey(shopOrderApi.page),
  listQueryKey(shopAftersaleApi.page),
  [shopOrderApi.query],
  [shopAftersaleApi.query],
] as const;

/** Whether one transition of the machine leaves this status (and, for S17 rows, this status before the request). */
function allows(id: ShopOrderTransitionId, status: number, before: number | null, to?: ShopOrderStatusCode) {
  return shopTransitionRows(id, to).some(
    (t) =>
      (t.from as readonly number[]).includes(status) &&
      (!t.before || (before != null && (t.before as readonly number[]).includes(before))),
  );
}

/**
 * The staff moves an order's status allows, read from the machine's table
 * (src/shared/domain/shop-order-transitions.ts): ship S6 (or S17 after a rejected request made
 * before shipment), the merchant's refund S8, close S4 (unpaid) or archive S23.
 */
export function orderMoves(order: { status: number; statusBeforeRefund: number | null }) {
  const { status, statusBeforeRefund: before } = order;
  return {
    ship: allows('S6', status, before) || allows('S17', status, before, 301),
    refund: allows('S8', status, before),
    close: allows('S4', status, before) || allows('S23', status, before),
    retryRefund: allows('S19', status, before),
  };
}

type OrderRef = { id: number; orderNo: string; status: number; statusBeforeRefund: number | null };

/** S6: the carrier and tracking number, checked with ShopShipSchema. */
export function ShipAction({
  order,
  onDone,
  link,
}: {
  order: OrderRef;
  onDone?: () => void;
  link?: boolean;
}) {
  const { t } = useTranslation('shop');
  const label = useLabel();
  return (
    <FormAction
      perm="shop:order:ship"
      text={t('ship')}
      title={t('shipTitle', { no: order.orderNo })}
      fields={['carrier', 'trackingNo']}
      schema={ShopShipSchema}
      toBody={(v) => ({ id: order.id, carrier: v.carrier ?? '', trackingNo: v.trackingNo ?? '' })}
      send={(body) => post(shopOrderApi.ship, body)}
      refresh={REFRESH}
      allValues
      width={560}
      onDone={onDone}
      testId="shop-order-ship"
      link={link}
    >
      <Form.Item name="carrier" label={label(ShopOrderField.carrier)} required>
        <Input maxLength={30} placeholder={t('carrierPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="trackingNo"
        label={label(ShopOrderField.trackingNo)}
        extra={t('trackingHint')}
        required
      >
        <Input maxLength={40} />
      </Form.Item>
    </FormAction>
  );
}

/** The lines' quantities to refund (none: the whole order), with what is left of each. */
function RefundLines({ id }: { id: number }) {
  const { t } = useTranslation('shop');
  const { data } = useQuery({ queryKey: shopOrderQueryKey(id), queryFn: () => fetchShopOrder(id) });
  const lines = data?.lines ?? [];
  return (
    <Table<ShopOrderLine>
      rowKey="id"
      size="small"
      pagination={false}
      loading={!data}
      dataSource={lines}
      columns={[
        { key: 'goods', title: t('sectionLines'), render: (_, l) => `${l.goodsName} ${l.specText}` },
        {
          key: 'left',
          title: t('quantity'),
          render: (_, l) => t('refundable', { n: l.quantity - l.refundedQuantity }),
        },
        {
          key: 'qty',
          title: t('refundQuantity'),
          render: (_, l) => (
            <Form.Item name={['qty', String(l.id)]} noStyle>
              <InputNumber
                min={0}
                max={l.quantity - l.refundedQuantity}
                precision={0}
                disabled={l.quantity === l.refundedQuantity}
                aria-label={`${t('refundQuantity')} ${l.goodsName}`}
              />
            </Form.Item>
          ),
        },
      ]}
    />
  );
}

/** The merchant's refund: the whole order (S8), or some lines' quantities; a reason either way. */
export function RefundAction({
  order,
  onDone,
  link,
}: {
  order: OrderRef & { payAmount: number };
  onDone?: () => void;
  link?: boolean;
}) {
  const { t } = useTranslation('shop');
  return (
    <FormAction
      perm="shop:order:refund"
      text={t('merchantRefund')}
      title={t('refundTitle', { no: order.orderNo })}
      hint={t('refundHint', { amount: formatMoney(order.payAmount) })}
      fields={['reason', 'lines']}
      schema={ShopMerchantRefundSchema}
      toBody={(v) => {
        const qty = (v.qty ?? {}) as Record<string, number | null>;
        const lines = Object.entries(qty)
          .filter(([, n]) => typeof n === 'number' && n > 0)
          .map(([lineId, quantity]) => ({ lineId: Number(lineId), quantity: quantity! }));
        return { id: order.id, reason: v.reason ?? '', ...(lines.length ? { lines } : {}) };
      }}
      send={(body) => post(shopOrderApi.refund, body)}
      refresh={REFRESH}
      allValues
      width={560}
      onDone={onDone}
      danger
      testId="shop-order-refund"
      link={link}
    >
      <RefundLines id={order.id} />
      <Form.Item name="reason" label={t('reason')} required style={{ marginTop: 16 }}>
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormAction>
  );
}

/** A move that asks for a reason (close, reject) and posts it with the record's id. */
function ReasonAction({
  id,
  url,
  ...props
}: Omit<FormActionProps, 'fields' | 'toBody' | 'send' | 'refresh' | 'children'> & {
  id: number;
  url: string;
}) {
  const { t } = useTranslation('shop');
  return (
    <FormAction
      {...props}
      fields={['reason']}
      toBody={(v) => ({ id, reason: v.reason ?? '' })}
      send={(body) => post(url, body)}
      refresh={REFRESH}
      allValues
      width={560}
      danger
    >
      <Form.Item name="reason" label={t('reason')} required>
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormAction>
  );
}

/** Close an unpaid order (S4) or archive a cancelled or refunded one (S23): asks, with a reason. */
export function CloseAction({
  order,
  onDone,
  link,
}: {
  order: OrderRef;
  onDone?: () => void;
  link?: boolean;
}) {
  const { t } = useTranslation('shop');
  return (
    <ReasonAction
      perm="shop:order:close"
      text={t('closeOrder')}
      title={t('closeTitle', { no: order.orderNo })}
      hint={t('closeHint')}
      schema={ShopCloseSchema}
      id={order.id}
      url={shopOrderApi.close}
      onDone={onDone}
      testId="shop-order-close"
      link={link}
    />
  );
}

/** The order's actions its status allows (row or page); view is the list's own. */
export function OrderActions({
  order,
  onDone,
  link = true,
}: {
  order: OrderRef & { payAmount: number };
  onDone?: () => void;
  link?: boolean;
}) {
  const moves = orderMoves(order);
  return (
    <>
      {moves.ship && <ShipAction order={order} onDone={onDone} link={link} />}
      {moves.ship && <PrintSlipButton id={order.id} link={link} />}
      {moves.refund && <RefundAction order={order} onDone={onDone} link={link} />}
      {moves.close && <CloseAction order={order} onDone={onDone} link={link} />}
    </>
  );
}

/** A failed refund (S19): try again, or record it paid back outside the system. */
export function RetryRefundActions({ refund, orderStatus }: { refund: ShopRefundRow; orderStatus: number }) {
  const { t } = useTranslation('shop');
  if (refund.status !== 'failed' || !allows('S19', orderStatus, null)) return null;
  return (
    <Space size={0}>
      <ConfirmAction
        perm="shop:order:refund"
        title={t('retryRefundConfirm')}
        action={() => post(shopOrderApi.retryRefund, { refundId: refund.id })}
        refresh={REFRESH}
        button={{ type: 'link', size: 'small', 'data-testid': 'shop-refund-retry' }}
      >
        {t('retryRefund')}
      </ConfirmAction>
      <ConfirmAction
        perm="shop:order:refund"
        title={t('markExternalConfirm')}
        action={() => post(shopOrderApi.retryRefund, { refundId: refund.id, external: true })}
        refresh={REFRESH}
      >
        {t('markExternal')}
      </ConfirmAction>
    </Space>
  );
}

/** An open request's review: goods back (a return, once), approve (S13), reject with a reason (S14). */
export function AftersaleActions({
  row,
  onDone,
  link = true,
}: {
  row: ShopAftersaleRow;
  onDone?: () => void;
  link?: boolean;
}) {
  const { t } = useTranslation('shop');
  if (row.status !== AFTER_SALE_STATUS.requested) return null;
  const button = link ? ({ type: 'link', size: 'small' } as const) : ({} as const);
  return (
    <>
      {row.type === AFTER_SALE_TYPE.returnRefund && !row.goodsReceivedTime && (
        <ConfirmAction
          perm="shop:aftersale:audit"
          title={t('receiveConfirm')}
          action={() => post(shopAftersaleApi.receive, { id: row.id })}
          refresh={REFRESH}
          onSuccess={onDone}
          button={{ ...button, 'data-testid': 'shop-aftersale-receive' }}
        >
          {t('receiveGoods')}
        </ConfirmAction>
      )}
      <ConfirmAction
        perm="shop:aftersale:audit"
        title={t('approveConfirm', { no: row.requestNo, amount: formatMoney(row.amount) })}
        description={t('approveHint')}
        action={() => post(shopAftersaleApi.approve, { id: row.id })}
        refresh={REFRESH}
        onSuccess={onDone}
        button={{ ...button, 'data-testid': 'shop-aftersale-approve' }}
      >
        {t('approve')}
      </ConfirmAction>
      <ReasonAction
        perm="shop:aftersale:audit"
        text={t('reject')}
        title={t('rejectTitle', { no: row.requestNo })}
        hint={t('rejectHint')}
        schema={ShopAftersaleRejectSchema}
        id={row.id}
        url={shopAftersaleApi.reject}
        onDone={onDone}
        testId="shop-aftersale-reject"
        link={link}
      />
    </>
  );
}
