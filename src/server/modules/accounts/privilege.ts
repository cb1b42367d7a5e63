import { eq, inArray } from 'drizzle-orm';
import { hasPermission, isPlatformPermission } from '../../../shared/perms.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/access.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { accountsMessages } from './accounts.messages.ts';
import { adminRoles, rolePermissions } from './accounts.table.ts';
import { isPlatform } from './accounts.service.ts';

/*
 * Who may grant what (docs/accounts.md): nobody raises anyone, themselves included, above their own
 * permissions.
 * - A caller grants a permission to a role, or assigns a role to an account, only when it holds that
 *   permission itself (every permission of the role).
 * - Platform permissions (isPlatformPermission, `*` included) only a platform administrator grants.
 * - A caller changes or deletes only roles and accounts whose permissions it holds all of, so it
 *   cannot reset the password of, disable or strip someone above it.
 * A role's status does not matter here: a disabled role is one switch away from being granted.
 */

/** The permissions of `perms` that the caller may not grant, in order. */
export function ungrantable(auth: AuthContext, perms: readonly string[]): string[] {
  return perms.filter(
    (p) => !hasPermission(auth.permissions, p) || (isPlatformPermission(p) && !isPlatform(auth)),
  );
}

/** 400 naming `field` when the caller may not grant every one of `perms`. */
export function checkGrantable(auth: AuthContext, perms: readonly string[], field: string): void {
  const refused = ungrantable(auth, perms);
  if (!refused.length) return;
  const platformOnly = isPlatform(auth) ? [] : refused.filter(isPlatformPermission);
  const reason = platformOnly.length
    ? accountsMessages.platformPermissionOnly
    : accountsMessages.permissionNotHeld;
  const list = (platformOnly.length ? platformOnly : refused).join(', ');
  throw new FieldError(field, {
    zh: reason.zh.replace('{perms}', list),
    en: reason.en.replace('{perms}', list),
  });
}

/** 403 when `perms` (a role's or an account's) are not all the caller's own: it is above the caller. */
export function checkWithinReach(
  auth: AuthContext,
  perms: readonly string[],
  what: 'role' | 'account',
): void {
  if (ungrantable(auth, perms).length) {
    throw new AppError(403, what === 'role' ? 'roleAboveCaller' : 'accountAboveCaller');
  }
}

/** Every permission of the given roles, enabled or not. */
export async function permissionsOfRoles(db: Db, roleIds: readonly number[]): Promise<string[]> {
  if (!roleIds.length) return [];
  const rows = await db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, [...roleIds]));
  return rows.map((r) => r.permission).sort();
}

/** Every permission an account holds or could hold through its roles, enabled or not. */
export async function permissionsOfAccount(db: Db, adminId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(adminRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, adminRoles.roleId))
    .where(eq(adminRoles.adminId, adminId));
  return rows.map((r) => r.permission).sort();
}

/** 403 unless the caller holds every permission of the account `adminId` (not needed for oneself). */
export async function checkAccountWithinReach(db: Db, auth: AuthContext, adminId: number): Promise<void> {
  if (adminId === auth.adminId) return;
  checkWithinReach(auth, await permissionsOfAccount(db, adminId), 'account');
}
