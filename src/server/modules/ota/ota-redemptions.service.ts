import { and, eq, sql } from 'drizzle-orm';
import { OTA_CLIENT, OTA_PLATFORMS, OTA_RESULT, type OtaPlatform } from '../../../shared/dict/ota.ts';
import { TICKET_STATUS as S } from '../../../shared/dict/order.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { OTA_ADAPTERS } from './adapters/adapter.ts';
import { otaChannels, otaRedemptions } from './ota.table.ts';
import { sendOutbound } from './ota.service.ts';

// The notices of used tickets to their platform (docs/decisions.md), sent by the ota job.

/** Statuses of a ticket that has been through a gate (used at check-in). */
const USED = [S.entered, S.inUse, S.used, S.left, S.settled];

/** States of a redemption notice (ota_redemptions.result). */
export const REDEMPTION = { queued: 0, delivered: 1, sending: 2, failed: 3 } as const;
/** A claim older than this is taken to belong to a pass that died mid-send, and is taken over. */
export const REDEMPTION_CLAIM_STALE_MS = 2 * 60_000;
/** Notices claimed (and sent one after the other) by one pass. */
export const REDEMPTION_BATCH = 50;

const clientOfPlatform = sql.raw(
  `case c.platform ${OTA_PLATFORMS.map((p) => `when '${p}' then '${OTA_CLIENT[p]}'`).join(' ')} end`,
);

/**
 * Queues a notice for each used ticket of an OTA order (client id of an enabled channel of its area)
 * that has none yet; the primary key keeps it to one whatever runs at the same moment.
 */
async function queueRedemptions(db: Db, now: Date): Promise<void> {
  await db.execute(
    sql`insert into ota_redemptions (ticket_id, scenic_id, channel_id, result, notified_at)
        select t.id, o.scenic_id, c.id, ${REDEMPTION.queued}, ${now.toISOString()}::timestamptz
        from order_tickets t
        join ticket_orders o on o.id = t.order_id
        join ota_channels c on c.scenic_id = o.scenic_id and c.status = 1 and o.client_id = ${clientOfPlatform}
        where t.status in (${sql.join(
          USED.map((x) => sql`${x}`),
          sql`, `,
        )}) and o.external_no is not null
          and not exists (select 1 from ota_redemptions r where r.ticket_id = t.id)
        order by t.id limit 1000
        on conflict (ticket_id) do nothing`,
  );
}

/**
 * Claims up to REDEMPTION_BATCH notices to send (queued, failed, or claimed by a pass that stopped
 * more than REDEMPTION_CLAIM_STALE_MS ago), in one statement committed at once: `for update skip
 * locked` gives each notice to one pass when several instances run at the same moment, and the
 * claim (state 2, claimedAt) keeps the next passes off it while it is being sent.
 */
async function claimRedemptions(db: Db, now: Date) {
  const stale = new Date(now.getTime() - REDEMPTION_CLAIM_STALE_MS).toISOString();
  return queryRows<{ ticket_id: number; channel_id: number }>(
    db,
    sql`update ota_redemptions r
        set result = ${REDEMPTION.sending}, claimed_at = ${now.toISOString()}::timestamptz, attempts = r.attempts + 1
        where r.ticket_id in (
          select d.ticket_id from ota_redemptions d
          join ota_channels c on c.id = d.channel_id and c.status = 1
          where d.result in (${REDEMPTION.queued}, ${REDEMPTION.failed})
             or (d.result = ${REDEMPTION.sending} and d.claimed_at < ${stale}::timestamptz)
          order by d.ticket_id
          limit ${REDEMPTION_BATCH}
          for update of d skip locked)
        returning r.ticket_id, r.channel_id`,
  );
}

/**
 * The redemption job: used tickets of OTA orders are notified to their platform once. Three steps,
 * none holding a transaction across the platform's HTTP call: queue (insert, committed), claim
 * (one update, committed), then for each claimed notice the call, and its outcome recorded by a
 * compare-and-set on the claim (a claim taken over meanwhile is left to its new owner). A failed
 * delivery goes back to the queue for the next pass. Safe with several instances at once. Returns
 * how many notices were delivered.
 */
export async function notifyRedemptions(db: Db, now = new Date()): Promise<number> {
  await queueRedemptions(db, now);
  const claimed = await claimRedemptions(db, now);
  let delivered = 0;
  for (const row of claimed) {
    const ticketId = Number(row.ticket_id);
    const [ref] = await queryRows<{ order_no: string; external_no: string }>(
      db,
      sql`select o.order_no, o.external_no from order_tickets t join ticket_orders o on o.id = t.order_id
          where t.id = ${ticketId}`,
    );
    const [channel] = await db
      .select()
      .from(otaChannels)
      .where(eq(otaChannels.id, Number(row.channel_id)));
    let result: 1 | 2 | 3 = OTA_RESULT.failed;
    if (channel && ref) {
      const adapter = OTA_ADAPTERS[channel.platform as OtaPlatform];
      // outside any transaction: the claim is committed, nothing is locked while the platform answers
      result = await sendOutbound(db, channel, {
        type: 'redeem',
        payload: adapter.redemptionNotice({
          orderId: ref.external_no,
          orderNo: ref.order_no,
          ticketId,
          usedAt: now.toISOString(),
        }),
        externalOrderId: ref.external_no,
        orderNo: ref.order_no,
        now,
      });
    }
    const done = result === OTA_RESULT.ok ? REDEMPTION.delivered : REDEMPTION.failed;
    const recorded = await db
      .update(otaRedemptions)
      .set({ result: done, claimedAt: null, notifiedAt: new Date() })
      .where(
        and(
          eq(otaRedemptions.ticketId, ticketId),
          eq(otaRedemptions.result, REDEMPTION.sending),
          eq(otaRedemptions.claimedAt, now),
        ),
      )
      .returning({ ticketId: otaRedemptions.ticketId });
    if (recorded.length && done === REDEMPTION.delivered) delivered++;
  }
  return delivered;
}
