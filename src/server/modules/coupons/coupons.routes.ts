import crypto from 'node:crypto';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  couponApi,
  CouponByIdsSchema,
  couponCodeApi,
  CouponCodePageSchema,
  CouponCodeRowSchema,
  CouponCreateSchema,
  CouponGenerateCodesSchema,
  CouponGenerateResultSchema,
  CouponIssueResultSchema,
  CouponIssueSchema,
  CouponOptionSchema,
  CouponPageSchema,
  CouponProductOptionSchema,
  CouponRowSchema,
  CouponSelectListSchema,
  CouponStatusSchema,
  couponTermsIssue,
  CouponUpdateSchema,
  REDEEM_CODE_ALPHABET,
  REDEEM_CODE_LENGTH,
  type CouponCodePage,
  type CouponCodeRow,
  type CouponOption,
  type CouponPage,
  type CouponRow,
  type CouponTerms,
} from '../../../shared/api/coupons.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import {
  COUPON_SCOPE,
  COUPON_STATUS,
  COUPON_TYPE,
  COUPON_USE,
  COUPON_VALIDITY,
  CouponCodeState,
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
  RECEIVE_WAY,
} from '../../../shared/dict/coupons.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import type { Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { joinTexts, type ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { writeAudit } from '../audit/index.ts';
import { members } from '../members/index.ts';
import { productOptions, ticketProducts } from '../products/index.ts';
import { memberLabels, phoneShown } from './member-labels.ts';
import { giveCoupon } from './coupons.service.ts';
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

/** An unguessable code from crypto (docs/decisions.md "Coupons": about 60 bits). */
function newCode(): string {
  let code = '';
  for (let i = 0; i < REDEEM_CODE_LENGTH; i += 1)
    code += REDEEM_CODE_ALPHABET[crypto.randomInt(REDEEM_CODE_ALPHABET.length)];
  return code;
}

const codeWhere = (scenicId: number, q: CouponCodePage) =>
  and(
    eq(couponCodes.scenicId, scenicId),
    eq(couponCodes.couponId, q.couponId),
    q.code ? ilike(couponCodes.code, likeContains(q.code.toUpperCase())) : undefined,
    q.redeemed === undefined
      ? undefined
      : q.redeemed
        ? isNotNull(couponCodes.redeemedBy)
        : isNull(couponCodes.redeemedBy),
  );

const CODE_EXPORT: ExportColumn<CouponCodeRow>[] = [
  { header: CouponField.code, value: (r) => r.code, kind: 'text', width: 18 },
  {
    header: CouponField.redeemed,
    value: (r, l) => dictLabel(CouponCodeState, r.redeemed ? 1 : 0, l),
  },
  { header: CouponField.member, value: (r) => r.memberNickname, width: 18 },
  { header: CouponField.phone, value: (r) => r.memberPhone, kind: 'text', width: 14 },
  { header: CouponField.redeemedAt, value: (r) => r.redeemedAt, kind: 'datetime', width: 20 },
  { header: CouponField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** docs/product.md §2 /promotion/ticcoupon: coupons, their pickers, redeem codes and staff issue. */
export async function couponRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['promotion'];

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

  app.post(
    couponApi.generateCodes,
    {
      config: { access: perm('admin:coupon:codes') },
      schema: {
        tags,
        summary:
          'Generate redeem codes for a redeem-code coupon (type 2): unguessable, unique in the area, never more codes than the total quantity',
        body: CouponGenerateCodesSchema,
        response: { 200: envelopeSchema(CouponGenerateResultSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { id, count: wanted } = req.body;
      const result = await db.transaction(async (tx) => {
        // the lock serialises two generations for the same coupon (the total is checked under it)
        const [coupon] = await tx
          .select()
          .from(coupons)
          .where(and(eq(coupons.id, id), eq(coupons.scenicId, scenicId)))
          .for('update');
        if (!coupon) throw new AppError(404, 'couponNotFound');
        if (coupon.couponType !== COUPON_TYPE.redeemCode)
          throw new AppError(409, 'couponCodesOnlyForCodeType');
        const [existing] = await tx
          .select({ n: count() })
          .from(couponCodes)
          .where(eq(couponCodes.couponId, id));
        const have = existing?.n ?? 0;
        if (have + wanted > coupon.totalQuantity)
          throw new AppError(409, 'couponCodesExceedQuantity', {
            params: { total: coupon.totalQuantity, count: have },
            data: { field: 'count' },
          });
        let created = 0;
        // a code already taken in the area (about 1 in 10^17 per pair) is skipped and drawn again
        while (created < wanted) {
          const batch = new Set<string>();
          while (batch.size < Math.min(wanted - created, 1000)) batch.add(newCode());
          const rows = await tx
            .insert(couponCodes)
            .values([...batch].map((code) => ({ scenicId, couponId: id, code })))
            .onConflictDoNothing()
            .returning({ id: couponCodes.id });
          created += rows.length;
        }
        await writeAudit(tx, req, {
          module: 'promotion',
          action: 'generateCodes',
          targetType: 'coupon',
          targetId: id,
          after: { created, total: have + created },
        });
        return { created, total: have + created };
      });
      return ok(req, result);
    },
  );

  registerListResource(root, {
    tag: 'promotion',
    api: couponCodeApi,
    perms: { page: 'admin:coupon:codes' },
    table: couponCodes,
    where: codeWhere,
    sort: { createTime: couponCodes.id, redeemedAt: couponCodes.redeemedAt },
    order: [asc(couponCodes.id)],
    rowSchema: CouponCodeRowSchema,
    rows: async (records, { db: d, req }) => {
      const labels = await memberLabels(
        d,
        records.map((r) => r.redeemedBy),
        phoneShown(req),
      );
      return records.map((r) => ({
        id: r.id,
        couponId: r.couponId,
        code: r.code,
        redeemed: r.redeemedAt != null,
        memberId: r.redeemedBy,
        memberNickname: r.redeemedBy == null ? '' : (labels.get(r.redeemedBy)?.nickname ?? ''),
        memberPhone: r.redeemedBy == null ? '' : (labels.get(r.redeemedBy)?.phone ?? ''),
        redeemedAt: r.redeemedAt?.toISOString() ?? null,
        createTime: r.createdAt.toISOString(),
      }));
    },
    page: {
      summary: 'The redeem codes of one coupon of the acting area, with who redeemed them and when',
      body: CouponCodePageSchema,
    },
    export: {
      summary: 'The codes of the current filter (all pages) as .xlsx, to hand out',
      fileName: CouponText.codesExport,
      columns: CODE_EXPORT,
    },
  });

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
