import type { FastifyRequest } from 'fastify';
import type { AuditModuleCode, AuditTargetCode } from '../../../shared/dict/audit.ts';
import { storableText } from '../../../shared/text.ts';
import type { Db } from '../../db/client.ts';
import { auditLogs } from './audit.table.ts';

export interface AuditEntry {
  module: AuditModuleCode;
  action: string;
  targetType?: AuditTargetCode;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  /** Overrides the request's account (e.g. a public password change names its account here). */
  actor?: { adminId: number; username: string; scenicId: number | null };
}

/** Who made a change, where there is no request to read it from (jobs) or a service acts for one. */
export interface AuditActor {
  adminId?: number | null | undefined;
  /** An account's user name, a machine client's id, or `system` */
  username: string;
  /** The scenic area the change belongs to (null: platform-wide records) */
  scenicId: number | null;
  ip?: string | undefined;
  requestId?: string | undefined;
}

/** The background jobs' actor (deadlines, validity end): no account, no request. */
export const SYSTEM = 'system';

/** The actor of a request: the logged-in account, the copyright session or the machine client. */
export function actorOfRequest(req: FastifyRequest): AuditActor {
  const common = { ip: req.ip, requestId: String(req.id) };
  if (req.auth) {
    return { ...common, adminId: req.auth.adminId, username: req.auth.username, scenicId: req.auth.scenicId };
  }
  if (req.copyrightAuth) {
    return {
      ...common,
      adminId: req.copyrightAuth.adminId,
      username: req.copyrightAuth.username,
      scenicId: null,
    };
  }
  if (req.client)
    return { ...common, adminId: null, username: req.client.clientId, scenicId: req.client.scenicId };
  return { ...common, adminId: null, username: '', scenicId: null };
}

/**
 * Keys that hold a secret: starting with password/secret or ending in password, secret, token, hash
 * or privateKey (passwordHash, publicSecret, access_token). Lifetimes and counts such as
 * accessTokenTtl or revokedSessions stay readable.
 */
const SECRET_KEYS = /^(password|secret)|(password|secret|token|hash|privatekey)$/i;

/**
 * Drops secrets from a before/after snapshot so the audit log never holds one, and makes its text
 * storable: a NUL or a lone surrogate becomes U+FFFD (docs/decisions.md "Text that enters storage"),
 * since a snapshot holds whatever a change read or computed, not only validated fields, and the
 * change must still be recorded.
 */
export function redact(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (value == null || typeof value !== 'object') return value ?? null;
  if (Array.isArray(value)) return value.map(redact);
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_KEYS.test(key))
      .map(([key, v]) => [storableText(key), v instanceof Date ? v.toISOString() : redact(v)]),
  );
}

/**
 * The one place audit rows are written (call it with the transaction that makes the change):
 * secrets dropped from the snapshots, names from the shared vocabulary.
 */
export async function recordAudit(
  db: Db,
  actor: AuditActor,
  entry: Omit<AuditEntry, 'actor'>,
): Promise<void> {
  await db.insert(auditLogs).values({
    scenicId: actor.scenicId,
    adminId: actor.adminId ?? null,
    username: storableText(actor.username.slice(0, 64)),
    module: entry.module,
    action: storableText(entry.action),
    targetType: entry.targetType ?? '',
    targetId: entry.targetId == null ? '' : storableText(String(entry.targetId)),
    before: redact(entry.before),
    after: redact(entry.after),
    ip: actor.ip ?? '',
    requestId: actor.requestId ?? '',
  });
}

/** Writes one audit row for a request's change (its account, address and request id). */
export async function writeAudit(db: Db, req: FastifyRequest, entry: AuditEntry): Promise<void> {
  const { actor, ...rest } = entry;
  await recordAudit(db, actor ? { ...actorOfRequest(req), ...actor } : actorOfRequest(req), rest);
}
