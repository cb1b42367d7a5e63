import { sql } from 'drizzle-orm';
import { formatCents } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { queueMessage, useOfChannel, type MessageKind } from '../messaging/index.ts';

/** SMS template 5 (spec §9 "ticket refund"), queued when tickets are refunded with money back. */
export const ticketRefundKind: MessageKind = {
  template: 5,
  variables: [
    { name: 'area', sample: '青山湖风景区' },
    { name: 'orderNo', sample: 'T202611281030001234' },
    { name: 'amount', sample: '98.00' },
  ],
  text: '【${area}】您的订单${orderNo}已退款${amount}元，预计1-3个工作日原路退回，请注意查收。',
};

/** Queues template 5 for the order's buyer in the refund's transaction; the first refund row names the event. */
export async function queueRefundMessage(
  tx: Db,
  input: { scenicId: number; orderId: number; amount: number; refundId: number },
): Promise<void> {
  if (input.amount <= 0) return;
  const [order] = await queryRows<{ order_no: string; channel: number; buyer_phone: string; area: string }>(
    tx,
    sql`select o.order_no, o.channel, o.buyer_phone, a.name as area
        from ticket_orders o join scenic_areas a on a.id = o.scenic_id
        where o.id = ${input.orderId} and o.scenic_id = ${input.scenicId}`,
  );
  if (!order?.buyer_phone) return;
  await queueMessage(tx, {
    scenicId: input.scenicId,
    template: 5,
    phone: order.buyer_phone,
    variables: { area: order.area, orderNo: order.order_no, amount: formatCents(input.amount) },
    eventKey: `ticketRefund:${input.refundId}`,
    ref: order.order_no,
    use: useOfChannel(Number(order.channel)),
  });
}
