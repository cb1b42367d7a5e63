import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ADM_TYPE, ENABLED } from '../../shared/dict/account.ts';
import {
  CONSOLE_CLIENT_ID,
  TerminalClient,
  type TerminalClientId,
  channelOfClient,
} from '../../shared/dict/terminal-client.ts';
import { WILDCARD } from '../../shared/perms.ts';
import { PLATFORM_CALLER_KIND } from '../http/access.ts';
import { adminRoles, admins, rolePermissions, roles } from '../modules/accounts/accounts.table.ts';
import { hashPassword, sha256 } from '../lib/password.ts';
import { copyrights } from '../modules/copyright/copyright.table.ts';
import { oauthClients } from '../modules/oauth/oauth.table.ts';
import { scenicAreas } from '../modules/scenic/scenic.table.ts';
import type { Db } from '../db/client.ts';

/** A random password that satisfies the password rule (letters and digits). */
export function generatePassword(): string {
  return `Adm${crypto.randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}7`;
}

/**
 * What every new database needs before anyone can log in: the first scenic area, the platform role
 * with the wildcard, the `admin` account, the OAuth clients of docs/product.md §9 and the default branding.
 */
export async function bootstrap(
  db: Db,
  options: { adminPassword: string; scenic: { code: string; name: string } },
): Promise<{ scenicId: number; superRoleId: number; adminId: number }> {
  const [area] = await db
    .insert(scenicAreas)
    .values({ code: options.scenic.code, name: options.scenic.name })
    .returning({ id: scenicAreas.id });
  const [superRole] = await db
    .insert(roles)
    .values({ scenicId: null, code: 'super_admin', name: '超级管理员', remark: 'Platform administrators' })
    .returning({ id: roles.id });
  if (!area || !superRole) throw new Error('bootstrap insert returned no row');
  await db.insert(rolePermissions).values({ roleId: superRole.id, permission: WILDCARD });
  const [admin] = await db
    .insert(admins)
    .values({
      username: 'admin',
      passwordHash: await hashPassword(options.adminPassword),
      nickname: '系统管理员',
      admType: ADM_TYPE.platform,
      scenicId: area.id,
      status: ENABLED,
    })
    .returning({ id: admins.id });
  if (!admin) throw new Error('bootstrap insert returned no row');
  await db.insert(adminRoles).values({ adminId: admin.id, roleId: superRole.id });

  await db.insert(oauthClients).values(
    Object.entries(TerminalClient).map(([clientId, label]) => {
      const isPublic = clientId === CONSOLE_CLIENT_ID;
      const secret = crypto.randomBytes(24).toString('base64url');
      return {
        clientId,
        name: label.zh,
        secretHash: sha256(secret),
        publicSecret: isPublic ? secret : null,
        isPublic,
        callerKind: PLATFORM_CALLER_KIND[clientId as TerminalClientId],
        // sales terminals and channels may also log in as themselves (selling API)
        grantTypes:
          channelOfClient(clientId) == null
            ? ['password', 'refresh_token']
            : ['password', 'refresh_token', 'client_credentials'],
      };
    }),
  );
  await db.insert(copyrights).values({
    clientId: CONSOLE_CLIENT_ID,
    copContent: JSON.stringify({ siteIcon: '', siteTitle: '景区票务运营管理平台' }),
  });
  return { scenicId: area.id, superRoleId: superRole.id, adminId: admin.id };
}

/** True when the database has never been seeded. */
export async function isEmpty(db: Db): Promise<boolean> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${admins}`);
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return (rows[0]?.n ?? 0) === 0;
}
