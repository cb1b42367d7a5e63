import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  ClaimCouponSchema,
  CouponCenterRowSchema,
  MemberCouponRowSchema,
  MemberCouponsQuerySchema,
  memberApi,
  RedeemCodeSchema,
} from '../../../shared/api/member-api.ts';
import { COUPON_STATUS, COUPON_TYPE, RECEIVE_WAY } from '../../../shared/dict/coupons.ts';
import { queryRows } from '../../db/rows.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { ints, iso, memberApiContext, requireMember } from '../members/index.ts';
import { giveCoupon, redeemCode } from './coupons.service.ts';

// hand-registered (file): the member's calls from the mini-program (its own token), not staff actions

/** The member API's coupons (docs/api.md "Member API"): those held and the coupon centre. */
export async function memberApiCouponRoutes(root: FastifyInstance) {
  const { app, db, tags, headers, access } = memberApiContext(root);

  app.get(
    memberApi.coupons,
    {
      config: access,
      schema: {
        tags,
        summary: "The member's coupons, newest first",
        headers,
        querystring: MemberCouponsQuerySchema,
        response: { 200: envelopeSchema(z.array(MemberCouponRowSchema)) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select mc.id, mc.coupon_id, mc.status, mc.reserved_order_no, mc.valid_from, mc.valid_until, mc.used_order_no,
              c.name, c.use_type, c.scope, c.product_ids, c.discount_kind, c.amount_off, c.percent, c.min_spend, c.description
            from member_coupons mc join coupons c on c.id = mc.coupon_id
            where mc.member_id = ${memberId} and mc.scenic_id = ${scenicId}
              ${req.query.status ? sql`and mc.status = ${req.query.status}` : sql``}
            order by mc.id desc limit 200`,
      );
      return ok(
        req,
        rows.map((r) => ({
          id: Number(r.id),
          couponId: Number(r.coupon_id),
          name: String(r.name),
          useType: Number(r.use_type),
          scope: Number(r.scope),
          productIds: ints(r.product_ids),
          discountKind: Number(r.discount_kind),
          amountOff: Number(r.amount_off),
          percent: Number(r.percent),
          minSpend: Number(r.min_spend),
          description: String(r.description),
          status: Number(r.status),
          reserved: r.reserved_order_no != null,
          validFrom: iso(r.valid_from)!,
          validUntil: iso(r.valid_until)!,
          usedOrderNo: (r.used_order_no as string | null) ?? null,
        })),
      );
    },
  );

  app.get(
    memberApi.couponCenter,
    {
      config: access,
      schema: {
        tags,
        summary: 'Coupons the member may claim (general coupons on shelf with quantity left)',
        headers,
        response: { 200: envelopeSchema(z.array(CouponCenterRowSchema)) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select c.id, c.name, c.use_type, c.discount_kind, c.amount_off, c.percent, c.min_spend, c.description,
              c.total_quantity - c.issued as left_count, c.per_member_limit,
              (select count(*) from member_coupons mc where mc.coupon_id = c.id and mc.member_id = ${memberId})::int as held
            from coupons c
            where c.scenic_id = ${scenicId} and c.status = ${COUPON_STATUS.onShelf} and c.coupon_type = ${COUPON_TYPE.general}
              and c.issued < c.total_quantity
              and (c.validity_kind = 2 or c.valid_to is null or c.valid_to >= current_date)
            order by c.id desc`,
      );
      return ok(
        req,
        rows.map((r) => ({
          couponId: Number(r.id),
          name: String(r.name),
          useType: Number(r.use_type),
          discountKind: Number(r.discount_kind),
          amountOff: Number(r.amount_off),
          percent: Number(r.percent),
          minSpend: Number(r.min_spend),
          description: String(r.description),
          left: Number(r.left_count),
          perMemberLimit: Number(r.per_member_limit),
          held: Number(r.held),
        })),
      );
    },
  );
}

/** The member API's ways to get a coupon: claiming one from the centre, or redeeming a code. */
export async function memberApiClaimRoutes(root: FastifyInstance) {
  const { app, db, tags, headers, access } = memberApiContext(root);

  app.post(
    memberApi.claim,
    {
      config: access,
      schema: {
        tags,
        summary: 'Claim a general coupon of the coupon centre',
        headers,
        body: ClaimCouponSchema,
        response: { 200: envelopeSchema(z.object({ memberCouponId: z.number().int() })) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const data = await db.transaction(async (tx) => {
        const [coupon] = await queryRows<{ coupon_type: number }>(
          tx,
          sql`select coupon_type from coupons where id = ${req.body.couponId} and scenic_id = ${scenicId}`,
        );
        if (!coupon) throw new AppError(404, 'couponNotFound');
        if (Number(coupon.coupon_type) !== COUPON_TYPE.general) throw new AppError(409, 'couponNotClaimable');
        return giveCoupon(tx, {
          scenicId,
          couponId: req.body.couponId,
          memberId,
          receiveWay: RECEIVE_WAY.claimed,
        });
      });
      return ok(req, data);
    },
  );

  app.post(
    memberApi.redeem,
    {
      config: access,
      schema: {
        tags,
        summary: 'Redeem a code of a redeem-code coupon (each code once)',
        headers,
        body: RedeemCodeSchema,
        response: {
          200: envelopeSchema(z.object({ memberCouponId: z.number().int(), couponId: z.number().int() })),
        },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const data = await db.transaction((tx) => redeemCode(tx, { scenicId, memberId, code: req.body.code }));
      return ok(req, data);
    },
  );
}
