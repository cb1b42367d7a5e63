import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { idempotencyKeys } from './orders.table.ts';

/** JSON with object keys sorted, so the same body hashes the same whatever its key order. */
function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

/** The request's `Idempotency-Key` header: required, 1-128 visible characters (400 naming it). */
export function idempotencyKeyOf(req: FastifyRequest): string {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !/^[\x21-\x7e]{1,128}$/.test(key))
    throw new FieldError('Idempotency-Key', ValidationMessage.idempotencyKey);
  return key;
}

/**
 * Who a key belongs to (docs/api.md "Idempotency"): a console account, or a client and, when it acts
 * for a signed-in member, that member. The same key from another caller never answers the first
 * caller's answer. Longer than the column: its SHA-256.
 */
export function callerOf(req: FastifyRequest): string {
  const caller = req.auth
    ? `admin:${req.auth.adminId}`
    : req.client
      ? req.memberId != null
        ? `${req.client.clientId}#member:${req.memberId}`
        : req.client.clientId
      : null;
  if (!caller) throw new AppError(401, 'unauthorized');
  return caller.length <= 64 ? caller : crypto.createHash('sha256').update(caller).digest('hex');
}

/**
 * Runs a money- or stock-moving call once per (caller, key), in one transaction with the key's row
 * (docs/architecture.md). The same key with the same method, path and body answers what the first call
 * answered; with another request it is a 409. A failed call keeps no key, so it may be retried.
 * Two concurrent calls with one key: the second waits on the key's unique index, then replays.
 * `request`: what identifies the call besides method and path (default the body; a GET names its
 * query, without parts that differ on every try such as an encrypted password).
 */
export async function withIdempotency<T>(
  db: Db,
  req: FastifyRequest,
  run: (tx: Db) => Promise<T>,
  request: unknown = req.body ?? null,
): Promise<T> {
  const key = idempotencyKeyOf(req);
  const clientId = callerOf(req);
  const requestHash = crypto
    .createHash('sha256')
    .update(stableJson({ method: req.method, path: req.routeOptions.url, body: request }))
    .digest('hex');
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ clientId, key, requestHash })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (!claimed) {
      const [seen] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.clientId, clientId), eq(idempotencyKeys.key, key)));
      if (seen && seen.requestHash !== requestHash) throw new AppError(409, 'idempotencyKeyReused');
      if (!seen || seen.statusCode == null) throw new AppError(409, 'idempotencyInProgress');
      return seen.response as T;
    }
    // what is stored is what is answered, both times
    const value = JSON.parse(JSON.stringify(await run(tx))) as T;
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: 200, response: value })
      .where(eq(idempotencyKeys.id, claimed.id));
    return value;
  });
}
