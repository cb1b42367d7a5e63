import { and, countDistinct, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ADM_TYPE, ENABLED } from '../../../shared/dict/account.ts';
import { WILDCARD } from '../../../shared/perms.ts';
import type { Db } from '../../db/client.ts';
import { isPlatform, type AuthContext } from '../../http/access.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { accountsMessages } from './accounts.messages.ts';
import { adminRoles, admins, rolePermissions, roles } from './accounts.table.ts';

// Serialises every change that could remove the last enabled wildcard account.
const WILDCARD_LOCK_KEY = 7_301_202_613;

export { isPlatform };

/** Enabled accounts holding `*` through an enabled role. */
export async function countWildcardAccounts(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(admins.id) })
    .from(admins)
    .innerJoin(adminRoles, eq(adminRoles.adminId, admins.id))
    .innerJoin(roles, and(eq(roles.id, adminRoles.roleId), eq(roles.status, ENABLED)))
    .innerJoin(
      rolePermissions,
      and(eq(rolePermissions.roleId, roles.id), eq(rolePermissions.permission, WILDCARD)),
    )
    .where(eq(admins.status, ENABLED));
  return row?.n ?? 0;
}

/**
 * Runs a change in a transaction that refuses to leave no enabled account holding `*` (issue 4:
 * nobody may disable, delete or strip the wildcard from the last one). The lock comes first, before
 * any row lock, so concurrent changes queue instead of each seeing another holder.
 */
export async function keepingWildcard<T>(db: Db, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WILDCARD_LOCK_KEY})`);
    const before = await countWildcardAccounts(tx);
    const result = await change(tx);
    if (before > 0 && (await countWildcardAccounts(tx)) === 0) throw new AppError(409, 'lastWildcard');
    return result;
  });
}

/** Roles the caller may assign in its acting area: the area's own, plus platform roles for a platform caller. */
export function assignableRoles(auth: AuthContext, scenicId: number): SQL | undefined {
  return or(eq(roles.scenicId, scenicId), isPlatform(auth) ? isNull(roles.scenicId) : undefined);
}

/** Deduplicates roleIds and checks each is assignable here; 400 naming roleIds otherwise. */
export async function checkRoleIds(
  db: Db,
  auth: AuthContext,
  scenicId: number,
  roleIds: number[],
): Promise<number[]> {
  const ids = [...new Set(roleIds)].sort((a, b) => a - b);
  if (!ids.length) return ids;
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, ids), assignableRoles(auth, scenicId)));
  if (found.length !== ids.length) throw new FieldError('roleIds', accountsMessages.roleNotAssignable);
  return ids;
}

/**
 * Replaces the roles of an account that the caller may assign; roles it may not (a platform role
 * given by a platform administrator) stay.
 */
export async function replaceAccountRoles(
  tx: Db,
  auth: AuthContext,
  scenicId: number,
  adminId: number,
  roleIds: number[],
): Promise<void> {
  const manageable = tx.select({ id: roles.id }).from(roles).where(assignableRoles(auth, scenicId));
  await tx
    .delete(adminRoles)
    .where(and(eq(adminRoles.adminId, adminId), inArray(adminRoles.roleId, manageable)));
  if (roleIds.length) {
    await tx.insert(adminRoles).values(roleIds.map((roleId) => ({ adminId, roleId })));
  }
}

export async function roleIdsOf(db: Db, adminId: number): Promise<number[]> {
  const rows = await db
    .select({ roleId: adminRoles.roleId })
    .from(adminRoles)
    .where(eq(adminRoles.adminId, adminId))
    .orderBy(adminRoles.roleId);
  return rows.map((r) => r.roleId);
}

/** docs/product.md §3 payType matters for distributors only (docs/accounts.md); others are 0. */
export function checkPayType(admType: number, payType: number): void {
  if (admType !== ADM_TYPE.distributor && payType !== 0) {
    throw new FieldError('payType', accountsMessages.payTypeDistributorOnly);
  }
}

/** Only a platform administrator creates or assigns admType 1. */
export function checkAdmType(auth: AuthContext, admType: number | undefined): void {
  if (admType === ADM_TYPE.platform && !isPlatform(auth)) {
    throw new FieldError('admType', accountsMessages.platformAdmTypeOnly);
  }
}
