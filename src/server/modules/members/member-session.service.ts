import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MEMBER_SOURCE, MEMBER_STATUS } from '../../../shared/dict/members.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { requireClient } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { extensionPoint } from '../../lib/extension-point.ts';
import { sha256 } from '../auth/index.ts';

/**
 * Members signed in through the mini-program (docs/api.md "Member API"): the mini-program is a
 * confidential OAuth client that has verified the visitor's phone with WeChat; it signs the member in
 * by phone and then calls on their behalf with the member token in `X-Member-Token`.
 */

/**
 * Extension point "member registered" (docs/architecture.md "Extension points"): what a new member
 * gets when they first sign in (coupons: the registration gifts), in the sign-in's transaction.
 */
export interface MemberRegisteredListener {
  name: string;
  registered(tx: Db, scenicId: number, memberId: number, now: Date): Promise<void>;
}

export const memberRegistered = extensionPoint<MemberRegisteredListener>('members.registered');

/** The OAuth clients that may act for members (the WeChat mini-program). */
export const MEMBER_CLIENTS: readonly string[] = ['weixinManagement'];
/** How long a member token lives. */
export const MEMBER_SESSION_DAYS = 30;

export interface MemberCaller {
  scenicId: number;
  clientId: string;
  memberId: number;
}

/** The calling client, refused (403) unless it may act for members. */
export function memberClient(req: FastifyRequest): { scenicId: number; clientId: string } {
  const client = requireClient(req);
  if (!MEMBER_CLIENTS.includes(client.clientId)) throw new AppError(403, 'memberClientOnly');
  return { scenicId: client.scenicId, clientId: client.clientId };
}

/**
 * Signs a member in by phone, registering them when new (source: the mini-program; the entry level;
 * the registration-gift coupons). Answers a new member token, which replaces the member's earlier
 * sessions on this client. 409 for a frozen member.
 */
export async function signInMember(
  db: Db,
  input: {
    scenicId: number;
    clientId: string;
    phone: string;
    nickname?: string;
    avatar?: string;
    now?: Date;
  },
): Promise<{ token: string; expiresAt: Date; memberId: number; registered: boolean }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [inserted] = await queryRows<{ id: number }>(
      tx,
      sql`insert into members (scenic_id, phone, nickname, avatar, source, level_id, registered_at)
          values (${input.scenicId}, ${input.phone}, ${input.nickname ?? ''}, ${input.avatar ?? ''},
            ${MEMBER_SOURCE.miniProgram},
            (select id from member_levels where scenic_id = ${input.scenicId} and status = 1 and threshold = 0
             order by id limit 1),
            ${now})
          on conflict (scenic_id, phone) do nothing
          returning id`,
    );
    let memberId: number;
    if (inserted) {
      memberId = Number(inserted.id);
      for (const l of memberRegistered.items) await l.registered(tx, input.scenicId, memberId, now);
    } else {
      const [member] = await queryRows<{ id: number; status: number }>(
        tx,
        sql`select id, status from members where scenic_id = ${input.scenicId} and phone = ${input.phone}`,
      );
      if (!member) throw new AppError(409, 'memberNotFound');
      if (Number(member.status) === MEMBER_STATUS.frozen) throw new AppError(409, 'memberFrozen');
      memberId = Number(member.id);
    }
    const token = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + MEMBER_SESSION_DAYS * 86_400_000);
    // one session per member and client: a sign-in ends the earlier ones (docs/accounts.md)
    await tx.execute(
      sql`delete from member_sessions where member_id = ${memberId} and client_id = ${input.clientId}`,
    );
    await tx.execute(
      sql`insert into member_sessions (scenic_id, member_id, client_id, token_hash, expires_at)
          values (${input.scenicId}, ${memberId}, ${input.clientId}, ${sha256(token)}, ${expiresAt})`,
    );
    return { token, expiresAt, memberId, registered: !!inserted };
  });
}

/**
 * The member behind `X-Member-Token`: a live session of this client in this area, of an active
 * member. Null when the header is absent; 401 when it is not valid.
 */
export async function memberOfToken(db: Db, req: FastifyRequest): Promise<MemberCaller | null> {
  const header = req.headers['x-member-token'];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token) return null;
  const { scenicId, clientId } = memberClient(req);
  const [row] = await queryRows<{ member_id: number; status: number }>(
    db,
    sql`select s.member_id, m.status from member_sessions s join members m on m.id = s.member_id
        where s.token_hash = ${sha256(token)} and s.scenic_id = ${scenicId} and s.client_id = ${clientId}
          and s.expires_at > now()`,
  );
  if (!row) throw new AppError(401, 'memberTokenInvalid');
  if (Number(row.status) === MEMBER_STATUS.frozen) throw new AppError(409, 'memberFrozen');
  req.memberId = Number(row.member_id);
  return { scenicId, clientId, memberId: req.memberId };
}

/** As memberOfToken, but the member is required (401 without the header). */
export async function requireMember(db: Db, req: FastifyRequest): Promise<MemberCaller> {
  const member = await memberOfToken(db, req);
  if (!member) throw new AppError(401, 'memberTokenRequired');
  return member;
}

/** Signs a member out: the token stops working. */
export async function signOutMember(db: Db, req: FastifyRequest): Promise<void> {
  const header = req.headers['x-member-token'];
  const token = Array.isArray(header) ? header[0] : header;
  if (token) await db.execute(sql`delete from member_sessions where token_hash = ${sha256(token)}`);
}
