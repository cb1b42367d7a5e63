import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { MemberRow } from '../../../shared/api/members.ts';
import { maskIdNumber, maskPhone } from '../../../shared/api/reservations.ts';
import { hasPermission, type Permission } from '../../../shared/perms.ts';
import type { Db } from '../../db/client.ts';
import type { Resource } from '../../http/crud.ts';
import { admins } from '../accounts/index.ts';
import { writeAudit } from '../audit/index.ts';
import { memberLevels, members, type Member } from './members.table.ts';

/** Whether the caller holds a permission (the wildcard included). */
export const holds = (req: FastifyRequest, permission: Permission) =>
  hasPermission(req.auth?.permissions ?? [], permission);

/** docs/decisions.md "Members": phones show as 138****1234 unless the caller holds admin:user:phone. */
export function phoneShown(req: FastifyRequest): (phone: string | null) => string {
  const full = holds(req, 'admin:user:phone');
  return (phone) => (phone == null || phone === '' ? '' : full ? phone : maskPhone(phone));
}

/** ID numbers show as 1101**********1234 unless the caller holds admin:traveler:idNumber. */
export function idNumberShown(req: FastifyRequest): (idNumber: string) => string {
  const full = holds(req, 'admin:traveler:idNumber');
  return (idNumber) => (full ? idNumber : maskIdNumber(idNumber));
}

/** Level names by id. */
export async function levelNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: memberLevels.id, name: memberLevels.name })
    .from(memberLevels)
    .where(inArray(memberLevels.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Members by id (nickname and phone), for the rows of top-ups and travellers. */
export async function memberNames(
  db: Db,
  ids: number[],
): Promise<Map<number, { nickname: string; phone: string | null }>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: members.id, nickname: members.nickname, phone: members.phone })
    .from(members)
    .where(inArray(members.id, wanted));
  return new Map(rows.map((r) => [r.id, { nickname: r.nickname, phone: r.phone }]));
}

/** Account user names by id (the operator of a ledger row). */
export async function adminNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: admins.id, username: admins.username, nickname: admins.nickname })
    .from(admins)
    .where(inArray(admins.id, wanted));
  return new Map(rows.map((r) => [r.id, r.nickname ? `${r.nickname} (${r.username})` : r.username]));
}

export async function memberRows(db: Db, req: FastifyRequest, records: Member[]): Promise<MemberRow[]> {
  const names = await levelNames(
    db,
    records.map((m) => m.levelId),
  );
  const phone = phoneShown(req);
  return records.map((m) => ({
    id: m.id,
    phone: phone(m.phone),
    phoneBound: m.phone != null,
    nickname: m.nickname,
    avatar: m.avatar,
    levelId: m.levelId,
    levelName: m.levelId == null ? '' : (names.get(m.levelId) ?? ''),
    balance: m.balance,
    points: m.points,
    totalSpend: m.totalSpend,
    source: m.source,
    status: m.status,
    registeredAt: m.registeredAt.toISOString(),
  }));
}

/** Members as a record of the shared CRUD helpers (scoped to the area, audited). */
export const memberResource: Resource<typeof members> = {
  table: members,
  id: members.id,
  scenic: members.scenicId,
  module: 'members',
  targetType: 'member',
  audit: writeAudit,
};
