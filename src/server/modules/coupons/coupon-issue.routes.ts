import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { couponApi, CouponIssueResultSchema, CouponIssueSchema } from '../../../shared/api/coupons.ts';
import { RECEIVE_WAY } from '../../../shared/dict/coupons.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { members } from '../members/index.ts';
import { giveCoupon } from './coupons.service.ts';
import { coupons } from './coupons.table.ts';

/** Staff give coupons to members (/promotion/coupon, 发放). */
export async function couponIssueRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['promotion'];

  // hand-registered: several records in one move, an audit row for each
  app.post(
    couponApi.issue,
    {
      config: { access: perm('admin:coupon:issue') },
      schema: {
        tags,
        summary:
          'Give one coupon to each member named by phone or id (any shelf, per-member limit and quantity kept); all or none',
        body: CouponIssueSchema,
        response: { 200: envelopeSchema(CouponIssueResultSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { couponId, phones, memberIds } = req.body;
      const given = await db.transaction(async (tx) => {
        const [coupon] = await tx
          .select()
          .from(coupons)
          .where(and(eq(coupons.id, couponId), eq(coupons.scenicId, scenicId)));
        if (!coupon) throw new AppError(404, 'couponNotFound');
        const wantedPhones = [...new Set(phones)];
        const byPhone = wantedPhones.length
          ? await tx
              .select({ id: members.id, phone: members.phone })
              .from(members)
              .where(and(eq(members.scenicId, scenicId), inArray(members.phone, wantedPhones)))
          : [];
        const unknownPhones = wantedPhones.filter((p) => !byPhone.some((m) => m.phone === p));
        if (unknownPhones.length)
          throw new AppError(409, 'couponIssueUnknownPhones', {
            params: { phones: unknownPhones.slice(0, 10).join(', ') },
            data: { field: 'phones' },
          });
        const wantedIds = [...new Set(memberIds)];
        const byId = wantedIds.length
          ? await tx
              .select({ id: members.id, phone: members.phone })
              .from(members)
              .where(and(eq(members.scenicId, scenicId), inArray(members.id, wantedIds)))
          : [];
        const unknownIds = wantedIds.filter((id) => !byId.some((m) => m.id === id));
        if (unknownIds.length)
          throw new AppError(409, 'couponIssueUnknownMembers', {
            params: { ids: unknownIds.slice(0, 10).join(', ') },
            data: { field: 'memberIds' },
          });
        const phoneById = new Map([...byPhone, ...byId].map((m) => [m.id, m.phone]));
        // ascending ids: two issues to the same members lock them in the same order
        const targets = [...phoneById.keys()].sort((a, b) => a - b);
        const left = coupon.totalQuantity - coupon.issued;
        if (left < targets.length)
          throw new AppError(409, 'couponIssueNotEnough', { params: { left, count: targets.length } });
        for (const memberId of targets) {
          try {
            await giveCoupon(tx, {
              scenicId,
              couponId,
              memberId,
              receiveWay: RECEIVE_WAY.staff,
              anyShelf: true,
            });
          } catch (error) {
            if (error instanceof AppError && error.msgKey === 'couponLimitReached')
              throw new AppError(409, 'couponIssueLimit', {
                params: { member: phoneById.get(memberId) ?? `#${memberId}`, limit: coupon.perMemberLimit },
              });
            throw error;
          }
        }
        await writeAudit(tx, req, {
          module: 'promotion',
          action: 'issue',
          targetType: 'coupon',
          targetId: couponId,
          after: { memberIds: targets, count: targets.length },
        });
        return targets.length;
      });
      return ok(req, { given });
    },
  );
}
