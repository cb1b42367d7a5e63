import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { maskPhone } from '../../../shared/api/reservations.ts';
import { hasPermission } from '../../../shared/perms.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../http/access.ts';
import { members } from '../members/index.ts';

/** Whether the caller sees members' full phone numbers (otherwise 138****1234). */
export const phoneShown = (req: FastifyRequest) =>
  hasPermission(requireAuth(req).permissions, 'admin:user:phone');

export const phoneOf = (phone: string | null, shown: boolean) =>
  !phone ? '' : shown ? phone : maskPhone(phone);

/** Nickname and phone of members by id (the phone masked unless `shown`). */
export async function memberLabels(db: Db, ids: (number | null)[], shown: boolean) {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  const found = wanted.length
    ? await db
        .select({ id: members.id, nickname: members.nickname, phone: members.phone })
        .from(members)
        .where(inArray(members.id, wanted))
    : [];
  return new Map(found.map((m) => [m.id, { nickname: m.nickname, phone: phoneOf(m.phone, shown) }]));
}
