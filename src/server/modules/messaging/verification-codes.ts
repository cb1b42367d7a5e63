import crypto from 'node:crypto';
import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { messageText, queueMessage } from './message-kinds.ts';
import { smsCodes } from './messaging.table.ts';

/** How long a code is good for. */
export const CODE_TTL_MS = 5 * 60_000;
/** The least time between two codes to one phone. */
export const CODE_RESEND_MS = 60_000;
/** Codes one phone may get in an hour. */
export const CODES_PER_PHONE_HOUR = 5;
/** Codes one address may ask for in an hour (over every phone). */
export const CODES_PER_ADDRESS_HOUR = 20;
/** Wrong tries before a code is dead. */
export const CODE_TRIES = 5;

const HOUR_MS = 3_600_000;

const hashOf = (scenicId: number, phone: string, code: string) =>
  crypto.createHash('sha256').update(`${scenicId}:${phone}:${code}`).digest('hex');

/**
 * Sends a verification code (SMS template 1) to a phone: at most one a minute and five an hour per
 * phone, twenty an hour per address, checked under transaction-scoped advisory locks of the address
 * and the phone (so two requests at once count each other, on every instance). Only the code's
 * hash is kept; the message goes through the outbox like every other.
 */
export async function sendVerificationCode(
  db: Db,
  input: { scenicId: number; phone: string; clientIp: string; now?: Date },
): Promise<{ expiresAt: Date; resendAfterSeconds: number }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`smsCodeIp:${input.clientIp}`}))`);
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`smsCode:${input.scenicId}:${input.phone}`}))`,
    );
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const variables = { code, minutes: String(CODE_TTL_MS / 60_000) };
    if (!(await messageText(tx, { scenicId: input.scenicId, template: 1, variables })))
      throw new AppError(409, 'smsCodeUnavailable');
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const recent = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.scenicId, input.scenicId),
          eq(smsCodes.phone, input.phone),
          gte(smsCodes.createdAt, hourAgo),
        ),
      )
      .orderBy(desc(smsCodes.createdAt));
    const wait = recent[0] ? recent[0].createdAt.getTime() + CODE_RESEND_MS - now.getTime() : 0;
    if (wait > 0) throw new AppError(429, 'smsCodeTooSoon', { params: { seconds: Math.ceil(wait / 1000) } });
    const [byAddress] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.clientIp, input.clientIp), gte(smsCodes.createdAt, hourAgo)));
    if (recent.length >= CODES_PER_PHONE_HOUR || Number(byAddress?.n ?? 0) >= CODES_PER_ADDRESS_HOUR)
      throw new AppError(429, 'smsCodeLimit');
    const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
    const [row] = await tx
      .insert(smsCodes)
      .values({
        scenicId: input.scenicId,
        phone: input.phone,
        codeHash: hashOf(input.scenicId, input.phone, code),
        clientIp: input.clientIp,
        expiresAt,
        createdAt: now,
      })
      .returning({ id: smsCodes.id });
    await queueMessage(tx, {
      scenicId: input.scenicId,
      template: 1,
      phone: input.phone,
      variables,
      eventKey: `smsCode:${row!.id}`,
      clientIp: input.clientIp,
    });
    return { expiresAt, resendAfterSeconds: CODE_RESEND_MS / 1000 };
  });
}

/**
 * Uses the phone's latest code: true once when it matches, in time and within its tries (a
 * compare-and-set on `used_at`, so two calls with the same code cannot both pass). A wrong code
 * counts a try, committed on its own, whatever the caller does next.
 */
export async function useVerificationCode(
  db: Db,
  input: { scenicId: number; phone: string; code: string; now?: Date },
): Promise<boolean> {
  const now = input.now ?? new Date();
  const [latest] = await db
    .select()
    .from(smsCodes)
    .where(
      and(eq(smsCodes.scenicId, input.scenicId), eq(smsCodes.phone, input.phone), isNull(smsCodes.usedAt)),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!latest || latest.expiresAt <= now || latest.tries >= CODE_TRIES) return false;
  const given = Buffer.from(hashOf(input.scenicId, input.phone, input.code));
  if (!crypto.timingSafeEqual(given, Buffer.from(latest.codeHash))) {
    await db
      .update(smsCodes)
      .set({ tries: sql`${smsCodes.tries} + 1` })
      .where(eq(smsCodes.id, latest.id));
    return false;
  }
  const used = await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.usedAt), sql`${smsCodes.tries} < ${CODE_TRIES}`))
    .returning({ id: smsCodes.id });
  return used.length === 1;
}
