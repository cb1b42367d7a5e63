import { and, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ADM_TYPE, ENABLED } from '../../../shared/dict/account.ts';
import { PasswordSchema } from '../../../shared/api/auth.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { hasPermission } from '../../../shared/perms.ts';
import type { Config } from '../../lib/config.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext, CallerKind, ClientContext } from '../../http/access.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { Msg } from '../../http/messages.ts';
import { authMessages } from './auth.messages.ts';
import { adminRoles, admins, rolePermissions, roles } from '../accounts/index.ts';
import { oauthClients, tokens } from '../oauth/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { loginLogs } from '../audit/index.ts';
import { DUMMY_HASH, hashPassword, newToken, safeEqual, sha256, verifyPassword } from '../../lib/password.ts';

export type AdminRow = typeof admins.$inferSelect;
export type ClientRow = typeof oauthClients.$inferSelect;
export type TokenKind = 'admin' | 'copyright';
/** The kinds of token a client's sessions may be: an account's, or the client's own. */
export const CLIENT_TOKEN_KIND = 'client';

/** A copyright session lasts two hours and cannot be refreshed. */
export const COPYRIGHT_TOKEN_TTL = 7200;

interface Origin {
  ip: string;
  userAgent: string;
}

export function originOf(req: FastifyRequest): Origin {
  return { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300) };
}

/** Basic client authentication of the token endpoint (docs/product.md §7: basic authorization header). */
export async function authenticateClient(db: Db, header: string | undefined): Promise<ClientRow> {
  const invalid = new AppError(401, 'invalidClient', { data: 'invalid_client' });
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match?.[1]) throw invalid;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw invalid;
  const clientId = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  const [client] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId));
  if (!client || client.status !== ENABLED || !safeEqual(sha256(secret), client.secretHash)) throw invalid;
  return client;
}

export function requireGrant(client: ClientRow, grant: string) {
  if (!client.grantTypes.includes(grant)) {
    throw new AppError(400, 'unsupportedGrant', { data: 'unsupported_grant_type' });
  }
}

/**
 * Checks a user name and plain password, with the per-account lockout. The answer never tells
 * whether the user exists: unknown names are locked out the same way, counted from the login log.
 */
export async function checkCredentials(
  db: Db,
  config: Config,
  input: { username: string; password: string; clientId: string; kind: TokenKind },
  origin: Origin,
): Promise<AdminRow> {
  const { maxFailures, minutes } = config.lockout;
  const [admin] = await db
    .select()
    .from(admins)
    .where(sql`lower(${admins.username}) = lower(${input.username})`);
  const log = (success: boolean, reason: string, who?: AdminRow) =>
    db.insert(loginLogs).values({
      username: input.username.slice(0, 64),
      adminId: who?.id ?? null,
      scenicId: who?.scenicId ?? null,
      clientId: input.clientId,
      kind: input.kind,
      ip: origin.ip,
      userAgent: origin.userAgent,
      success,
      reason,
    });
  const locked = () => new AppError(401, 'accountLocked', { params: { minutes }, data: 'invalid_grant' });
  const invalid = () => new AppError(401, 'invalidGrant', { data: 'invalid_grant' });

  if (!admin) {
    await verifyPassword(input.password, DUMMY_HASH);
    const since = new Date(Date.now() - minutes * 60_000);
    const [recent] = await db
      .select({ n: count() })
      .from(loginLogs)
      .where(
        and(
          sql`lower(${loginLogs.username}) = lower(${input.username})`,
          eq(loginLogs.success, false),
          gt(loginLogs.createdAt, since),
        ),
      );
    await log(false, 'unknown_user');
    throw (recent?.n ?? 0) >= maxFailures ? locked() : invalid();
  }

  if (admin.lockedUntil && admin.lockedUntil > new Date()) {
    await log(false, 'locked', admin);
    throw locked();
  }

  if (!(await verifyPassword(input.password, admin.passwordHash))) {
    await db
      .update(admins)
      .set({
        failedLoginCount: sql`${admins.failedLoginCount} + 1`,
        lockedUntil: sql`case when ${admins.failedLoginCount} + 1 >= ${maxFailures}
          then now() + make_interval(mins => ${minutes}) else ${admins.lockedUntil} end`,
      })
      .where(eq(admins.id, admin.id));
    await log(false, 'bad_password', admin);
    throw invalid();
  }

  if (admin.status !== ENABLED) {
    await log(false, 'disabled', admin);
    throw new AppError(401, 'accountDisabled', { data: 'invalid_grant' });
  }
  return admin;
}

/** Records a successful login: resets the failure count and writes the login log. */
export async function recordLoginSuccess(
  db: Db,
  admin: AdminRow,
  clientId: string,
  kind: TokenKind,
  origin: Origin,
): Promise<void> {
  await db
    .update(admins)
    .set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: new Date(), lastLoginIp: origin.ip })
    .where(eq(admins.id, admin.id));
  await db.insert(loginLogs).values({
    username: admin.username,
    adminId: admin.id,
    scenicId: admin.scenicId,
    clientId,
    kind,
    ip: origin.ip,
    userAgent: origin.userAgent,
    success: true,
    reason: '',
  });
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string | null;
  accessTtl: number;
  refreshTtl: number;
  createdAt: Date;
}

export async function issueTokens(
  db: Db,
  adminId: number,
  client: Pick<ClientRow, 'clientId' | 'accessTokenTtl' | 'refreshTokenTtl'>,
  kind: TokenKind,
  origin: Origin,
): Promise<IssuedTokens> {
  const access = newToken();
  const refresh = kind === 'admin' ? newToken() : null;
  const createdAt = new Date();
  const accessTtl = kind === 'admin' ? client.accessTokenTtl : COPYRIGHT_TOKEN_TTL;
  await db.insert(tokens).values({
    kind,
    accessHash: access.hash,
    refreshHash: refresh?.hash ?? null,
    adminId,
    clientId: client.clientId,
    accessExpiresAt: new Date(createdAt.getTime() + accessTtl * 1000),
    refreshExpiresAt: refresh ? new Date(createdAt.getTime() + client.refreshTokenTtl * 1000) : null,
    ip: origin.ip,
    userAgent: origin.userAgent,
    createdAt,
  });
  return {
    accessToken: access.token,
    refreshToken: refresh?.token ?? null,
    accessTtl,
    refreshTtl: client.refreshTokenTtl,
    createdAt,
  };
}

/**
 * Rotates a refresh token: the old pair is revoked by compare-and-set, so two concurrent refreshes
 * with the same token yield one new pair.
 */
export async function rotateRefreshToken(
  db: Db,
  client: ClientRow,
  refreshToken: string,
  origin: Origin,
): Promise<{ admin: AdminRow; issued: IssuedTokens }> {
  const invalid = new AppError(401, 'refreshInvalid', { data: 'invalid_grant' });
  return db.transaction(async (tx) => {
    const [old] = await tx
      .update(tokens)
      .set({ revokedAt: new Date(), revokedReason: 'refreshed' })
      .where(
        and(
          eq(tokens.refreshHash, sha256(refreshToken)),
          eq(tokens.kind, 'admin'),
          eq(tokens.clientId, client.clientId),
          isNull(tokens.revokedAt),
          gt(tokens.refreshExpiresAt, new Date()),
        ),
      )
      .returning({ adminId: tokens.adminId });
    if (!old?.adminId) throw invalid;
    const [admin] = await tx.select().from(admins).where(eq(admins.id, old.adminId));
    if (!admin || admin.status !== ENABLED) throw invalid;
    return { admin, issued: await issueTokens(tx, admin.id, client, 'admin', origin) };
  });
}

/**
 * A token of the client itself (client_credentials grant, RFC 6749 §4.4): no account, no refresh
 * token; it lives the client's access-token lifetime.
 */
export async function issueClientToken(
  db: Db,
  client: Pick<ClientRow, 'clientId' | 'accessTokenTtl'>,
  origin: Origin,
): Promise<{ accessToken: string; accessTtl: number; createdAt: Date }> {
  const access = newToken();
  const createdAt = new Date();
  await db.insert(tokens).values({
    kind: CLIENT_TOKEN_KIND,
    accessHash: access.hash,
    refreshHash: null,
    adminId: null,
    clientId: client.clientId,
    accessExpiresAt: new Date(createdAt.getTime() + client.accessTokenTtl * 1000),
    ip: origin.ip,
    userAgent: origin.userAgent,
    createdAt,
  });
  return { accessToken: access.token, accessTtl: client.accessTokenTtl, createdAt };
}

/** True when the token is a live (unrevoked, unexpired) token of that kind. */
export async function liveTokenOfKind(db: Db, token: string, kind: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(
      and(
        eq(tokens.accessHash, sha256(token)),
        eq(tokens.kind, kind),
        isNull(tokens.revokedAt),
        gt(tokens.accessExpiresAt, new Date()),
      ),
    );
  return row != null;
}

/**
 * Resolves a client token and the scenic area it acts in. The area is named by the X-Scenic-Id
 * header (required: a channel may sell for several areas) and must exist and be enabled. 401 when
 * the token is unknown, revoked or expired or its client is disabled (or lost the grant).
 */
export async function buildClientContext(
  db: Db,
  token: string,
  scenicHeader: string | undefined,
): Promise<ClientContext> {
  const [row] = await db
    .select({ token: tokens, client: oauthClients })
    .from(tokens)
    .innerJoin(oauthClients, eq(oauthClients.clientId, tokens.clientId))
    .where(
      and(eq(tokens.accessHash, sha256(token)), eq(tokens.kind, CLIENT_TOKEN_KIND), isNull(tokens.revokedAt)),
    );
  if (!row) {
    // a live token of another kind (a console session) is known but not allowed here
    if (await liveTokenOfKind(db, token, 'admin')) throw new AppError(403, 'forbidden');
    throw new AppError(401, 'unauthorized');
  }
  if (row.token.accessExpiresAt <= new Date()) throw new AppError(401, 'tokenExpired');
  if (row.client.status !== ENABLED || !row.client.grantTypes.includes('client_credentials'))
    throw new AppError(401, 'invalidClient', { data: 'invalid_client' });
  const kind = (row.client.callerKind as CallerKind | null) ?? null;
  const home = row.client.scenicId;
  // a bound client (a terminal, an agency) acts in its own area only; the header may only repeat it
  if (home != null && (scenicHeader == null || scenicHeader === '' || scenicHeader === String(home)))
    return { tokenId: row.token.id, clientId: row.client.clientId, scenicId: home, kind, bound: true };
  if (home != null) throw new AppError(403, 'clientOtherArea');
  if (scenicHeader == null || scenicHeader === '')
    throw new FieldError('X-Scenic-Id', ValidationMessage.required);
  const scenicId = Number(scenicHeader);
  if (!Number.isInteger(scenicId) || scenicId <= 0 || scenicId > 2147483647)
    throw new FieldError('X-Scenic-Id', Msg.scenicNotFound);
  const [area] = await db
    .select({ id: scenicAreas.id, status: scenicAreas.status })
    .from(scenicAreas)
    .where(eq(scenicAreas.id, scenicId));
  if (!area || area.status !== ENABLED) throw new FieldError('X-Scenic-Id', Msg.scenicNotFound);
  return { tokenId: row.token.id, clientId: row.client.clientId, scenicId, kind, bound: false };
}

/** Permissions and role codes of an account's enabled roles, read on every request (docs/product.md §6). */
export async function loadGrants(
  db: Db,
  adminId: number,
): Promise<{ permissions: string[]; roleCodes: string[] }> {
  const rows = await db
    .select({ code: roles.code, permission: rolePermissions.permission })
    .from(adminRoles)
    .innerJoin(roles, and(eq(roles.id, adminRoles.roleId), eq(roles.status, ENABLED)))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(eq(adminRoles.adminId, adminId));
  const permissions = new Set<string>();
  const roleCodes = new Set<string>();
  for (const row of rows) {
    roleCodes.add(row.code);
    if (row.permission) permissions.add(row.permission);
  }
  return { permissions: [...permissions].sort(), roleCodes: [...roleCodes].sort() };
}

const COPYRIGHT_PERMISSION = 'admin:copyright:manage';

/**
 * Copyright management is platform-wide: only a platform administrator holding
 * admin:copyright:manage opens it, checked at the copyright login and again on every copyright
 * request (a role change or a demotion applies at once).
 */
export async function checkCopyrightGrant(db: Db, admin: { id: number; admType: number }): Promise<void> {
  const { permissions } = await loadGrants(db, admin.id);
  if (admin.admType !== ADM_TYPE.platform || !hasPermission(permissions, COPYRIGHT_PERMISSION)) {
    throw new AppError(403, 'forbidden', { data: { required: COPYRIGHT_PERMISSION } });
  }
}

/** Resolves a bearer access token to its session; throws 401 when it is unknown, revoked or expired. */
export async function resolveAccessToken(db: Db, token: string, kind: TokenKind) {
  const [row] = await db
    .select({ token: tokens, admin: admins })
    .from(tokens)
    .innerJoin(admins, eq(admins.id, tokens.adminId))
    .where(and(eq(tokens.accessHash, sha256(token)), eq(tokens.kind, kind), isNull(tokens.revokedAt)));
  if (!row) {
    // a machine client's own token is known but opens no account's routes
    if (kind === 'admin' && (await liveTokenOfKind(db, token, CLIENT_TOKEN_KIND)))
      throw new AppError(403, 'forbidden');
    throw new AppError(401, 'unauthorized');
  }
  if (row.token.accessExpiresAt <= new Date()) throw new AppError(401, 'tokenExpired');
  if (row.admin.status !== ENABLED) throw new AppError(401, 'accountDisabled');
  return row;
}

/**
 * The scenic area a request acts in. Platform accounts (admType 1) may choose one with the
 * X-Scenic-Id header; every other account is bound to its own and may not name another.
 */
export async function resolveScenicScope(db: Db, admin: AdminRow, header: string | undefined) {
  if (header == null || header === '') return admin.scenicId;
  const chosen = Number(header);
  if (!Number.isInteger(chosen) || chosen <= 0) throw new FieldError('X-Scenic-Id', Msg.scenicNotFound);
  if (admin.admType !== ADM_TYPE.platform) {
    if (chosen !== admin.scenicId) throw new AppError(403, 'otherScenic');
    return chosen;
  }
  const [area] = await db.select({ id: scenicAreas.id }).from(scenicAreas).where(eq(scenicAreas.id, chosen));
  if (!area) throw new AppError(404, 'scenicNotFound');
  return chosen;
}

export async function buildAuthContext(
  db: Db,
  token: string,
  scenicHeader: string | undefined,
): Promise<AuthContext> {
  const { token: session, admin } = await resolveAccessToken(db, token, 'admin');
  const [grants, scenicId] = await Promise.all([
    loadGrants(db, admin.id),
    resolveScenicScope(db, admin, scenicHeader),
  ]);
  return {
    tokenId: session.id,
    clientId: session.clientId,
    adminId: admin.id,
    username: admin.username,
    admType: admin.admType,
    payType: admin.payType,
    homeScenicId: admin.scenicId,
    scenicId,
    ...grants,
  };
}

export async function revokeToken(db: Db, tokenId: number, reason: string): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(tokens.id, tokenId), isNull(tokens.revokedAt)));
}

/** Revokes every live token of an account, except optionally the one in use. */
export async function revokeAccountTokens(
  db: Db,
  adminId: number,
  reason: string,
  exceptTokenId?: number,
): Promise<number> {
  const revoked = await db
    .update(tokens)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(tokens.adminId, adminId),
        isNull(tokens.revokedAt),
        exceptTokenId == null ? undefined : ne(tokens.id, exceptTokenId),
      ),
    )
    .returning({ id: tokens.id });
  return revoked.length;
}

/** Checks the password rule on a decrypted new password; names the field when it fails. */
export function checkNewPassword(field: string, plain: string, old: string): void {
  if (!PasswordSchema.safeParse(plain).success) throw new FieldError(field, ValidationMessage.passwordPolicy);
  if (plain === old) throw new FieldError(field, authMessages.passwordUnchanged);
}

export async function setPassword(db: Db, adminId: number, plain: string): Promise<void> {
  await db
    .update(admins)
    .set({
      passwordHash: await hashPassword(plain),
      mustChangePassword: false,
      passwordChangedAt: new Date(),
      failedLoginCount: 0,
      lockedUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(admins.id, adminId));
}

/** The names and time zones of the given areas, by id. */
export async function findScenicAreas(
  db: Db,
  ids: number[],
): Promise<Map<number, { name: string; timeZone: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: scenicAreas.id, name: scenicAreas.name, timeZone: scenicAreas.timeZone })
    .from(scenicAreas)
    .where(inArray(scenicAreas.id, ids));
  return new Map(rows.map((r) => [r.id, { name: r.name, timeZone: r.timeZone }]));
}
