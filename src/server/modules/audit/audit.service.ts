import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditLogs } from './audit.table.ts';

export interface AuditEntry {
  module: string;
  action: string;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  /** Overrides the request's account (e.g. a public password change names its account here). */
  actor?: { adminId: number; username: string; scenicId: number | null };
}

/**
 * Keys that hold a secret: starting with password/secret or ending in password, secret, token, hash
 * or privateKey (passwordHash, publicSecret, access_token). Lifetimes and counts such as
 * accessTokenTtl or revokedSessions stay readable.
 */
const SECRET_KEYS = /^(password|secret)|(password|secret|token|hash|privatekey)$/i;

/** Drops secrets from a before/after snapshot so the audit log never holds one. */
export function redact(value: unknown): unknown {
  if (value == null || typeof value !== 'object') return value ?? null;
  if (Array.isArray(value)) return value.map(redact);
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_KEYS.test(key))
      .map(([key, v]) => [key, v instanceof Date ? v.toISOString() : redact(v)]),
  );
}

/** Writes one audit row; call it with the transaction that makes the change. */
export async function writeAudit(db: Db, req: FastifyRequest, entry: AuditEntry): Promise<void> {
  const actor =
    entry.actor ??
    (req.auth
      ? { adminId: req.auth.adminId, username: req.auth.username, scenicId: req.auth.scenicId }
      : req.copyrightAuth
        ? { adminId: req.copyrightAuth.adminId, username: req.copyrightAuth.username, scenicId: null }
        : { adminId: null, username: '', scenicId: null });
  await db.insert(auditLogs).values({
    scenicId: actor.scenicId,
    adminId: actor.adminId,
    username: actor.username,
    module: entry.module,
    action: entry.action,
    targetType: entry.targetType ?? '',
    targetId: entry.targetId == null ? '' : String(entry.targetId),
    before: redact(entry.before),
    after: redact(entry.after),
    ip: req.ip,
    requestId: String(req.id),
  });
}
