import { eq } from 'drizzle-orm';
import { adminRoles, admins, rolePermissions, roles } from '../modules/accounts/accounts.table.ts';
import type { TestApp } from './harness.ts';

/**
 * Gives an account an extra role `extra_<username>` named `name` (in the account's own area) with
 * these permissions, straight in the database. Unlike `t.grant`, the role's code and name are known.
 */
export async function grantRole(t: TestApp, username: string, perms: string[], name = 'extra') {
  const db = t.database.db;
  const [admin] = await db.select().from(admins).where(eq(admins.username, username));
  const [role] = await db
    .insert(roles)
    .values({ scenicId: admin!.scenicId, code: `extra_${username}`, name })
    .returning();
  await db.insert(rolePermissions).values(perms.map((permission) => ({ roleId: role!.id, permission })));
  await db.insert(adminRoles).values({ adminId: admin!.id, roleId: role!.id });
}
