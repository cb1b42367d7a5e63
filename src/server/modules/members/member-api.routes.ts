import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  ClaimCouponSchema,
  CouponCenterRowSchema,
  MemberCouponRowSchema,
  MemberCouponsQuerySchema,
  MemberLedgerQuerySchema,
  MemberLedgerSchema,
  MemberLoginResultSchema,
  MemberLoginSchema,
  memberApi,
  MemberOrderRowSchema,
  MemberProfileSchema,
  MemberProfileUpdateSchema,
  MemberRechargePaySchema,
  MemberTravellerSchema,
  TravellerIdQuerySchema,
  MemberRechargeSchema,
  RechargeResultSchema,
  RechargeRuleOptionSchema,
  RedeemCodeSchema,
  type MemberProfile,
} from '../../../shared/api/member-api.ts';
import { TravellerInputSchema } from '../../../shared/api/members.ts';
import { COUPON_STATUS, COUPON_TYPE, RECEIVE_WAY } from '../../../shared/dict/coupons.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { MEMBER, MINI_PROGRAM } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { giveCoupon, redeemCode } from '../coupons/index.ts';
import { memberClient, requireMember, signInMember, signOutMember } from './member-session.service.ts';
import { confirmRecharge, createRecharge } from './recharge.service.ts';
import { createTraveller, deleteTraveller } from './travellers.service.ts';

/** What the member API answers about the signed-in member. */
export async function memberProfile(db: Db, scenicId: number, memberId: number): Promise<MemberProfile> {
  const [m] = await queryRows<Record<string, unknown>>(
    db,
    sql`select m.id, m.phone, m.nickname, m.avatar, m.level_id, m.balance, m.points, m.total_spend, m.registered_at,
          l.name as level_name, case when l.status = 1 then l.discount else 100 end as discount
        from members m left join member_levels l on l.id = m.level_id
        where m.id = ${memberId} and m.scenic_id = ${scenicId}`,
  );
  if (!m) throw new AppError(404, 'memberNotFound');
  return {
    id: Number(m.id),
    phone: (m.phone as string | null) ?? null,
    nickname: String(m.nickname),
    avatar: String(m.avatar),
    levelId: m.level_id == null ? null : Number(m.level_id),
    levelName: String(m.level_name ?? ''),
    discount: Number(m.discount ?? 100),
    balance: Number(m.balance),
    points: Number(m.points),
    totalSpend: Number(m.total_spend),
    registeredAt: new Date(m.registered_at as string).toISOString(),
  };
}

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
const ints = (v: unknown): number[] =>
  Array.isArray(v)
    ? v.map(Number)
    : String(v ?? '')
        .replace(/[{}]/g, '')
        .split(',')
        .filter(Boolean)
        .map(Number);

/**
 * The member API (docs/api.md "Member API"): the mini-program's calls for a member. Every route
 * takes the client token (client_credentials) and X-Scenic-Id; all but `login` also the member's
 * `X-Member-Token`. Ordering is the selling API's `/api/open/order/create` with the same header.
 */
export async function memberApiRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['member'];
  const headers = z.object({
    'x-scenic-id': z.string().describe('The scenic area (required)'),
    'x-member-token': z
      .string()
      .optional()
      .describe('The member token from login (required except on login)'),
  });
  const access = { access: MEMBER };

  app.post(
    memberApi.login,
    {
      config: { access: MINI_PROGRAM },
      schema: {
        tags,
        summary:
          'Sign a member in by the phone the mini-program verified; registers a new member (with the registration-gift coupons)',
        headers,
        body: MemberLoginSchema,
        response: { 200: envelopeSchema(MemberLoginResultSchema) },
      },
    },
    async (req) => {
      const { scenicId, clientId } = memberClient(req);
      const session = await signInMember(db, { scenicId, clientId, ...req.body });
      return ok(req, {
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
        registered: session.registered,
        member: await memberProfile(db, scenicId, session.memberId),
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
        summary: 'Start a top-up (pending until rechargePay); a rule of exactly this amount adds its gift',
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
          "Confirm a top-up's payment: the amount and the gift credited once (deduplicated by providerTxnId)",
        headers,
        body: MemberRechargePaySchema,
        response: { 200: envelopeSchema(RechargeResultSchema) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const { recharge, balance } = await confirmRecharge(db, { scenicId, memberId, ...req.body });
      return ok(req, { ...recharge, balance });
    },
  );

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

  app.get(
    memberApi.orders,
    {
      config: access,
      schema: {
        tags,
        summary: "The member's ticket orders, newest first (the last 100)",
        headers,
        response: { 200: envelopeSchema(z.array(MemberOrderRowSchema)) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select order_no, status, pay_status, visit_date::text as visit_date, ticket_count, original_amount, level_discount,
              coupon_discount, total_amount, pay_way, created_at
            from ticket_orders where scenic_id = ${scenicId} and member_id = ${memberId}
            order by created_at desc, id desc limit 100`,
      );
      return ok(
        req,
        rows.map((r) => ({
          orderNo: String(r.order_no),
          status: Number(r.status),
          payStatus: Number(r.pay_status),
          visitDate: String(r.visit_date),
          ticketCount: Number(r.ticket_count),
          originalAmount: Number(r.original_amount),
          levelDiscount: Number(r.level_discount),
          couponDiscount: Number(r.coupon_discount),
          totalAmount: Number(r.total_amount),
          payWay: r.pay_way == null ? null : Number(r.pay_way),
          createTime: iso(r.created_at)!,
        })),
      );
    },
  );

  const travellerOf = (r: { id: number; name: string; idType: number; idNumber: string; phone: string }) => ({
    id: r.id,
    name: r.name,
    idType: r.idType,
    idNumber: r.idNumber,
    phone: r.phone,
  });

  app.get(
    memberApi.travellers,
    {
      config: access,
      schema: {
        tags,
        summary: "The member's frequent travellers",
        headers,
        response: { 200: envelopeSchema(z.array(MemberTravellerSchema)) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const rows = await queryRows<{
        id: number;
        name: string;
        id_type: number;
        id_number: string;
        phone: string;
      }>(
        db,
        sql`select id, name, id_type, id_number, phone from travellers
            where member_id = ${memberId} and scenic_id = ${scenicId} order by id`,
      );
      return ok(
        req,
        rows.map((r) =>
          travellerOf({
            id: Number(r.id),
            name: r.name,
            idType: Number(r.id_type),
            idNumber: r.id_number,
            phone: r.phone,
          }),
        ),
      );
    },
  );

  app.post(
    memberApi.addTraveller,
    {
      config: access,
      schema: {
        tags,
        summary: 'Save a frequent traveller (a mainland ID number is checked with its check character)',
        headers,
        body: TravellerInputSchema,
        response: { 200: envelopeSchema(MemberTravellerSchema) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const row = await db.transaction((tx) => createTraveller(tx, { scenicId, memberId }, req.body));
      return ok(req, travellerOf(row));
    },
  );

  app.get(
    memberApi.deleteTraveller,
    {
      config: access,
      schema: {
        tags,
        summary: 'Remove one of the member’s travellers',
        headers,
        querystring: TravellerIdQuerySchema,
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      await db.transaction((tx) => deleteTraveller(tx, { scenicId, memberId }, req.query.id));
      return ok(req, null);
    },
  );
}
