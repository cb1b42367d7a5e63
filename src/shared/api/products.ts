import { z } from 'zod';
import { EnableStatus } from '../dict/account.ts';
import {
  BuyChannel,
  EntryMode,
  ENTRY_MODE,
  PrintType,
  PRODUCT_TYPE,
  ProductType,
  RealNameType,
  REFUND_UNIT,
  RefundRule,
  RefundUnit,
  ShelfStatus,
  VALIDITY_TYPE,
  ValidityDisplay,
  ValidityType,
} from '../dict/product.ts';
import { ImageUrlSchema } from './general.ts';
import {
  DateOnlySchema,
  dictCodeSchema,
  endpoints,
  IdSchema,
  listQuerySchema,
  TimeOfDaySchema,
  statusChangeSchema,
} from './common.ts';
import type { ValidationMessageKey } from './validation-messages.ts';
import { key, required, text } from './fields.ts';

/** docs/product.md §2 /ticket/ticType: ticket categories. */
export const ticTypeApi = endpoints('/web/api/admin/ticType', [
  'page',
  'list',
  'export',
  'create',
  'update',
  'status',
  'delete',
]);
/** docs/product.md §2 /ticket/good: ticket products. */
export const productApi = endpoints('/web/api/admin/ticket', [
  'page',
  'export',
  'query',
  'formOptions',
  'create',
  'update',
  'shelf',
  'delete',
]);

/** An entry window of a day, "HH:mm" to "HH:mm". */
export const TimeWindowSchema = z
  .object({ start: TimeOfDaySchema, end: TimeOfDaySchema })
  .strict()
  .refine((w) => w.start < w.end, { error: 'timeRange' satisfies ValidationMessageKey, path: ['end'] });
export type TimeWindow = z.infer<typeof TimeWindowSchema>;

/** Limits of the ticket product form (issue 5). */
export const PRODUCT_LIMITS = {
  name: 100,
  intro: 2000,
  images: 6,
  /** cents: at most 100,000 yuan */
  price: 10_000_000,
  validDaysMin: 2,
  validDaysMax: 366,
  timeLimitMinutes: 1440,
  validityText: 200,
  timeWindows: 6,
  entryTimesMax: 100,
  limit: 999,
  refundDeadlineHours: 720,
  sessions: 48,
  sessionName: 30,
  sort: 9999,
} as const;

/** `true` when no two "HH:mm" ranges overlap (touching ends are fine). */
export function rangesDisjoint(ranges: readonly { start: string; end: string }[]): boolean {
  const sorted = [...ranges].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  return sorted.every((r, i) => i === 0 || sorted[i - 1]!.end <= r.start);
}

const intIn = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

// ---------------------------------------------------------------------------------------------
// Ticket categories (/ticket/ticType)

export const TIC_TYPE_SORT_FIELDS = ['sort', 'name', 'createTime'] as const;

export const TicTypePageSchema = listQuerySchema(TIC_TYPE_SORT_FIELDS, {
  name: text(50).optional(),
  status: dictCodeSchema(EnableStatus).optional(),
});
export type TicTypePage = z.infer<typeof TicTypePageSchema>;

const ticTypeFields = {
  name: required(50),
  sort: intIn(0, PRODUCT_LIMITS.sort),
  status: dictCodeSchema(EnableStatus),
  remark: text(200),
};

export const TicTypeCreateSchema = z
  .object({
    name: ticTypeFields.name,
    sort: ticTypeFields.sort.default(0),
    status: ticTypeFields.status.default(1),
    remark: ticTypeFields.remark.default(''),
  })
  .strict();
export type TicTypeCreate = z.infer<typeof TicTypeCreateSchema>;

export const TicTypeUpdateSchema = z
  .object({
    id: IdSchema,
    name: ticTypeFields.name.optional(),
    sort: ticTypeFields.sort.optional(),
    status: ticTypeFields.status.optional(),
    remark: ticTypeFields.remark.optional(),
  })
  .strict();
export type TicTypeUpdate = z.infer<typeof TicTypeUpdateSchema>;

export const TicTypeStatusSchema = statusChangeSchema(ticTypeFields.status);

export const TicTypeRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  productCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TicTypeRow = z.infer<typeof TicTypeRowSchema>;

export const TicTypeOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type TicTypeOption = z.infer<typeof TicTypeOptionSchema>;

// ---------------------------------------------------------------------------------------------
// Ticket products (/ticket/good)

export const PRODUCT_SORT_FIELDS = ['sort', 'name', 'price', 'createTime'] as const;

export const ProductPageSchema = listQuerySchema(PRODUCT_SORT_FIELDS, {
  name: text(100).optional(),
  typeId: IdSchema.optional(),
  productType: dictCodeSchema(ProductType).optional(),
  shelfStatus: dictCodeSchema(ShelfStatus).optional(),
  /** products whose channels contain this BuyChannel code */
  channel: dictCodeSchema(BuyChannel).optional(),
});
export type ProductPage = z.infer<typeof ProductPageSchema>;

/** A session (time slot) of a timed product; `id` of an existing session keeps it on update. */
export const SessionInputSchema = z
  .object({
    id: IdSchema.optional(),
    /** empty: "start-end" */
    name: z.string().trim().max(PRODUCT_LIMITS.sessionName).default(''),
    startTime: TimeOfDaySchema,
    endTime: TimeOfDaySchema,
  })
  .strict()
  .refine((s) => s.startTime < s.endTime, { error: key('timeRange'), path: ['endTime'] });
export type SessionInput = z.infer<typeof SessionInputSchema>;

const optionalRef = IdSchema.nullable().optional();

/** Every field of a product as the form sends it (create and update alike). */
const productShape = {
  name: z
    .string()
    .trim()
    .min(1, { error: key('required') })
    .max(PRODUCT_LIMITS.name),
  /** a category of the acting area (checked on the server) */
  typeId: IdSchema,
  productType: dictCodeSchema(ProductType),
  images: z
    .array(ImageUrlSchema.pipe(z.string().min(1)))
    .max(PRODUCT_LIMITS.images)
    .default([]),
  intro: z.string().trim().max(PRODUCT_LIMITS.intro).default(''),
  /** cents */
  price: intIn(0, PRODUCT_LIMITS.price),
  marketPrice: intIn(0, PRODUCT_LIMITS.price).default(0),
  validityType: dictCodeSchema(ValidityType),
  validityDisplay: dictCodeSchema(ValidityDisplay).default(1),
  validDays: intIn(1, PRODUCT_LIMITS.validDaysMax).optional(),
  validFrom: DateOnlySchema.nullable().optional(),
  validTo: DateOnlySchema.nullable().optional(),
  timeLimitMinutes: intIn(1, PRODUCT_LIMITS.timeLimitMinutes).nullable().optional(),
  validityText: z.string().trim().max(PRODUCT_LIMITS.validityText).default(''),
  timeWindows: z.array(TimeWindowSchema).max(PRODUCT_LIMITS.timeWindows).default([]),
  entryMode: dictCodeSchema(EntryMode).default(ENTRY_MODE.single),
  entryTimes: intIn(1, PRODUCT_LIMITS.entryTimesMax).default(1),
  /** left out on create: the area's settings (docs/product.md §9 codes) */
  realNameType: dictCodeSchema(RealNameType).optional(),
  printType: dictCodeSchema(PrintType).optional(),
  limitPerOrder: intIn(0, PRODUCT_LIMITS.limit).default(0),
  limitPerIdNumber: intIn(0, PRODUCT_LIMITS.limit).default(0),
  channels: z
    .array(dictCodeSchema(BuyChannel))
    .min(1, { error: key('required') })
    .max(Object.keys(BuyChannel).length)
    .refine((codes) => new Set(codes).size === codes.length, { error: key('channelsUnique') }),
  refundRule: dictCodeSchema(RefundRule).optional(),
  refundDeadlineHours: intIn(0, PRODUCT_LIMITS.refundDeadlineHours).optional(),
  refundFeeUnit: dictCodeSchema(RefundUnit).optional(),
  /** cents when the unit is yuan, whole percent when it is percent */
  refundFeeValue: intIn(0, PRODUCT_LIMITS.price).optional(),
  noticeId: optionalRef,
  agreementId: optionalRef,
  printTemplateId: optionalRef,
  shelfStatus: dictCodeSchema(ShelfStatus).default(2),
  sort: intIn(0, PRODUCT_LIMITS.sort).default(0),
  /** timed products only: 1-48 sessions */
  sessions: z.array(SessionInputSchema).max(PRODUCT_LIMITS.sessions).default([]),
};

type ProductShape = z.infer<z.ZodObject<typeof productShape>>;

/** The cross-field rules of a product (issue 5), each reported on the field to fix. */
function productRules(p: ProductShape, ctx: z.core.$RefinementCtx<ProductShape>) {
  const issue = (path: string, error: ValidationMessageKey) =>
    ctx.addIssue({ code: 'custom', path: [path], message: error, input: p[path as keyof ProductShape] });
  const timed = p.productType === PRODUCT_TYPE.timed;
  if (timed !== (p.validityType === VALIDITY_TYPE.timeSlot)) issue('validityType', 'timedValidity');
  if (p.validityType === VALIDITY_TYPE.multiDay) {
    const days = p.validDays;
    if (days == null || days < PRODUCT_LIMITS.validDaysMin) issue('validDays', 'validDaysRange');
  }
  if (p.validityType === VALIDITY_TYPE.interval) {
    if (!p.validFrom) issue('validFrom', 'required');
    if (!p.validTo) issue('validTo', 'required');
    if (p.validFrom && p.validTo && p.validFrom > p.validTo) issue('validTo', 'dateOrder');
  }
  if (p.validityType === VALIDITY_TYPE.timeLimited && p.timeLimitMinutes == null)
    issue('timeLimitMinutes', 'required');
  if (p.validityType === VALIDITY_TYPE.display && !p.validityText) issue('validityText', 'required');
  if (!rangesDisjoint(p.timeWindows)) issue('timeWindows', 'rangesOverlap');
  if (p.entryMode === ENTRY_MODE.times && p.entryTimes < 2) issue('entryTimes', 'entryTimesMin');
  if (p.refundFeeUnit === REFUND_UNIT.percent && (p.refundFeeValue ?? 0) > 100)
    issue('refundFeeValue', 'percentMax');
  if (timed) {
    if (p.sessions.length < 1) issue('sessions', 'sessionsRequired');
    const starts = p.sessions.map((s) => s.startTime);
    if (new Set(starts).size !== starts.length) issue('sessions', 'sessionsUnique');
    else if (!rangesDisjoint(p.sessions.map((s) => ({ start: s.startTime, end: s.endTime }))))
      issue('sessions', 'rangesOverlap');
  } else if (p.sessions.length) {
    issue('sessions', 'sessionsTimedOnly');
  }
}

export const ProductCreateSchema = z.object(productShape).strict().superRefine(productRules);
export type ProductCreate = z.infer<typeof ProductCreateSchema>;

/**
 * The whole product again (the form sends every field). Sessions replace the product's: ids sent
 * back are kept, new ones added, missing ones removed (409 when one has sold tickets).
 * realNameType, printType and the refund fields left out keep their values.
 */
export const ProductUpdateSchema = z
  .object({ id: IdSchema, ...productShape })
  .strict()
  .superRefine((p, ctx) => productRules(p, ctx as unknown as z.core.$RefinementCtx<ProductShape>));
export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;

export const ProductShelfSchema = z
  .object({
    ids: z
      .array(IdSchema)
      .min(1, { error: key('required') })
      .max(400),
    shelfStatus: dictCodeSchema(ShelfStatus),
  })
  .strict();

export const SessionRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  sort: z.number().int(),
});
export type SessionRow = z.infer<typeof SessionRowSchema>;

/** A row of the product list. */
export const ProductRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  typeId: z.number().int(),
  typeName: z.string(),
  productType: z.number().int(),
  images: z.array(z.string()),
  price: z.number().int(),
  marketPrice: z.number().int(),
  validityType: z.number().int(),
  channels: z.array(z.number().int()),
  realNameType: z.number().int(),
  refundRule: z.number().int(),
  shelfStatus: z.number().int(),
  sort: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ProductRow = z.infer<typeof ProductRowSchema>;

/** One product with everything the form and the detail page show. */
export const ProductDetailSchema = ProductRowSchema.extend({
  intro: z.string(),
  validityDisplay: z.number().int(),
  validDays: z.number().int(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  timeLimitMinutes: z.number().int().nullable(),
  validityText: z.string(),
  timeWindows: z.array(z.object({ start: z.string(), end: z.string() })),
  entryMode: z.number().int(),
  entryTimes: z.number().int(),
  printType: z.number().int(),
  limitPerOrder: z.number().int(),
  limitPerIdNumber: z.number().int(),
  refundDeadlineHours: z.number().int(),
  refundFeeUnit: z.number().int(),
  refundFeeValue: z.number().int(),
  noticeId: z.number().int().nullable(),
  noticeTitle: z.string().nullable(),
  agreementId: z.number().int().nullable(),
  agreementTitle: z.string().nullable(),
  printTemplateId: z.number().int().nullable(),
  printTemplateName: z.string().nullable(),
  sessions: z.array(SessionRowSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

const OptionSchema = z.object({ id: z.number().int(), name: z.string() });

/** What the product form offers: enabled rows of the area, and a new product's defaults. */
export const ProductFormOptionsSchema = z.object({
  types: z.array(OptionSchema),
  notices: z.array(OptionSchema.extend({ noticeType: z.number().int() })),
  agreements: z.array(OptionSchema),
  printTemplates: z.array(OptionSchema.extend({ isDefault: z.boolean() })),
  /** from the area's settings (/sys/setting) */
  defaults: z.object({
    realNameType: z.number().int(),
    printType: z.number().int(),
    refundRule: z.number().int(),
    refundDeadlineHours: z.number().int(),
    refundFeeUnit: z.number().int(),
    refundFeeValue: z.number().int(),
  }),
});
export type ProductFormOptions = z.infer<typeof ProductFormOptionsSchema>;
