import { sql } from 'drizzle-orm';
import { formatCents } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { areaDay, DEFAULT_TIME_ZONE } from '../../lib/area-clock.ts';
import { queueMessage, type MessageKind } from '../messaging/index.ts';
import type { CardOrder } from './card-orders.table.ts';

const AREA = { name: 'area', sample: '青山湖风景区' } as const;
const ORDER_NO = { name: 'orderNo', sample: 'C202611281030001234' } as const;
const AMOUNT = { name: 'amount', sample: '299.00' } as const;

/** SMS template 4 (spec §9 "pass-card payment"), queued when a card order is paid (C2, C3). */
export const cardPaidKind: MessageKind = {
  template: 4,
  variables: [
    AREA,
    ORDER_NO,
    { name: 'product', sample: '湖山年卡' },
    AMOUNT,
    { name: 'date', sample: '2026-11-28' },
  ],
  text: '【${area}】您已成功购买${product}，订单号${orderNo}，金额${amount}元（${date}），请激活后使用。',
};

/** SMS template 7 (spec §9 "pass-card refund"), queued when a card order is refunded (C7, C8). */
export const cardRefundKind: MessageKind = {
  template: 7,
  variables: [AREA, ORDER_NO, AMOUNT],
  text: '【${area}】您的畅游卡订单${orderNo}已退款${amount}元。',
};

/**
 * Queues template 4 (paid) or 7 (refunded, `amount` given back) to the buyer, in the caller's
 * transaction; nothing when the area has the template off or the phone is not a mobile.
 */
export async function queueCardMessage(
  tx: Db,
  order: CardOrder,
  event: { template: 4 | 7; amount: number; at: Date },
): Promise<void> {
  const [facts] = await queryRows<{ area: string; product: string; zone: string }>(
    tx,
    sql`select a.name as area, k.name as product, a.time_zone as zone
        from card_kinds k join scenic_areas a on a.id = k.scenic_id where k.id = ${order.kindId}`,
  );
  const amount = formatCents(event.amount);
  const common = { area: facts?.area ?? '', orderNo: order.orderNo, amount };
  await queueMessage(tx, {
    scenicId: order.scenicId,
    template: event.template,
    phone: order.buyerPhone,
    variables:
      event.template === 4
        ? {
            ...common,
            product: facts?.product ?? '',
            date: areaDay(event.at, facts?.zone ?? DEFAULT_TIME_ZONE),
          }
        : common,
    eventKey: `${event.template === 4 ? 'cardPaid' : 'cardRefunded'}:${order.orderNo}`,
    ref: order.orderNo,
  });
}
