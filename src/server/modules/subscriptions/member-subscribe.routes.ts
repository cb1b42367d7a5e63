import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  memberSubscribeApi,
  MemberSubscribeConsentSchema,
  MemberSubscribeTemplateSchema,
  MemberWechatBindResultSchema,
  MemberWechatBindSchema,
  type MemberSubscribeConsent,
} from '../../../shared/api/subscriptions.ts';
import { SubscribeReason } from '../../../shared/dict/subscriptions.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { ok } from '../../http/envelope.ts';
import { EgressError } from '../../lib/egress.ts';
import { memberApiContext, requireMember } from '../members/index.ts';
import { credentialsOf } from './subscribe-settings.service.ts';
import { mpMembers, subscribeConsents, subscribeTemplates } from './subscriptions.table.ts';
import { openidOfCode } from './wechat-mp.client.ts';

// hand-registered (file): the member's calls from the mini-program (its own token), not staff actions

/** A one-time template holds at most this many unused acceptances of a member. */
export const MAX_REMAINING = 100;

/** Binds the member to the openid WeChat gives for a wx.login code; a later bind replaces it. */
async function bindWechat(db: Db, scenicId: number, memberId: number, code: string): Promise<void> {
  const credentials = await credentialsOf(db, scenicId);
  if (!credentials) throw new AppError(409, 'mpAppNotSet');
  let got: Awaited<ReturnType<typeof openidOfCode>>;
  try {
    got = await openidOfCode(credentials, code);
  } catch (err) {
    if (err instanceof EgressError) throw new AppError(503, 'wechatUnreachable');
    throw err;
  }
  if ('refusal' in got) throw new FieldError('code', SubscribeReason.codeRefused);
  const { openid } = got;
  await db.transaction(async (tx) => {
    // the openid belongs to one member of the area: another member's binding of it ends
    await tx
      .delete(mpMembers)
      .where(
        and(
          eq(mpMembers.scenicId, scenicId),
          eq(mpMembers.appId, credentials.appId),
          eq(mpMembers.openid, openid),
          sql`${mpMembers.memberId} <> ${memberId}`,
        ),
      );
    await tx
      .insert(mpMembers)
      .values({ scenicId, memberId, appId: credentials.appId, openid })
      .onConflictDoUpdate({
        target: [mpMembers.scenicId, mpMembers.memberId],
        set: { appId: credentials.appId, openid, updatedAt: new Date() },
      });
  });
}

/**
 * Records what wx.requestSubscribeMessage answered: accept adds one message to a one-time template
 * (up to MAX_REMAINING) and subscribes to a long-term one; reject, ban and filter end both. Every id
 * must be an enabled template of the area (400 on `results.<id>` otherwise), and nothing is
 * recorded unless all are.
 */
async function recordConsents(db: Db, scenicId: number, memberId: number, input: MemberSubscribeConsent) {
  const templates = await db
    .select()
    .from(subscribeTemplates)
    .where(and(eq(subscribeTemplates.scenicId, scenicId), eq(subscribeTemplates.enabled, true)));
  const byWxId = new Map(templates.map((t) => [t.wxTemplateId, t]));
  for (const wxId of Object.keys(input.results))
    if (!byWxId.has(wxId)) throw new FieldError(`results.${wxId}`, SubscribeReason.templateUnknown);
  await db.transaction(async (tx) => {
    for (const [wxId, answer] of Object.entries(input.results)) {
      const template = byWxId.get(wxId)!;
      const accept = answer === 'accept';
      const add = accept && template.type === 2 ? 1 : 0;
      await tx
        .insert(subscribeConsents)
        .values({ scenicId, templateId: template.id, memberId, accepted: accept, remaining: add, answer })
        .onConflictDoUpdate({
          target: [subscribeConsents.templateId, subscribeConsents.memberId],
          set: {
            accepted: accept,
            remaining: accept
              ? sql`least(${subscribeConsents.remaining} + ${add}, ${MAX_REMAINING})`
              : sql`0`,
            answer,
            updatedAt: new Date(),
          },
        });
    }
  });
}

/** The area's enabled templates with the member's consent to each. */
async function templatesForMember(db: Db, scenicId: number, memberId: number) {
  const rows = await db
    .select({
      wxTemplateId: subscribeTemplates.wxTemplateId,
      type: subscribeTemplates.type,
      use: subscribeTemplates.use,
      title: subscribeTemplates.title,
      accepted: subscribeConsents.accepted,
      remaining: subscribeConsents.remaining,
    })
    .from(subscribeTemplates)
    .leftJoin(
      subscribeConsents,
      and(eq(subscribeConsents.templateId, subscribeTemplates.id), eq(subscribeConsents.memberId, memberId)),
    )
    .where(and(eq(subscribeTemplates.scenicId, scenicId), eq(subscribeTemplates.enabled, true)))
    .orderBy(subscribeTemplates.id);
  return rows.map((r) => ({
    wxTemplateId: r.wxTemplateId,
    type: r.type as 2 | 3,
    use: r.use as 1,
    title: r.title,
    accepted: r.accepted ?? false,
    remaining: r.remaining ?? 0,
  }));
}

/** The member API's subscription calls (docs/api.md "Member API"), with the member's token. */
export async function memberSubscribeRoutes(root: FastifyInstance) {
  const { app, db, tags, headers, access } = memberApiContext(root);

  app.post(
    memberSubscribeApi.wechatBind,
    {
      config: access,
      schema: {
        tags,
        summary:
          "Binds the member to their WeChat openid: the mini-program sends the code of wx.login, the server asks WeChat (jscode2session). 409 when the area's mini-program is not set up; 400 on `code` when WeChat refuses it",
        headers,
        body: MemberWechatBindSchema,
        response: { 200: envelopeSchema(MemberWechatBindResultSchema) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      await bindWechat(db, scenicId, memberId, req.body.code);
      return ok(req, { bound: true });
    },
  );

  app.get(
    memberSubscribeApi.subscribeTemplates,
    {
      config: access,
      schema: {
        tags,
        summary:
          "The area's enabled subscription templates (their WeChat ids for wx.requestSubscribeMessage) and the member's consent to each",
        headers,
        response: { 200: envelopeSchema(z.array(MemberSubscribeTemplateSchema)) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      return ok(req, await templatesForMember(db, scenicId, memberId));
    },
  );

  app.post(
    memberSubscribeApi.subscribeConsent,
    {
      config: access,
      schema: {
        tags,
        summary:
          "Records wx.requestSubscribeMessage's answer (template id → accept / reject / ban / filter). A one-time acceptance lets one message go; a long-term one stays until rejected. The member must be bound (wechatBind, 409)",
        headers,
        body: MemberSubscribeConsentSchema,
        response: { 200: envelopeSchema(z.array(MemberSubscribeTemplateSchema)) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const [bound] = await db
        .select({ openid: mpMembers.openid })
        .from(mpMembers)
        .where(and(eq(mpMembers.scenicId, scenicId), eq(mpMembers.memberId, memberId)));
      if (!bound) throw new AppError(409, 'wechatNotBound');
      await recordConsents(db, scenicId, memberId, req.body);
      return ok(req, await templatesForMember(db, scenicId, memberId));
    },
  );
}
