import { and, asc, desc, eq, gte, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  couponApi,
  CouponByIdsSchema,
  CouponOptionSchema,
  CouponProductOptionSchema,
  CouponSelectListSchema,
  type CouponOption,
} from '../../../shared/api/coupons.ts';
import { COUPON_STATUS, COUPON_USE, COUPON_VALIDITY } from '../../../shared/dict/coupons.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { productOptions } from '../products/index.ts';
import { coupons, type Coupon } from './coupons.table.ts';

// hand-registered (file): reads for the coupon pickers, not list resources

const optionOf = (c: Coupon): CouponOption => ({
  id: c.id,
  name: c.name,
  couponType: c.couponType,
  useType: c.useType,
  discountKind: c.discountKind,
  amountOff: c.amountOff,
  percent: c.percent,
  minSpend: c.minSpend,
  status: c.status,
  remaining: c.totalQuantity - c.issued,
});

/** The coupon pickers of other screens (products, activities) and of the coupon form. */
export async function couponOptionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['promotion'];

  app.get(
    couponApi.selectList,
    {
      config: { access: perm('admin:coupon:page') },
      schema: {
        tags,
        summary:
          'On-shelf coupons of the acting area that are not past their fixed end, for pickers; `useType` keeps those of that use and general ones',
        querystring: CouponSelectListSchema,
        response: { 200: envelopeSchema(z.array(CouponOptionSchema)) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const today = areaDay(new Date(), await areaTimeZone(db, scenicId));
      const { useType } = req.query;
      const rows = await db
        .select()
        .from(coupons)
        .where(
          and(
            eq(coupons.scenicId, scenicId),
            eq(coupons.status, COUPON_STATUS.onShelf),
            useType === undefined
              ? undefined
              : inArray(coupons.useType, [...new Set([useType, COUPON_USE.any])]),
            or(eq(coupons.validityKind, COUPON_VALIDITY.days), gte(coupons.validTo, today)),
          ),
        )
        .orderBy(desc(coupons.id));
      return ok(req, rows.map(optionOf));
    },
  );

  app.get(
    couponApi.selectCouByIds,
    {
      config: { access: perm('admin:coupon:page') },
      schema: {
        tags,
        summary:
          'The coupons of the acting area with these ids (`ids=1,2`), whatever their shelf; others are left out',
        querystring: CouponByIdsSchema,
        response: { 200: envelopeSchema(z.array(CouponOptionSchema)) },
      },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(coupons)
        .where(and(eq(coupons.scenicId, scenicScope(req)), inArray(coupons.id, req.query.ids)))
        .orderBy(asc(coupons.id));
      return ok(req, rows.map(optionOf));
    },
  );

  app.get(
    couponApi.productOptions,
    {
      config: { access: perm('admin:coupon:page') },
      schema: {
        tags,
        summary: 'Ticket products of the acting area, for the chosen-tickets picker',
        response: { 200: envelopeSchema(z.array(CouponProductOptionSchema)) },
      },
    },
    async (req) => ok(req, await productOptions(db, scenicScope(req))),
  );
}
