import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rolePermissions, roles } from './accounts.table.ts';

/** The ids of every role by its code; a role of the area `secondArea` as `<code>@2`. */
export async function roleIdsByKey(db: Db, secondArea: number): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const r of await db.select().from(roles))
    ids[r.scenicId === secondArea ? `${r.code}@2` : r.code] = r.id;
  return ids;
}

/** The permissions a role holds. */
export async function permissionsOfRole(db: Db, roleId: number): Promise<string[]> {
  const held = await db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  return held.map((r) => r.permission);
}
