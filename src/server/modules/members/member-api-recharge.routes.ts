import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  memberApi,
  MemberRechargePaySchema,
  MemberRechargeSchema,
  RechargeResultSchema,
  RechargeRuleOptionSchema,
} from '../../../shared/api/member-api.ts';
import { queryRows } from '../../db/rows.ts';
import { MINI_PROGRAM } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { memberClient, requireMember } from './member-session.service.ts';
import { confirmRecharge, createRecharge } from './recharge.service.ts';
import { memberApiContext, memberProfile } from './member-api-parts.ts';

// hand-registered (file): the member's calls from the mini-program (its own token), not staff actions

/** The member API's top-ups (docs/api.md "Member API"): the rules, a top-up and its payment. */
export async function memberApiRechargeRoutes(root: FastifyInstance) {
  const { app, db, tags, headers, access } = memberApiContext(root);

  app.get(
    memberApi.rechargeRules,
    {
      config: { access: MINI_PROGRAM },
      schema: {
        tags,
        summary: 'The enabled top-up rules ("pay 100 get 10")',
        headers,
        response: { 200: envelopeSchema(z.array(RechargeRuleOptionSchema)) },
      },
    },
    async (req) => {
      const { scenicId } = memberClient(req);
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select id, pay_amount, gift_amount, remark from recharge_rules
            where scenic_id = ${scenicId} and status = 1 order by sort, pay_amount`,
      );
      return ok(
        req,
        rows.map((r) => ({
          id: Number(r.id),
          payAmount: Number(r.pay_amount),
          giftAmount: Number(r.gift_amount),
          remark: String(r.remark),
        })),
      );
    },
  );

  app.post(
    memberApi.recharge,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Start a top-up (pending until paid: /api/open/pay/prepay with target topup for WeChat Pay and Alipay, rechargePay for other pay ways); a rule of exactly this amount adds its gift',
        headers,
        body: MemberRechargeSchema,
        response: { 200: envelopeSchema(RechargeResultSchema) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const recharge = await createRecharge(db, {
        scenicId,
        memberId,
        amount: req.body.amount,
        payWay: req.body.payWay,
      });
      const profile = await memberProfile(db, scenicId, memberId);
      return ok(req, { ...recharge, balance: profile.balance });
    },
  );

  app.post(
    memberApi.rechargePay,
    {
      config: access,
      schema: {
        tags,
        summary:
          "Confirm a top-up's payment: the amount and the gift credited once (deduplicated by providerTxnId). A top-up of WeChat Pay (2) or Alipay (3) is paid through /api/open/pay/prepay (target topup) instead: 400 naming payWay",
        headers,
        body: MemberRechargePaySchema,
        response: { 200: envelopeSchema(RechargeResultSchema) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const { recharge, balance } = await confirmRecharge(db, {
        scenicId,
        memberId,
        ...req.body,
        reported: true,
      });
      return ok(req, { ...recharge, balance });
    },
  );
}
