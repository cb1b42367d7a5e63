import crypto from 'node:crypto';
import { and, count, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { extensionPoint } from '../../lib/extension-point.ts';
import { sha256 } from '../../lib/password.ts';
import { oauthClients, tokens } from './oauth.table.ts';

export type ClientRow = typeof oauthClients.$inferSelect;

/** A new client secret (192 random bits) and what is stored: its SHA-256, plus the text for a public client. */
export function newClientSecret(isPublic: boolean): {
  secret: string;
  secretHash: string;
  publicSecret: string | null;
} {
  const secret = crypto.randomBytes(24).toString('base64url');
  return { secret, secretHash: sha256(secret), publicSecret: isPublic ? secret : null };
}

/** Account sessions of a client and its own client_credentials tokens (not copyright sessions). */
const CLIENT_SESSION_KINDS = ['admin', 'client'];

/** Tokens of a client that still work: not revoked, and the access or the refresh token unexpired. */
function liveTokensOf(clientId: string) {
  const now = new Date();
  return and(
    eq(tokens.clientId, clientId),
    inArray(tokens.kind, CLIENT_SESSION_KINDS),
    isNull(tokens.revokedAt),
    or(gt(tokens.accessExpiresAt, now), gt(tokens.refreshExpiresAt, now)),
  );
}

export async function countLiveTokens(db: Db, clientId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tokens).where(liveTokensOf(clientId));
  return row?.n ?? 0;
}

/** Revokes every live token pair issued to a client (secret reset, client disabled). */
export async function revokeClientTokens(db: Db, clientId: string, reason: string): Promise<number> {
  const revoked = await db
    .update(tokens)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(tokens.clientId, clientId),
        inArray(tokens.kind, CLIENT_SESSION_KINDS),
        isNull(tokens.revokedAt),
      ),
    )
    .returning({ id: tokens.id });
  return revoked.length;
}

/** The public client other than `exceptId`, if any (at most one may exist). */
export async function otherPublicClient(db: Db, exceptId?: number): Promise<ClientRow | undefined> {
  const rows = await db.select().from(oauthClients).where(eq(oauthClients.isPublic, true));
  return rows.find((r) => r.id !== exceptId);
}

/**
 * What another module keeps of a client, refusing the client's deletion (it throws, e.g. a 409):
 * copyright plugs in its branding records (copyright.module.ts). Run after the live-token check.
 */
export type ClientDeleteGuard = (db: Db, clientId: string) => Promise<void>;

export const clientDeleteGuards = extensionPoint<ClientDeleteGuard>('oauth.clientDeleteGuards');
