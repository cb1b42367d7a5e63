import { z } from 'zod';
import {
  CouponDiscountKind,
  CouponReceiveWay,
  CouponScope,
  CouponStatus,
  CouponType,
  CouponUse,
  CouponValidityKind,
  COUPON_SCOPE,
  COUPON_USE,
  COUPON_VALIDITY,
  DISCOUNT_KIND,
  MemberCouponStatus,
} from '../dict/coupons.ts';
import {
  DateOnlySchema,
  dictCodeSchema,
  endpoints,
  IdSchema,
  listQuerySchema,
  statusChangeSchema,
} from './common.ts';
import type { ValidationMessageKey } from './validation-messages.ts';
import { key, required, text } from './fields.ts';

/**
 * /promotion/ticcoupon: the area's coupons (docs/api.md "Coupons"). `selectList` and
 * `selectCouByIds` are the calls of docs/product.md §7; `productOptions` feeds the scope picker.
 */
export const couponApi = endpoints('/web/api/admin/coupon', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'delete',
  'status',
  'selectList',
  'selectCouByIds',
  'productOptions',
  'generateCodes',
  'issue',
]);
/** The redeem codes of one type-2 coupon (/promotion/couponCodes?couponId=). */
export const couponCodeApi = endpoints('/web/api/admin/coupon/code', ['page', 'export']);
/** /promotion/couponRecord: the coupons members hold. */
export const couponRecordApi = endpoints('/web/api/admin/couponRecord', ['page', 'export', 'coupons']);

/** The most codes one generate call makes. */
export const MAX_CODES_PER_CALL = 5000;
/** The most members one staff issue reaches. */
export const MAX_ISSUE_MEMBERS = 500;
/** Redeem codes: unambiguous letters and digits (no 0/O, 1/I/L), 12 of them (about 60 bits). */
export const REDEEM_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REDEEM_CODE_LENGTH = 12;

// ---------------------------------------------------------------- coupons

export const COUPON_SORT_FIELDS = ['createTime', 'name', 'totalQuantity', 'issued'] as const;

export const CouponPageSchema = listQuerySchema(COUPON_SORT_FIELDS, {
  name: text(50).optional(),
  couponType: dictCodeSchema(CouponType).optional(),
  useType: dictCodeSchema(CouponUse).optional(),
  status: dictCodeSchema(CouponStatus).optional(),
});
export type CouponPage = z.infer<typeof CouponPageSchema>;

const cents = z.coerce.number().int().min(0).max(100_000_000);

const fields = {
  name: required(50),
  couponType: dictCodeSchema(CouponType),
  useType: dictCodeSchema(CouponUse),
  scope: dictCodeSchema(CouponScope),
  productIds: z
    .array(IdSchema)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { error: key('noRepeat') }),
  discountKind: dictCodeSchema(CouponDiscountKind),
  /** cents */
  amountOff: cents,
  /** percent of the price the member pays (90: 10 % off) */
  percent: z.coerce.number().int().min(1).max(100),
  /** cents the covered tickets must reach */
  minSpend: cents,
  validityKind: dictCodeSchema(CouponValidityKind),
  validFrom: DateOnlySchema.nullable(),
  validTo: DateOnlySchema.nullable(),
  validDays: z.coerce.number().int().min(0).max(3650),
  totalQuantity: z.coerce.number().int().min(1).max(10_000_000),
  perMemberLimit: z.coerce.number().int().min(1).max(100),
  status: dictCodeSchema(CouponStatus),
  description: text(500),
};

/** The terms a coupon's fields must agree on (checked on a create body and on an updated record). */
export interface CouponTerms {
  useType: number;
  scope: number;
  productIds: readonly number[];
  discountKind: number;
  amountOff: number;
  percent: number;
  minSpend: number;
  validityKind: number;
  validFrom: string | null;
  validTo: string | null;
  validDays: number;
}

/** The first rule the terms break, as the field to mark and the message; null when they agree. */
export function couponTermsIssue(
  v: CouponTerms,
): { field: keyof CouponTerms; message: ValidationMessageKey } | null {
  if (v.scope === COUPON_SCOPE.chosen && v.useType === COUPON_USE.shop)
    return { field: 'scope', message: 'couponShopScope' };
  if (v.scope === COUPON_SCOPE.chosen && v.productIds.length === 0)
    return { field: 'productIds', message: 'required' };
  if (v.discountKind === DISCOUNT_KIND.amount) {
    if (v.amountOff <= 0) return { field: 'amountOff', message: 'couponAmountOff' };
    if (v.minSpend > 0 && v.amountOff > v.minSpend)
      return { field: 'amountOff', message: 'couponAmountAboveMin' };
  }
  if (v.discountKind === DISCOUNT_KIND.percent && (v.percent < 1 || v.percent > 99))
    return { field: 'percent', message: 'couponPercent' };
  if (v.validityKind === COUPON_VALIDITY.fixed) {
    if (!v.validFrom) return { field: 'validFrom', message: 'required' };
    if (!v.validTo) return { field: 'validTo', message: 'required' };
    if (v.validTo < v.validFrom) return { field: 'validTo', message: 'dateOrder' };
  }
  if (v.validityKind === COUPON_VALIDITY.days && v.validDays < 1)
    return { field: 'validDays', message: 'couponValidDays' };
  return null;
}

const TERM_KEYS = [
  'useType',
  'scope',
  'productIds',
  'discountKind',
  'amountOff',
  'percent',
  'minSpend',
  'validityKind',
  'validFrom',
  'validTo',
  'validDays',
] as const satisfies readonly (keyof CouponTerms)[];

export const CouponCreateSchema = z
  .object({
    name: fields.name,
    couponType: fields.couponType.default(0),
    useType: fields.useType.default(COUPON_USE.ticket),
    scope: fields.scope.default(COUPON_SCOPE.all),
    productIds: fields.productIds.default([]),
    discountKind: fields.discountKind.default(DISCOUNT_KIND.amount),
    amountOff: fields.amountOff.default(0),
    percent: fields.percent.default(100),
    minSpend: fields.minSpend.default(0),
    validityKind: fields.validityKind.default(COUPON_VALIDITY.fixed),
    validFrom: fields.validFrom.default(null),
    validTo: fields.validTo.default(null),
    validDays: fields.validDays.default(0),
    totalQuantity: fields.totalQuantity,
    perMemberLimit: fields.perMemberLimit.default(1),
    status: fields.status.default(1),
    description: fields.description.default(''),
  })
  .strict()
  .superRefine((v, ctx) => {
    const issue = couponTermsIssue(v);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  });
export type CouponCreate = z.infer<typeof CouponCreateSchema>;

/**
 * Only the fields sent change; the terms are checked again on the merged record (server). The type
 * is fixed at creation (its codes and gifts depend on it).
 */
export const CouponUpdateSchema = z
  .object({
    id: IdSchema,
    name: fields.name.optional(),
    useType: fields.useType.optional(),
    scope: fields.scope.optional(),
    productIds: fields.productIds.optional(),
    discountKind: fields.discountKind.optional(),
    amountOff: fields.amountOff.optional(),
    percent: fields.percent.optional(),
    minSpend: fields.minSpend.optional(),
    validityKind: fields.validityKind.optional(),
    validFrom: fields.validFrom.optional(),
    validTo: fields.validTo.optional(),
    validDays: fields.validDays.optional(),
    totalQuantity: fields.totalQuantity.optional(),
    perMemberLimit: fields.perMemberLimit.optional(),
    status: fields.status.optional(),
    description: fields.description.optional(),
  })
  .strict()
  // the console's edit form sends every term: check them as on create (the server checks the merged record)
  .superRefine((v, ctx) => {
    const terms = TERM_KEYS.map((k) => v[k]);
    if (terms.some((t) => t === undefined)) return;
    const issue = couponTermsIssue(v as CouponTerms);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  });
export type CouponUpdate = z.infer<typeof CouponUpdateSchema>;

/** Shelve (0) or unshelve (1) coupons; all or none. */
export const CouponStatusSchema = statusChangeSchema(fields.status);

export const CouponRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  couponType: z.number().int(),
  useType: z.number().int(),
  scope: z.number().int(),
  productIds: z.array(z.number().int()),
  /** Names of the chosen products, in the order of `productIds` */
  productNames: z.array(z.string()),
  discountKind: z.number().int(),
  amountOff: z.number().int(),
  percent: z.number().int(),
  minSpend: z.number().int(),
  validityKind: z.number().int(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  validDays: z.number().int(),
  totalQuantity: z.number().int(),
  issued: z.number().int(),
  /** Spent on orders (201) */
  used: z.number().int(),
  /** Redeem codes generated / redeemed (type 2) */
  codes: z.number().int(),
  codesRedeemed: z.number().int(),
  perMemberLimit: z.number().int(),
  status: z.number().int(),
  description: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type CouponRow = z.infer<typeof CouponRowSchema>;

/** An option of the coupon pickers (`selectList`, `selectCouByIds`). */
export const CouponOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  couponType: z.number().int(),
  useType: z.number().int(),
  discountKind: z.number().int(),
  amountOff: z.number().int(),
  percent: z.number().int(),
  minSpend: z.number().int(),
  status: z.number().int(),
  /** Quantity not given out yet */
  remaining: z.number().int(),
});
export type CouponOption = z.infer<typeof CouponOptionSchema>;

/** `GET selectList`: on-shelf coupons of the area, optionally of one use. */
export const CouponSelectListSchema = z.object({ useType: dictCodeSchema(CouponUse).optional() }).strict();

/** `GET selectCouByIds?ids=1,2`: those coupons of the area, whatever their shelf. */
export const CouponByIdsSchema = z
  .object({
    ids: z
      .string()
      .trim()
      .regex(/^\d+(,\d+)*$/, { error: key('couponIdList') })
      .transform((s) => [...new Set(s.split(',').map(Number))])
      .refine((ids) => ids.length <= 200 && ids.every((id) => id > 0), { error: key('couponIdList') }),
  })
  .strict();

export const CouponProductOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  shelfStatus: z.number().int(),
});
export type CouponProductOption = z.infer<typeof CouponProductOptionSchema>;

// ---------------------------------------------------------------- redeem codes

export const CouponGenerateCodesSchema = z
  .object({
    id: IdSchema,
    count: z.coerce.number().int().min(1).max(MAX_CODES_PER_CALL),
  })
  .strict();
export const CouponGenerateResultSchema = z.object({
  created: z.number().int(),
  /** Codes of the coupon after this call */
  total: z.number().int(),
});

export const COUPON_CODE_SORT_FIELDS = ['createTime', 'redeemedAt'] as const;
export const CouponCodePageSchema = listQuerySchema(COUPON_CODE_SORT_FIELDS, {
  couponId: IdSchema,
  code: text(20).optional(),
  redeemed: z.boolean().optional(),
});
export type CouponCodePage = z.infer<typeof CouponCodePageSchema>;

export const CouponCodeRowSchema = z.object({
  id: z.number().int(),
  couponId: z.number().int(),
  code: z.string(),
  redeemed: z.boolean(),
  memberId: z.number().int().nullable(),
  memberNickname: z.string(),
  memberPhone: z.string().describe('masked unless the caller holds admin:user:phone'),
  redeemedAt: z.string().nullable(),
  createTime: z.string(),
});
export type CouponCodeRow = z.infer<typeof CouponCodeRowSchema>;

// ---------------------------------------------------------------- staff issue

/** Give one coupon to each member named (by phone or id); all or none. */
export const CouponIssueSchema = z
  .object({
    couponId: IdSchema,
    phones: z.array(z.string().trim().min(1).max(20)).max(MAX_ISSUE_MEMBERS).default([]),
    memberIds: z.array(IdSchema).max(MAX_ISSUE_MEMBERS).default([]),
  })
  .strict()
  .refine((v) => v.phones.length + v.memberIds.length > 0, { path: ['phones'], error: key('required') });
export type CouponIssue = z.infer<typeof CouponIssueSchema>;

export const CouponIssueResultSchema = z.object({ given: z.number().int() });

// ---------------------------------------------------------------- coupons held by members

export const COUPON_RECORD_SORT_FIELDS = ['receivedAt', 'validUntil', 'usedAt'] as const;

const IsoTimeSchema = z.iso.datetime({ offset: true });

export const CouponRecordPageSchema = listQuerySchema(COUPON_RECORD_SORT_FIELDS, {
  couponId: IdSchema.optional(),
  /** The member's phone, exactly */
  phone: text(20).optional(),
  /** One member's coupons (/user/userDetail) */
  memberId: IdSchema.optional(),
  status: dictCodeSchema(MemberCouponStatus).optional(),
  receiveWay: dictCodeSchema(CouponReceiveWay).optional(),
  receivedFrom: IsoTimeSchema.optional(),
  receivedTo: IsoTimeSchema.optional(),
}).refine((v) => !v.receivedFrom || !v.receivedTo || Date.parse(v.receivedFrom) <= Date.parse(v.receivedTo), {
  path: ['receivedTo'],
  error: key('timeRange'),
});
export type CouponRecordPage = z.infer<typeof CouponRecordPageSchema>;

export const CouponRecordRowSchema = z.object({
  id: z.number().int(),
  couponId: z.number().int(),
  couponName: z.string(),
  memberId: z.number().int(),
  memberNickname: z.string(),
  memberPhone: z.string().describe('masked unless the caller holds admin:user:phone'),
  status: z.number().int(),
  receiveWay: z.number().int(),
  receivedAt: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  /** The unpaid order holding it (T1) */
  reservedOrderNo: z.string().nullable(),
  usedOrderNo: z.string().nullable(),
  /** The ticket order of `usedOrderNo`, for the link to its detail page */
  usedOrderId: z.number().int().nullable(),
  usedAt: z.string().nullable(),
  /** cents */
  discountAmount: z.number().int(),
});
export type CouponRecordRow = z.infer<typeof CouponRecordRowSchema>;

/** Every coupon of the area (id, name), for the record screen's filter. */
export const CouponNameSchema = z.object({ id: z.number().int(), name: z.string() });
