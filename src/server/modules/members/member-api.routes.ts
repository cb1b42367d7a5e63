import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  MemberLedgerQuerySchema,
  MemberLedgerSchema,
  MemberLoginResultSchema,
  MemberLoginSchema,
  memberApi,
  MemberProfileSchema,
  MemberProfileUpdateSchema,
  MemberSmsCodeResultSchema,
  MemberSmsCodeSchema,
} from '../../../shared/api/member-api.ts';
import { SmsReason } from '../../../shared/dict/messaging.ts';
import { queryRows } from '../../db/rows.ts';
import { MINI_PROGRAM } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { FieldError } from '../../http/errors.ts';
import { sendVerificationCode, useVerificationCode } from '../messaging/index.ts';
import { memberClient, requireMember, signInMember, signOutMember } from './member-session.service.ts';
import { iso, memberApiContext, memberProfile } from './member-api-parts.ts';

// hand-registered (file): the member's calls from the mini-program (its own token), not staff actions

/**
 * The member API (docs/api.md "Member API"): the mini-program's calls for a member. Every route
 * takes the client token (client_credentials) and X-Scenic-Id; all but `login` also the member's
 * `X-Member-Token`. Ordering is the selling API's `/api/open/order/create` with the same header.
 */
export async function memberApiRoutes(root: FastifyInstance) {
  const { app, db, tags, headers, access } = memberApiContext(root);

  app.post(
    memberApi.login,
    {
      config: { access: MINI_PROGRAM },
      schema: {
        tags,
        summary:
          'Sign a member in by the phone the mini-program verified, or by an SMS code from `smsCode` (400 on `code` when wrong, expired or used); registers a new member (with the registration-gift coupons)',
        headers,
        body: MemberLoginSchema,
        response: { 200: envelopeSchema(MemberLoginResultSchema) },
      },
    },
    async (req) => {
      const { scenicId, clientId } = memberClient(req);
      const { code, ...body } = req.body;
      // a phone verified by SMS: the code must match (one use, a few tries)
      if (code !== undefined && !(await useVerificationCode(db, { scenicId, phone: body.phone, code })))
        throw new FieldError('code', SmsReason.codeWrong);
      const session = await signInMember(db, { scenicId, clientId, ...body });
      return ok(req, {
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
        registered: session.registered,
        member: await memberProfile(db, scenicId, session.memberId),
      });
    },
  );

  app.post(
    memberApi.smsCode,
    {
      config: { access: MINI_PROGRAM },
      schema: {
        tags,
        summary:
          'Sends a verification code (SMS template 1) to a phone for `login`: one a minute and five an hour per phone, twenty an hour per address (429 beyond)',
        headers,
        body: MemberSmsCodeSchema,
        response: { 200: envelopeSchema(MemberSmsCodeResultSchema) },
      },
    },
    async (req) => {
      const { scenicId } = memberClient(req);
      const sent = await sendVerificationCode(db, { scenicId, phone: req.body.phone, clientIp: req.ip });
      return ok(req, {
        expiresAt: sent.expiresAt.toISOString(),
        resendAfterSeconds: sent.resendAfterSeconds,
      });
    },
  );

  app.post(
    memberApi.logout,
    { config: access, schema: { tags, summary: 'Sign the member out (the token stops working)', headers } },
    async (req) => {
      memberClient(req);
      await signOutMember(db, req);
      return ok(req, null);
    },
  );

  app.get(
    memberApi.profile,
    {
      config: access,
      schema: {
        tags,
        summary: "The member's profile, level, balance and points",
        headers,
        response: { 200: envelopeSchema(MemberProfileSchema) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      return ok(req, await memberProfile(db, scenicId, memberId));
    },
  );

  app.post(
    memberApi.updateProfile,
    {
      config: access,
      schema: {
        tags,
        summary: 'Change nickname or avatar',
        headers,
        body: MemberProfileUpdateSchema,
        response: { 200: envelopeSchema(MemberProfileSchema) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const { nickname, avatar } = req.body;
      await db.execute(
        sql`update members set nickname = coalesce(${nickname ?? null}, nickname), avatar = coalesce(${avatar ?? null}, avatar),
              updated_at = now()
            where id = ${memberId} and scenic_id = ${scenicId}`,
      );
      return ok(req, await memberProfile(db, scenicId, memberId));
    },
  );

  app.get(
    memberApi.ledger,
    {
      config: access,
      schema: {
        tags,
        summary: 'The balance and its ledger, newest first',
        headers,
        querystring: MemberLedgerQuerySchema,
        response: { 200: envelopeSchema(MemberLedgerSchema) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const { page, limit } = req.query;
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select id, operation, change, balance_after, reference, created_at from member_ledger
            where member_id = ${memberId} and scenic_id = ${scenicId}
            order by id desc limit ${limit} offset ${(page - 1) * limit}`,
      );
      const [count] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from member_ledger where member_id = ${memberId}`,
      );
      const profile = await memberProfile(db, scenicId, memberId);
      return ok(req, {
        balance: profile.balance,
        total: Number(count!.n),
        rows: rows.map((r) => ({
          id: Number(r.id),
          operation: Number(r.operation),
          change: Number(r.change),
          balanceAfter: Number(r.balance_after),
          reference: String(r.reference),
          time: iso(r.created_at)!,
        })),
      });
    },
  );
}
