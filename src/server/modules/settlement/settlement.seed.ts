import { sql } from 'drizzle-orm';
import { SETTLEMENT_BATCH_STATE } from '../../../shared/dict/settlement.ts';
import type { Db } from '../../db/client.ts';
import { areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { queryRows } from '../../db/rows.ts';
import { createBatch, DISTRIBUTION_CHANNEL, moveBatch, saveSettings } from './settlement.service.ts';

/** The demo area's settings: monthly, used and expired tickets, 5 % commission. */
export async function seedDemoSettlementSettings(tx: Db, scenicId: number): Promise<void> {
  await saveSettings(tx, scenicId, { cycle: 3, settleUsed: true, settleExpired: true, commissionRate: 500 });
}

/**
 * After the demo order history (main.ts, order-admin/demo-history/demo-orders.ts): one closed batch per past month
 * of its distribution orders, through createBatch and moveBatch (the tickets move to 405 by
 * transitionTickets, a few thousand per statement). Months with a batch already are skipped.
 */
export async function seedDemoSettlement(db: Db, scenicId: number, now = new Date()): Promise<number> {
  const [staff] = await queryRows<{ id: number }>(db, sql`select id from admins where username = 'admin'`);
  const today = areaDay(now, await areaTimeZone(db, scenicId));
  const thisMonth = `${today.slice(0, 7)}-01`;
  const months = await queryRows<{ month: string }>(
    db,
    sql`select distinct to_char(date_trunc('month', t.visit_date), 'YYYY-MM-DD') as month
        from order_tickets t join ticket_orders o on o.id = t.order_id
        where o.scenic_id = ${scenicId} and o.channel = ${DISTRIBUTION_CHANNEL} and t.visit_date < ${thisMonth}
          and not exists (select 1 from settlement_batches b where b.scenic_id = ${scenicId}
            and b.state <> ${SETTLEMENT_BATCH_STATE.discarded}
            and b.period_from <= (date_trunc('month', t.visit_date) + interval '1 month - 1 day')::date
            and b.period_to >= date_trunc('month', t.visit_date)::date)
        order by 1`,
  );
  for (const { month } of months) {
    const [{ last } = { last: month }] = await queryRows<{ last: string }>(
      db,
      sql`select to_char((${month}::date + interval '1 month - 1 day')::date, 'YYYY-MM-DD') as last`,
    );
    const batch = await createBatch(db, {
      scenicId,
      periodFrom: month,
      periodTo: last,
      adminId: staff ? Number(staff.id) : null,
    });
    await moveBatch(db, { scenicId, id: batch.id, move: 'close', adminId: staff ? Number(staff.id) : null });
  }
  return months.length;
}
