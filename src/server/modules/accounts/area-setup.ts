import crypto from 'node:crypto';
import { ADM_TYPE, ENABLED } from '../../../shared/dict/account.ts';
import { ALL_PERMISSIONS, isPlatformPermission, type Permission } from '../../../shared/perms.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/access.ts';
import { hashPassword } from '../../lib/password.ts';
import { adminRoles, admins, rolePermissions, roles } from './accounts.table.ts';
import { checkGrantable } from './privilege.ts';

/**
 * What a new scenic area starts with (docs/decisions.md "Scenic area profile and new areas"): its
 * administrator's role holding every permission that is not a platform one, and the staff role the
 * demo areas have.
 */
export const AREA_DEFAULT_ROLES: readonly {
  code: string;
  name: string;
  remark: string;
  perms: Permission[];
}[] = [
  {
    code: 'scenic_admin',
    name: '景区管理员',
    remark: 'Everything of the area except platform-wide records',
    perms: ALL_PERMISSIONS.filter((p) => !isPlatformPermission(p)),
  },
  {
    code: 'scenic_staff',
    name: '景区员工',
    remark: '',
    perms: ['admin:scenic:page', 'admin:loginLog:page'],
  },
];

/** A random initial password that satisfies the password rule (letters and digits). */
export function generateInitialPassword(): string {
  return `Init${crypto.randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}8`;
}

/**
 * Creates the default roles of a new area, each within the caller's own permissions (a 400 naming
 * `field` otherwise, docs/accounts.md "Who may grant what"). Call it in the area's transaction.
 */
export async function createAreaRoles(
  tx: Db,
  auth: AuthContext,
  scenicId: number,
  field: string,
): Promise<{ code: string; id: number }[]> {
  const created: { code: string; id: number }[] = [];
  for (const spec of AREA_DEFAULT_ROLES) {
    checkGrantable(auth, spec.perms, field);
    const [row] = await tx
      .insert(roles)
      .values({ scenicId, code: spec.code, name: spec.name, remark: spec.remark })
      .returning({ id: roles.id });
    if (!row) throw new Error('insert returned no row');
    await tx.insert(rolePermissions).values(spec.perms.map((permission) => ({ roleId: row.id, permission })));
    created.push({ code: spec.code, id: row.id });
  }
  return created;
}

/**
 * Creates an area's administrator (staff of that area) with a generated initial password it must
 * change at first login, holding the given roles. Returns the password once; only its hash is kept.
 */
export async function createAreaAdmin(
  tx: Db,
  values: { scenicId: number; username: string; nickname: string; roleIds: number[] },
): Promise<{ account: typeof admins.$inferSelect; initialPassword: string }> {
  const initialPassword = generateInitialPassword();
  const [account] = await tx
    .insert(admins)
    .values({
      username: values.username,
      nickname: values.nickname,
      passwordHash: await hashPassword(initialPassword),
      admType: ADM_TYPE.staff,
      scenicId: values.scenicId,
      status: ENABLED,
      mustChangePassword: true,
    })
    .returning();
  if (!account) throw new Error('insert returned no row');
  if (values.roleIds.length)
    await tx.insert(adminRoles).values(values.roleIds.map((roleId) => ({ adminId: account.id, roleId })));
  return { account, initialPassword };
}
