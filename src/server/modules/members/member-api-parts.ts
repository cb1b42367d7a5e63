import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MemberProfile } from '../../../shared/api/member-api.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { MEMBER } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';

/** What the member API answers about the signed-in member. */
export async function memberProfile(db: Db, scenicId: number, memberId: number): Promise<MemberProfile> {
  const [m] = await queryRows<Record<string, unknown>>(
    db,
    sql`select m.id, m.phone, m.nickname, m.avatar, m.level_id, m.balance, m.points, m.total_spend, m.registered_at,
          l.name as level_name, case when l.status = 1 then l.discount else 100 end as discount
        from members m left join member_levels l on l.id = m.level_id
        where m.id = ${memberId} and m.scenic_id = ${scenicId}`,
  );
  if (!m) throw new AppError(404, 'memberNotFound');
  return {
    id: Number(m.id),
    phone: (m.phone as string | null) ?? null,
    nickname: String(m.nickname),
    avatar: String(m.avatar),
    levelId: m.level_id == null ? null : Number(m.level_id),
    levelName: String(m.level_name ?? ''),
    discount: Number(m.discount ?? 100),
    balance: Number(m.balance),
    points: Number(m.points),
    totalSpend: Number(m.total_spend),
    registeredAt: new Date(m.registered_at as string).toISOString(),
  };
}

export const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
export const ints = (v: unknown): number[] =>
  Array.isArray(v)
    ? v.map(Number)
    : String(v ?? '')
        .replace(/[{}]/g, '')
        .split(',')
        .filter(Boolean)
        .map(Number);

/**

/** The headers of every member API route. */
export const memberHeaders = z.object({
  'x-scenic-id': z.string().describe('The scenic area (required)'),
  'x-member-token': z.string().optional().describe('The member token from login (required except on login)'),
});
/** A member API route: the client token, X-Scenic-Id and the member's X-Member-Token. */
export const memberAccess = { access: MEMBER };

/** What every member API plugin starts from: the typed app, the database, its tags, headers and access. */
export function memberApiContext(root: FastifyInstance) {
  return {
    app: root.withTypeProvider<ZodTypeProvider>(),
    db: root.ctx.db,
    tags: ['member'],
    headers: memberHeaders,
    access: memberAccess,
  };
}
