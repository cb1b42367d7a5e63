import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DistributorRow } from '../../../shared/api/distribution.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { ownerScope, scenicScope } from '../../http/access.ts';
import type { Distributor } from './distribution.table.ts';

/** The caller's reach on the money screens: its area, and for a distributor account its own distributor. */
export interface DistributorScope {
  scenicId: number;
  /** The distributor login (admType 3) calling, or null for staff (every distributor of the area) */
  owner: number | null;
}

export const distributorScope = (req: FastifyRequest): DistributorScope => ({
  scenicId: scenicScope(req),
  owner: ownerScope(req),
});

/**
 * A distributor account sees only rows of the distributor whose login it is; none when it is no
 * distributor's login (the subquery is then null and matches nothing).
 */
export const ownRows = (column: SQL | { name: string }, scope: DistributorScope): SQL | undefined =>
  scope.owner == null
    ? undefined
    : sql`${column} = (select d.id from distributors d where d.admin_id = ${scope.owner} and d.scenic_id = ${scope.scenicId})`;

/** Account names by id (usernames, or nicknames where set). */
export async function accountNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => i != null))];
  if (!wanted.length) return new Map();
  const rows = await queryRows<{ id: number; username: string; nickname: string }>(
    db,
    sql`select id, username, nickname from admins where id in (${sql.join(
      wanted.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.nickname || r.username]));
}

export async function usernames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => i != null))];
  if (!wanted.length) return new Map();
  const rows = await queryRows<{ id: number; username: string }>(
    db,
    sql`select id, username from admins where id in (${sql.join(
      wanted.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}

export async function companies(db: Db, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await queryRows<{ id: number; company: string }>(
    db,
    sql`select id, company from distributors where id in (${sql.join(
      wanted.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.company]));
}

/**
 * Names of price tiers, when the `price_tiers` table of another part of issue 17 exists (it is
 * built beside this one); an empty map otherwise.
 */
async function tierNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => i != null))];
  if (!wanted.length) return new Map();
  const [exists] = await queryRows<{ t: string | null }>(
    db,
    sql`select to_regclass('price_tiers')::text as t`,
  );
  if (!exists?.t) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from price_tiers where id in (${sql.join(
      wanted.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

export async function distributorRows(db: Db, records: Distributor[]): Promise<DistributorRow[]> {
  const [logins, reviewers, tiers] = await Promise.all([
    usernames(
      db,
      records.map((r) => r.adminId),
    ),
    accountNames(
      db,
      records.map((r) => r.reviewedBy),
    ),
    tierNames(
      db,
      records.map((r) => r.tierId),
    ),
  ]);
  return records.map((r) => ({
    id: r.id,
    company: r.company,
    contact: r.contact,
    phone: r.phone,
    adminId: r.adminId,
    username: r.adminId == null ? '' : (logins.get(r.adminId) ?? ''),
    tierId: r.tierId,
    tierName: r.tierId == null ? '' : (tiers.get(r.tierId) ?? ''),
    state: r.state,
    balance: r.balance,
    held: r.held,
    creditLimit: r.creditLimit,
    creditUsed: r.creditUsed,
    creditAvailable: r.creditLimit - r.creditUsed,
    remark: r.remark,
    clientId: r.clientId,
    reviewer: r.reviewedBy == null ? '' : (reviewers.get(r.reviewedBy) ?? ''),
    reviewTime: r.reviewedAt?.toISOString() ?? null,
    reviewRemark: r.reviewRemark,
    createTime: r.createdAt.toISOString(),
  }));
}
