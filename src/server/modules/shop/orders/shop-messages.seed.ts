import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { writeDemoSends, type DemoSend } from '../../messaging/index.ts';
import { SHOP_MESSAGE_FACTS, shopMessage, type ShopMessageFacts } from './shop-messages.ts';
import { DAY } from './shop-orders.seed-plan.ts';

/** At most this many of a day's shop events get their SMS in the demo's send log. */
const PER_DAY = 30;

/**
 * The demo's send log of the last week for the shop: template 3 for the orders paid (S2) and 6 for
 * those refunded in full (S18), built by `shopMessage` as the live events queue them, written through
 * messaging's `writeDemoSends` after the demo orders (shop-orders.seed.ts). Answers how many.
 */
export async function seedDemoShopMessages(db: Db, scenicId: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 7 * DAY).toISOString();
  const until = now.toISOString();
  const events = await queryRows<
    ShopMessageFacts & { template: 3 | 6; order_no: string; amount: number; happened_at: Date }
  >(
    db,
    sql`select * from (
          select e.template, e.amount, e.happened_at, o.order_no, ${SHOP_MESSAGE_FACTS},
            row_number() over (partition by date_trunc('day', e.happened_at) order by e.happened_at, e.template) as n
          from (
            select 3 as template, id as order_id, pay_amount as amount, paid_at as happened_at from shop_orders
            where scenic_id = ${scenicId} and paid_at >= ${since} and paid_at <= ${until}
            union all
            -- the amount S18 tells: what its refunds of lines gave back (settleShopRefunds)
            select 6, h.order_id, (select coalesce(sum(r.amount), 0)::int from shop_refunds r
                where r.order_id = h.order_id and r.status in ('done', 'external') and jsonb_array_length(r.lines) > 0),
              h.created_at
            from shop_order_history h
            where h.scenic_id = ${scenicId} and h.transition = 'S18' and h.created_at >= ${since} and h.created_at <= ${until}
          ) e join shop_orders o on o.id = e.order_id join scenic_areas a on a.id = o.scenic_id
          where o.receiver_phone ~ '^1[0-9]{10}$'
        ) x where n <= ${PER_DAY}`,
  );
  const sends = events.map((e): DemoSend => ({
    ...shopMessage(
      e,
      { scenicId, orderNo: e.order_no },
      { template: Number(e.template) as 3 | 6, amount: Number(e.amount) },
    ),
    at: new Date(e.happened_at),
  }));
  await writeDemoSends(db, scenicId, sends, now);
  return sends.length;
}
