import { and, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  couponApi,
  CouponCreateSchema,
  CouponPageSchema,
  CouponRowSchema,
  CouponStatusSchema,
  couponTermsIssue,
  CouponUpdateSchema,
  type CouponPage,
  type CouponRow,
  type CouponTerms,
} from '../../../shared/api/coupons.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import {
  COUPON_SCOPE,
  COUPON_VALIDITY,
  CouponField,
  CouponScope,
  CouponStatus,
  CouponText,
  CouponType,
  CouponUse,
  couponDiscountText,
  couponValidityText,
  DISCOUNT_KIND,
  MEMBER_COUPON_STATUS,
} from '../../../shared/dict/coupons.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import type { Db } from '../../db/client.ts';
import type { Resource } from '../../http/crud.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { joinTexts, type ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { ticketProducts } from '../products/index.ts';
import { couponCodes, coupons, memberCoupons, type Coupon } from './coupons.table.ts';

const resource: Resource<typeof coupons> = {
  table: coupons,
  id: coupons.id,
  scenic: coupons.scenicId,
  module: 'promotion',
  targetType: 'coupon',
  audit: writeAudit,
};

/** Counts by coupon: spent member coupons, codes generated and redeemed; names of the chosen products. */
async function couponRows(db: Db, records: Coupon[]): Promise<CouponRow[]> {
  const ids = records.map((c) => c.id);
  const productIds = [...new Set(records.flatMap((c) => c.productIds))];
  const [used, codes, products] = ids.length
    ? await Promise.all([
        db
          .select({ couponId: memberCoupons.couponId, n: count() })
          .from(memberCoupons)
          .where(
            and(inArray(memberCoupons.couponId, ids), eq(memberCoupons.status, MEMBER_COUPON_STATUS.used)),
          )
          .groupBy(memberCoupons.couponId),
        db
          .select({ couponId: couponCodes.couponId, n: count(), redeemed: count(couponCodes.redeemedBy) })
          .from(couponCodes)
          .where(inArray(couponCodes.couponId, ids))
          .groupBy(couponCodes.couponId),
        productIds.length
          ? db
              .select({ id: ticketProducts.id, name: ticketProducts.name })
              .from(ticketProducts)
              .where(inArray(ticketProducts.id, productIds))
          : Promise.resolve([]),
      ])
    : [[], [], []];
  const usedBy = new Map(used.map((u) => [u.couponId, u.n]));
  const codesBy = new Map(codes.map((c) => [c.couponId, c]));
  const names = new Map(products.map((p) => [p.id, p.name]));
  return records.map((c) => ({
    id: c.id,
    name: c.name,
    couponType: c.couponType,
    useType: c.useType,
    scope: c.scope,
    productIds: c.productIds,
    productNames: c.productIds.map((id) => names.get(id) ?? `#${id}`),
    discountKind: c.discountKind,
    amountOff: c.amountOff,
    percent: c.percent,
    minSpend: c.minSpend,
    validityKind: c.validityKind,
    validFrom: c.validFrom,
    validTo: c.validTo,
    validDays: c.validDays,
    totalQuantity: c.totalQuantity,
    issued: c.issued,
    used: usedBy.get(c.id) ?? 0,
    codes: codesBy.get(c.id)?.n ?? 0,
    codesRedeemed: codesBy.get(c.id)?.redeemed ?? 0,
    perMemberLimit: c.perMemberLimit,
    status: c.status,
    description: c.description,
    createTime: c.createdAt.toISOString(),
    updateTime: c.updatedAt.toISOString(),
  }));
}

const COUPON_EXPORT: ExportColumn<CouponRow>[] = [
  { header: CouponField.name, value: (r) => r.name, width: 24 },
  { header: CouponField.couponType, value: (r, l) => dictLabel(CouponType, r.couponType, l) },
  { header: CouponField.useType, value: (r, l) => dictLabel(CouponUse, r.useType, l) },
  { header: CouponField.discountKind, value: (r, l) => couponDiscountText(r, l), width: 22 },
  {
    header: CouponField.scope,
    value: (r, l) =>
      r.scope === COUPON_SCOPE.chosen ? joinTexts(r.productNames, l) : dictLabel(CouponScope, r.scope, l),
    width: 30,
  },
  { header: CouponField.validity, value: (r, l) => couponValidityText(r, l), width: 26 },
  { header: CouponField.totalQuantity, value: (r) => r.totalQuantity, kind: 'number' },
  { header: CouponField.issued, value: (r) => r.issued, kind: 'number' },
  { header: CouponField.used, value: (r) => r.used, kind: 'number' },
  { header: CouponField.perMemberLimit, value: (r) => r.perMemberLimit, kind: 'number' },
  { header: CouponField.status, value: (r, l) => dictLabel(CouponStatus, r.status, l) },
  { header: CouponField.description, value: (r) => r.description, width: 40 },
  { header: CouponField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

const couponWhere = (scenicId: number, q: CouponPage) =>
  and(
    eq(coupons.scenicId, scenicId),
    q.name ? ilike(coupons.name, likeContains(q.name)) : undefined,
    q.couponType === undefined ? undefined : eq(coupons.couponType, q.couponType),
    q.useType === undefined ? undefined : eq(coupons.useType, q.useType),
    q.status === undefined ? undefined : eq(coupons.status, q.status),
  );

/**
 * The stored shape of the terms sent: a field the chosen kind does not use is reset (no products for
 * all products, no percentage for an amount off, no dates for N days...), so no stale term lingers.
 */
function normalized<T extends Partial<CouponTerms>>(body: T): T {
  const out: Partial<CouponTerms> = { ...body };
  if (body.scope === COUPON_SCOPE.all) out.productIds = [];
  if (body.discountKind === DISCOUNT_KIND.amount) out.percent = 100;
  if (body.discountKind === DISCOUNT_KIND.percent) out.amountOff = 0;
  if (body.validityKind === COUPON_VALIDITY.days) Object.assign(out, { validFrom: null, validTo: null });
  if (body.validityKind === COUPON_VALIDITY.fixed) out.validDays = 0;
  return out as T;
}

/** The chosen tickets must be products of the acting area. */
async function checkProducts(db: Db, scenicId: number, ids: readonly number[] | undefined) {
  if (!ids?.length) return;
  const found = await db
    .select({ id: ticketProducts.id })
    .from(ticketProducts)
    .where(and(eq(ticketProducts.scenicId, scenicId), inArray(ticketProducts.id, [...ids])));
  if (found.length !== new Set(ids).size) throw new FieldError('productIds', ValidationMessage.productOfArea);
}

/** docs/product.md §2 /promotion/ticcoupon: coupons, their pickers, redeem codes and staff issue. */
export async function couponRoutes(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'promotion',
    api: couponApi,
    perms: {
      page: 'admin:coupon:page',
      create: 'admin:coupon:edit',
      update: 'admin:coupon:edit',
      delete: 'admin:coupon:edit',
    },
    table: coupons,
    resource,
    where: couponWhere,
    sort: {
      createTime: coupons.createdAt,
      name: coupons.name,
      totalQuantity: coupons.totalQuantity,
      issued: coupons.issued,
    },
    order: [desc(coupons.id)],
    rowSchema: CouponRowSchema,
    rows: (records, { db: d }) => couponRows(d, records),
    page: { summary: 'Coupons of the acting area, with given-out and spent counts', body: CouponPageSchema },
    export: {
      summary: 'The coupons of the current filter (all pages) as .xlsx',
      fileName: CouponText.couponsExport,
      columns: COUPON_EXPORT,
    },
    query: { summary: 'One coupon of the acting area' },
    create: {
      summary:
        'Create a coupon: amount off (cents) or percentage paid (1-99), fixed dates or N days, chosen tickets of the area',
      body: CouponCreateSchema,
      values: async (body, { db: d, scope: scenicId }) => {
        const values = normalized(body);
        await checkProducts(d, scenicId, values.productIds);
        return { ...values, scenicId };
      },
    },
    update: {
      summary:
        'Edit a coupon; only the fields sent change, the terms are checked on the result; the total never below what was given out',
      body: CouponUpdateSchema,
      values: async (body, { db: d, scope: scenicId }) => {
        const values = normalized(body);
        await checkProducts(d, scenicId, values.productIds);
        return values;
      },
      // the coupon row is locked here, so a claim's guarded `issued < total_quantity` waits for it
      guard: async (before, body, { tx }) => {
        const sent = Object.fromEntries(Object.entries(normalized(body)).filter(([, v]) => v !== undefined));
        const after = { ...before, ...sent } as Coupon;
        const issue = couponTermsIssue(after);
        if (issue) throw new FieldError(issue.field, ValidationMessage[issue.message]);
        if (after.totalQuantity < before.issued)
          throw new AppError(409, 'couponQuantityBelowIssued', {
            params: { issued: before.issued },
            data: { field: 'totalQuantity' },
          });
        const [codes] = await tx
          .select({ n: count() })
          .from(couponCodes)
          .where(eq(couponCodes.couponId, before.id));
        if (codes && codes.n > after.totalQuantity)
          throw new AppError(409, 'couponCodesExceedQuantity', {
            params: { total: after.totalQuantity, count: codes.n },
            data: { field: 'totalQuantity' },
          });
      },
    },
    delete: {
      summary:
        'Delete a coupon (and its unredeemed codes); 409 once any was given out (take it off the shelf instead)',
      guard: (coupon) => {
        if (coupon.issued > 0)
          throw new AppError(409, 'couponHasIssued', { params: { name: coupon.name, count: coupon.issued } });
      },
    },
    status: { summary: 'Shelve (0) or unshelve (1) coupons; all or none change', body: CouponStatusSchema },
  });
}
