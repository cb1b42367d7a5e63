import { sql } from 'drizzle-orm';
import { formatCents } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { queueMessage, useOfChannel, type MessageKind, type QueuedMessage } from '../messaging/index.ts';
import type { OrderListener, OrderRecord } from '../orders/index.ts';

/** SMS template 2 (spec §9 "ticket payment"), sent when a ticket order is paid. */
export const ticketPaidKind: MessageKind = {
  template: 2,
  variables: [
    { name: 'area', sample: '青山湖风景区' },
    { name: 'orderNo', sample: 'T202611281030001234' },
    { name: 'product', sample: '成人票' },
    { name: 'quantity', sample: '2' },
    { name: 'date', sample: '2026-11-29' },
    { name: 'amount', sample: '196.00' },
  ],
  text: '【${area}】您的订单${orderNo}已支付${amount}元，${product}共${quantity}张，游玩日期${date}，请凭二维码或身份证入园。',
};

/** The template 2 message of a paid order: its products (the first, and how many more), count, day and amount. */
export async function ticketPaidMessage(
  db: Db,
  order: OrderRecord,
  eventKey: string,
): Promise<QueuedMessage> {
  const rows = await queryRows<{ area: string; product: string }>(
    db,
    sql`select a.name as area, p.name as product from order_tickets t
        join ticket_products p on p.id = t.product_id join scenic_areas a on a.id = t.scenic_id
        where t.order_id = ${order.id} group by a.name, p.name order by min(t.id)`,
  );
  const products = rows.map((r) => r.product);
  return {
    scenicId: order.scenicId,
    template: 2,
    phone: order.buyerPhone,
    variables: {
      area: rows[0]?.area ?? '',
      orderNo: order.orderNo,
      product: products.length > 1 ? `${products[0]}等${products.length}种` : (products[0] ?? ''),
      quantity: String(order.ticketCount),
      date: order.visitDate,
      amount: formatCents(order.paidAmount || order.totalAmount),
    },
    eventKey,
    ref: order.orderNo,
    use: useOfChannel(order.channel),
  };
}

/** Queues template 2 in the payment's transaction (T2, T3); a late payment (T6) is refunded, not announced. */
export const ticketPaidListener: OrderListener = {
  name: 'ticketPaidSms',
  async paid(tx, order, _now, late) {
    if (late || !order.buyerPhone) return;
    await queueMessage(tx, await ticketPaidMessage(tx, order, `ticketPaid:${order.orderNo}`));
  },
};
