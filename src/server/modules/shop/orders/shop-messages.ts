import { sql } from 'drizzle-orm';
import { formatCents } from '../../../../shared/money.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { queueMessage, type MessageKind } from '../../messaging/index.ts';

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

/** Queues template 3 or 6 for a shop order's receiver, in the caller's transaction (the mini-program's use). */
export async function queueShopMessage(
  tx: Db,
  order: { id: number; scenicId: number; orderNo: string },
  event: { template: 3 | 6; amount: number },
): Promise<void> {
  const [row] = await queryRows<{ phone: string; area: string; goods: string; kinds: number }>(
    tx,
    sql`select o.receiver_phone as phone, a.name as area,
          (select l.goods_name from shop_order_lines l where l.order_id = o.id order by l.id limit 1) as goods,
          (select count(*)::int from shop_order_lines l where l.order_id = o.id) as kinds
        from shop_orders o join scenic_areas a on a.id = o.scenic_id where o.id = ${order.id}`,
  );
  if (!row?.phone) return;
  const amount = formatCents(event.amount);
  await queueMessage(tx, {
    scenicId: order.scenicId,
    template: event.template,
    phone: row.phone,
    variables:
      event.template === 3
        ? {
            area: row.area,
            orderNo: order.orderNo,
            product: row.kinds > 1 ? `${row.goods}等${row.kinds}件` : (row.goods ?? ''),
            amount,
          }
        : { area: row.area, orderNo: order.orderNo, amount },
    eventKey: `${event.template === 3 ? 'shopPaid' : 'shopRefunded'}:${order.orderNo}`,
    ref: order.orderNo,
    use: 6,
  });
}
