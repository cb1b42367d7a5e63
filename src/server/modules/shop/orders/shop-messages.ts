import { sql } from 'drizzle-orm';
import { formatCents } from '../../../../shared/money.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { queueMessage, type MessageKind, type QueuedMessage } from '../../messaging/index.ts';

/** SMS template 3 (spec §9 "mall payment"), queued when a shop order is paid (S2). */
export const shopPaidKind: MessageKind = {
  template: 3,
  variables: [
    { name: 'area', sample: '青山湖风景区' },
    { name: 'orderNo', sample: 'S202611281030001234' },
    { name: 'product', sample: '青山湖明信片' },
    { name: 'amount', sample: '39.00' },
  ],
  text: '【${area}】您在景区商城的订单${orderNo}（${product}）已支付${amount}元，我们将尽快为您发货。',
};

/** SMS template 6 (spec §9 "mall refund"), queued when a shop order's refund is confirmed (S18). */
export const shopRefundKind: MessageKind = {
  template: 6,
  variables: [
    { name: 'area', sample: '青山湖风景区' },
    { name: 'orderNo', sample: 'S202611281030001234' },
    { name: 'amount', sample: '39.00' },
  ],
  text: '【${area}】您的商城订单${orderNo}已退款${amount}元，预计1-3个工作日原路退回。',
};

/** What a shop order's message is built from (`SHOP_MESSAGE_FACTS`). */
export interface ShopMessageFacts {
  phone: string;
  area: string;
  goods: string | null;
  kinds: number;
}

/**
 * The columns of `ShopMessageFacts` for a shop order `o` joined to its area `a`: the receiver's phone,
 * the area's name, the first line's goods and how many lines.
 */
export const SHOP_MESSAGE_FACTS = sql`o.receiver_phone as phone, a.name as area,
  (select l.goods_name from shop_order_lines l where l.order_id = o.id order by l.id limit 1) as goods,
  (select count(*)::int from shop_order_lines l where l.order_id = o.id) as kinds`;

/** Template 3 or 6 of a shop order as it is queued: the live events' and the demo history's. */
export function shopMessage(
  facts: ShopMessageFacts,
  order: { scenicId: number; orderNo: string },
  event: { template: 3 | 6; amount: number },
) {
  const amount = formatCents(event.amount);
  const kinds = Number(facts.kinds);
  const variables: Record<string, string> =
    event.template === 3
      ? {
          area: facts.area,
          orderNo: order.orderNo,
          product: kinds > 1 ? `${facts.goods}等${kinds}件` : (facts.goods ?? ''),
          amount,
        }
      : { area: facts.area, orderNo: order.orderNo, amount };
  return {
    scenicId: order.scenicId,
    template: event.template,
    phone: facts.phone,
    variables,
    eventKey: `${event.template === 3 ? 'shopPaid' : 'shopRefunded'}:${order.orderNo}`,
    ref: order.orderNo,
    use: 6,
  } satisfies QueuedMessage;
}

/** Queues template 3 or 6 for a shop order's receiver, in the caller's transaction (the mini-program's use). */
export async function queueShopMessage(
  tx: Db,
  order: { id: number; scenicId: number; orderNo: string },
  event: { template: 3 | 6; amount: number },
): Promise<void> {
  const [row] = await queryRows<ShopMessageFacts>(
    tx,
    sql`select ${SHOP_MESSAGE_FACTS}
        from shop_orders o join scenic_areas a on a.id = o.scenic_id where o.id = ${order.id}`,
  );
  if (!row?.phone) return;
  await queueMessage(tx, shopMessage(row, order, event));
}
