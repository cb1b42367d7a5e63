import { sql } from 'drizzle-orm';
import { LEVEL_BASIS, LEVEL_CHANGE, MEMBER_STATUS } from '../../../shared/dict/members.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';

/** Member levels: the discount a member buys at, and the automatic move up when spend or points cross a threshold. */

/** One point per yuan spent (docs/decisions.md "Members"). */
export const pointsOf = (cents: number) => Math.floor(cents / 100);

export interface MemberPricing {
  memberId: number;
  levelId: number | null;
  levelName: string;
  /** Percentage of the price paid (100: none) */
  discount: number;
}

/**
 * The member an order is bought for, locked (FOR UPDATE: their balance, coupons and level change
 * in this transaction) with their level's discount; 404 when not of the area, 409 when frozen.
 */
export async function memberPricing(tx: Db, scenicId: number, memberId: number): Promise<MemberPricing> {
  const [row] = await queryRows<{
    id: number;
    status: number;
    level_id: number | null;
    name: string | null;
    discount: number | null;
    level_status: number | null;
  }>(
    tx,
    sql`select m.id, m.status, m.level_id, l.name, l.discount, l.status as level_status
        from members m left join member_levels l on l.id = m.level_id
        where m.id = ${memberId} and m.scenic_id = ${scenicId}
        for no key update of m`,
  );
  if (!row) throw new AppError(404, 'memberNotFound');
  if (Number(row.status) === MEMBER_STATUS.frozen) throw new AppError(409, 'memberFrozen');
  const enabled = row.level_status != null && Number(row.level_status) === 1;
  return {
    memberId: Number(row.id),
    levelId: row.level_id == null ? null : Number(row.level_id),
    levelName: row.name ?? '',
    discount: enabled ? Number(row.discount) : 100,
  };
}

/**
 * A member paid `cents` (an order, counter consumption): total spend and points grow, and the member
 * moves up to the highest enabled level whose threshold they now reach (never down automatically),
 * with a history row.
 */
export async function recordSpend(tx: Db, scenicId: number, memberId: number, cents: number): Promise<void> {
  if (cents <= 0) return;
  const [member] = await queryRows<{ level_id: number | null; total_spend: number; points: number }>(
    tx,
    sql`update members set total_spend = total_spend + ${cents}, points = points + ${pointsOf(cents)}, updated_at = now()
        where id = ${memberId} and scenic_id = ${scenicId}
        returning level_id, total_spend, points`,
  );
  if (!member) return;
  await upgradeLevel(tx, scenicId, memberId, {
    levelId: member.level_id == null ? null : Number(member.level_id),
    spend: Number(member.total_spend),
    points: Number(member.points),
  });
}

/**
 * Moves a member to the enabled level with the highest threshold their spend or points (by the
 * level's basis) reach, when that is above their current level's threshold: levels rank by threshold.
 */
export async function upgradeLevel(
  tx: Db,
  scenicId: number,
  memberId: number,
  now: { levelId: number | null; spend: number; points: number },
): Promise<number | null> {
  const [target] = await queryRows<{ id: number; threshold: number }>(
    tx,
    sql`select id, threshold from member_levels
        where scenic_id = ${scenicId} and status = 1
          and threshold <= case when basis = ${LEVEL_BASIS.points}::smallint then ${now.points}::int else ${now.spend}::int end
        order by threshold desc, id desc limit 1`,
  );
  if (!target || Number(target.id) === now.levelId) return now.levelId;
  if (now.levelId != null) {
    const [current] = await queryRows<{ threshold: number }>(
      tx,
      sql`select threshold from member_levels where id = ${now.levelId}`,
    );
    if (current && Number(current.threshold) >= Number(target.threshold)) return now.levelId;
  }
  await tx.execute(sql`update members set level_id = ${target.id} where id = ${memberId}`);
  await tx.execute(
    sql`insert into member_level_history (scenic_id, member_id, from_level_id, to_level_id, reason)
        values (${scenicId}, ${memberId}, ${now.levelId}, ${target.id}, ${LEVEL_CHANGE.automatic})`,
  );
  return Number(target.id);
}

/** Each ticket's price after the level discount (rounded to the cent, never below 0). */
export const levelPrice = (price: number, discount: number) => Math.round((price * discount) / 100);
