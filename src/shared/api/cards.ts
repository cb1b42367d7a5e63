import { z } from 'zod';
import {
  CARD_SALE_SOURCES,
  CARD_VALIDITY,
  CardCodeStatus,
  CardKindRule,
  CardOrderPayWay,
  CardOrderStatus,
  CardState,
  CardValidityType,
} from '../dict/cards.ts';
import type { DictEntry } from '../dict/dict.ts';
import { RealNameType, ShelfStatus } from '../dict/product.ts';
import { ImageUrlSchema } from './general.ts';
import { CARD_ORDER_SALE_FIELDS } from './card-sales-row.ts';
import {
  DateOnlySchema,
  dictCodeSchema,
  endpoints,
  IdSchema,
  listQuerySchema,
  literalOf,
  statusChangeSchema,
} from './common.ts';
import { MobileSchema } from './member-api.ts';
import { IdNumberSchema } from './staff-cards.ts';
import { key, required, text } from './fields.ts';
import { ValidationMessage } from './validation-messages.ts';

/**
 * /VipCard/vipUseAssort and /VipCard/vipUse: the kinds of travel card an area sells (docs/api.md
 * "Travel cards"). Issued cards, their orders, redeem codes and gates join this file later.
 */
export const cardKindApi = endpoints('/web/api/admin/cardKind', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'delete',
  'shelf',
  'productOptions',
]);

// ---------------------------------------------------------------- card kinds

export const CARD_KIND_SORT_FIELDS = ['createTime', 'price', 'name'] as const;

export const CardSaleSourceSchema = z.enum(CARD_SALE_SOURCES);

export const CardKindPageSchema = listQuerySchema(CARD_KIND_SORT_FIELDS, {
  /** name contains */
  name: text(40).optional(),
  status: dictCodeSchema(ShelfStatus).optional(),
  validityType: dictCodeSchema(CardValidityType).optional(),
  /** kinds this source may sell */
  channel: CardSaleSourceSchema.optional(),
});
export type CardKindPage = z.infer<typeof CardKindPageSchema>;

const unique = (list: readonly unknown[]) => new Set(list).size === list.length;

const fields = {
  name: required(40),
  cover: ImageUrlSchema,
  description: text(1000),
  /** cents */
  price: z.coerce.number().int().min(0).max(100_000_000),
  validityType: dictCodeSchema(CardValidityType),
  /** timed by days from activation */
  validDays: z.coerce.number().int().min(1).max(3650).nullable(),
  /** timed by fixed dates */
  validFrom: DateOnlySchema.nullable(),
  validTo: DateOnlySchema.nullable(),
  /** the area's ticket products the card admits to; empty: the whole area */
  productIds: z
    .array(IdSchema)
    .max(200)
    .refine(unique, { error: key('noRepeat') }),
  /** 0: unlimited */
  perDayEntries: z.coerce.number().int().min(0).max(99),
  /** 0: unlimited */
  totalEntries: z.coerce.number().int().min(0).max(100_000),
  /** days the card does not admit */
  blackoutDates: z
    .array(DateOnlySchema)
    .max(366)
    .refine(unique, { error: key('noRepeat') }),
  /** the holder's face photo is needed to activate the card */
  photoRequired: z.boolean(),
  realName: dictCodeSchema(RealNameType),
  status: dictCodeSchema(ShelfStatus),
  channels: z
    .array(CardSaleSourceSchema)
    .min(1, { error: key('required') })
    .refine(unique, { error: key('noRepeat') }),
};

/** The validity of a card kind, whose fields must agree (checked on a create body and an updated record). */
export interface CardKindTerms {
  validityType: number;
  validDays: number | null;
  validFrom: string | null;
  validTo: string | null;
}

/**
 * spec §9: a card is permanent, or timed either by days from activation or by fixed dates, exactly
 * one of the two. The first rule the terms break: the field to mark and why; null when they agree.
 */
export function cardKindTermsIssue(
  v: CardKindTerms,
): { field: keyof CardKindTerms; reason: DictEntry } | null {
  const dated = v.validFrom != null || v.validTo != null;
  if (v.validityType === CARD_VALIDITY.permanent) {
    if (v.validDays != null) return { field: 'validDays', reason: CardKindRule.permanentNoTerm };
    if (dated)
      return { field: v.validFrom != null ? 'validFrom' : 'validTo', reason: CardKindRule.permanentNoTerm };
    return null;
  }
  if (v.validDays != null && dated) return { field: 'validDays', reason: CardKindRule.validityOneWay };
  if (v.validDays != null) return null;
  if (!dated) return { field: 'validDays', reason: CardKindRule.validityOneWay };
  if (v.validFrom == null) return { field: 'validFrom', reason: ValidationMessage.required };
  if (v.validTo == null) return { field: 'validTo', reason: ValidationMessage.required };
  if (v.validTo < v.validFrom) return { field: 'validTo', reason: ValidationMessage.dateOrder };
  return null;
}

export const CardKindCreateSchema = z
  .object({
    name: fields.name,
    cover: fields.cover.default(''),
    description: fields.description.default(''),
    price: fields.price,
    validityType: fields.validityType,
    validDays: fields.validDays.default(null),
    validFrom: fields.validFrom.default(null),
    validTo: fields.validTo.default(null),
    productIds: fields.productIds.default([]),
    perDayEntries: fields.perDayEntries.default(0),
    totalEntries: fields.totalEntries.default(0),
    blackoutDates: fields.blackoutDates.default([]),
    photoRequired: fields.photoRequired.default(false),
    realName: fields.realName.default(2),
    status: fields.status.default(2),
    channels: fields.channels,
  })
  .strict();
export type CardKindCreate = z.infer<typeof CardKindCreateSchema>;

/** Only the fields sent change; the validity is checked again on the merged record (server). */
export const CardKindUpdateSchema = z
  .object({
    id: IdSchema,
    name: fields.name.optional(),
    cover: fields.cover.optional(),
    description: fields.description.optional(),
    price: fields.price.optional(),
    validityType: fields.validityType.optional(),
    validDays: fields.validDays.optional(),
    validFrom: fields.validFrom.optional(),
    validTo: fields.validTo.optional(),
    productIds: fields.productIds.optional(),
    perDayEntries: fields.perDayEntries.optional(),
    totalEntries: fields.totalEntries.optional(),
    blackoutDates: fields.blackoutDates.optional(),
    photoRequired: fields.photoRequired.optional(),
    realName: fields.realName.optional(),
    status: fields.status.optional(),
    channels: fields.channels.optional(),
  })
  .strict();
export type CardKindUpdate = z.infer<typeof CardKindUpdateSchema>;

/** `POST shelf`: put kinds on shelf (1) or off shelf (2); all change or none. */
export const CardKindShelfSchema = statusChangeSchema(fields.status);

export const CardKindRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  description: z.string(),
  price: z.number().int().describe('cents'),
  validityType: z.number().int().describe('CardValidityType: 0 permanent, 1 timed'),
  validDays: z.number().int().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  productIds: z.array(z.number().int()),
  perDayEntries: z.number().int().describe('0: unlimited'),
  totalEntries: z.number().int().describe('0: unlimited'),
  blackoutDates: z.array(z.string()),
  photoRequired: z.boolean(),
  realName: z.number().int().describe('RealNameType: 1 required, 2 not needed, 3 visitor chooses'),
  status: z.number().int().describe('ShelfStatus: 1 on shelf, 2 off shelf'),
  channels: z.array(z.string()).describe('CardSaleSource client ids'),
  createTime: z.string(),
  updateTime: z.string(),
});
export type CardKindRow = z.infer<typeof CardKindRowSchema>;

/** A product of the area the card's product picker offers (`productOptions`). */
export const CardProductOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type CardProductOption = z.infer<typeof CardProductOptionSchema>;

// ---------------------------------------------------------------- issued cards and card orders

/** /VipCard card list and detail: the issued cards and what staff do with them (C5, freeze, replace…). */
export const cardApi = endpoints('/web/api/admin/card', [
  'page',
  'export',
  'query',
  'activate',
  'freeze',
  'unfreeze',
  'replace',
  'extend',
  'updateHolder',
]);

/** /VipCard card orders: sold from the back office (C2), refunded (C7, C8) or voided (C10). */
export const cardOrderApi = endpoints('/web/api/admin/cardOrder', [
  'page',
  'export',
  'totals',
  'query',
  'create',
  'refund',
  'void',
  'retryRefund',
  'refundOutside',
]);

const IsoTimeSchema = z.iso.datetime({ offset: true });
const ReasonSchema = required(200);

/** The holder of a card as staff enter it; the kind's real-name and photo rules are the server's. */
export const CardHolderSchema = z
  .object({
    name: text(40).default(''),
    /** an 18-digit mainland ID number, or empty */
    idNumber: IdNumberSchema.default(''),
    /** a mainland mobile, or empty */
    phone: z
      .string()
      .trim()
      .regex(/^(1\d{10})?$/, { error: key('mobile') })
      .default(''),
    facePhoto: ImageUrlSchema.default(''),
  })
  .strict();
export type CardHolder = z.infer<typeof CardHolderSchema>;

export const CARD_PAY_WAYS = [1, 99, 98] as const;

export const CardOrderCreateSchema = z
  .object({
    kindId: IdSchema,
    buyer: z.object({ name: required(40), phone: MobileSchema }).strict(),
    payWay: literalOf(CARD_PAY_WAYS),
    /** given: the card is activated at once (C5) in the sale's transaction */
    holder: CardHolderSchema.optional(),
  })
  .strict();
export type CardOrderCreate = z.infer<typeof CardOrderCreateSchema>;

export const CardActivateSchema = z.object({ id: IdSchema, holder: CardHolderSchema }).strict();
export type CardActivate = z.infer<typeof CardActivateSchema>;

/** freeze, unfreeze, replace: the card and why (kept in the audit). */
export const CardReasonSchema = z.object({ id: IdSchema, reason: ReasonSchema }).strict();
export type CardReason = z.infer<typeof CardReasonSchema>;

export const CardExtendSchema = z
  .object({ id: IdSchema, days: z.coerce.number().int().min(1).max(3650), reason: ReasonSchema })
  .strict();
export type CardExtend = z.infer<typeof CardExtendSchema>;

export const CardHolderUpdateSchema = z
  .object({ id: IdSchema, holder: CardHolderSchema, reason: ReasonSchema })
  .strict();
export type CardHolderUpdate = z.infer<typeof CardHolderUpdateSchema>;

/** refund: the amount is staff's choice (≤ paid), needed for a card already used (C8). */
export const CardOrderRefundSchema = z
  .object({ id: IdSchema, reason: ReasonSchema, amount: z.coerce.number().int().min(0).optional() })
  .strict();
export type CardOrderRefund = z.infer<typeof CardOrderRefundSchema>;

export const CardOrderVoidSchema = CardReasonSchema;
export type CardOrderVoid = z.infer<typeof CardOrderVoidSchema>;

/** retryRefund: the order whose refunds through the provider failed (sent again). */
export const CardRefundRetrySchema = z.object({ id: IdSchema }).strict();
export type CardRefundRetry = z.infer<typeof CardRefundRetrySchema>;

/** refundOutside: the order whose failed refunds staff paid back by other means, and how (audited). */
export const CardRefundOutsideSchema = CardReasonSchema;
export type CardRefundOutside = z.infer<typeof CardRefundOutsideSchema>;

export const CARD_SORT_FIELDS = ['createTime', 'validUntil', 'entriesUsed'] as const;

export const CardPageSchema = listQuerySchema(CARD_SORT_FIELDS, {
  cardNo: text(16).optional(),
  kindId: IdSchema.optional(),
  state: dictCodeSchema(CardState).optional(),
  /** holder name contains */
  holderName: text(40).optional(),
  holderPhone: text(20).optional(),
  holderIdNumber: z.string().trim().toUpperCase().max(18).optional(),
  activatedFrom: IsoTimeSchema.optional(),
  activatedTo: IsoTimeSchema.optional(),
});
export type CardPage = z.infer<typeof CardPageSchema>;

export const CardRowSchema = z.object({
  id: z.number().int(),
  cardNo: z.string(),
  orderId: z.number().int(),
  kindId: z.number().int(),
  kindName: z.string(),
  state: z
    .number()
    .int()
    .describe('CardState: 1 not activated, 2 active, 3 frozen, 4 replaced, 5 expired, 6 dead'),
  holderName: z.string(),
  holderIdNumber: z.string().describe('masked unless admin:traveler:idNumber'),
  holderPhone: z.string().describe('masked unless admin:user:phone'),
  facePhoto: z.string(),
  activatedAt: z.string().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable().describe('null: permanent (or not activated)'),
  entriesUsed: z.number().int(),
  entriesToday: z.number().int(),
  lastEntryDay: z.string().nullable(),
  replacedBy: z.number().int().nullable(),
  /** the IC card bound to it ('' when none; docs/domain.md "At the gate") */
  icNo: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type CardRow = z.infer<typeof CardRowSchema>;

export const CARD_ORDER_SORT_FIELDS = ['createTime', 'amount'] as const;

export const CardOrderPageSchema = listQuerySchema(CARD_ORDER_SORT_FIELDS, {
  orderNo: text(32).optional(),
  kindId: IdSchema.optional(),
  status: dictCodeSchema(CardOrderStatus).optional(),
  source: CardSaleSourceSchema.optional(),
  /** any pay way (the mini-program's come with C1/C3) */
  payWay: dictCodeSchema(CardOrderPayWay).optional(),
  buyerPhone: text(20).optional(),
  createTimeFrom: IsoTimeSchema.optional(),
  createTimeTo: IsoTimeSchema.optional(),
});
export type CardOrderPage = z.infer<typeof CardOrderPageSchema>;

export const CardOrderRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  kindId: z.number().int(),
  kindName: z.string(),
  /** The number its card goes by now (a replaced card's successor); '' before one is issued */
  cardNo: z.string(),
  buyerName: z.string(),
  buyerPhone: z.string().describe('masked unless admin:user:phone'),
  source: z.string().describe('CardSaleSource client id'),
  payWay: z.number().int().nullable().describe('CardOrderPayWay (spec §9); 0 a redeem code; null: unpaid'),
  amount: z.number().int().describe('cents'),
  status: z.number().int().describe('CardOrderStatus (spec §4)'),
  paidAt: z.string().nullable(),
  refundedAmount: z.number().int().describe('cents'),
  reason: z.string().describe('why it was voided or refunded'),
  ...CARD_ORDER_SALE_FIELDS,
  createdBy: z.number().int().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type CardOrderRow = z.infer<typeof CardOrderRowSchema>;

/** The totals bar of the card orders: over the whole filter (paging and sort ignored). */
export const CardOrderTotalsSchema = z.object({
  count: z.number().int(),
  amount: z.number().int().describe('cents'),
  refundedAmount: z.number().int().describe('cents'),
});
export type CardOrderTotals = z.infer<typeof CardOrderTotalsSchema>;

export const CardHolderChangeSchema = z.object({
  id: z.number().int(),
  adminId: z.number().int().nullable(),
  before: z.record(z.string(), z.string()),
  after: z.record(z.string(), z.string()),
  reason: z.string(),
  createTime: z.string(),
});
export type CardHolderChange = z.infer<typeof CardHolderChangeSchema>;

/** `card/query`: the card, its order and the holder's changes (its gate entries: `card/entries`). */
export const CardDetailSchema = z.object({
  card: CardRowSchema,
  order: CardOrderRowSchema,
  holderChanges: z.array(CardHolderChangeSchema),
});
export type CardDetail = z.infer<typeof CardDetailSchema>;

/** `cardOrder/query`: the order and its cards (the replaced ones too, newest first). */
export const CardOrderDetailSchema = CardOrderRowSchema.extend({ cards: z.array(CardRowSchema) });
export type CardOrderDetail = z.infer<typeof CardOrderDetailSchema>;

// ---------------------------------------------------------------- redeem codes

/** /VipCard/cardCodes?kindId=: batches of redeem codes of a kind (R1), voided (R4), redeemed (R2). */
export const cardCodeApi = endpoints('/web/api/admin/cardCode', [
  'generate',
  'batches',
  'page',
  'export',
  'void',
  'redeem',
]);

/** docs/domain.md "Redeem codes" R1: at most 10,000 codes a batch. */
export const MAX_CARD_CODES_PER_BATCH = 10_000;

export const CardCodeGenerateSchema = z
  .object({
    kindId: IdSchema,
    count: z.coerce.number().int().min(1).max(MAX_CARD_CODES_PER_BATCH),
    note: text(200).default(''),
  })
  .strict();
export type CardCodeGenerate = z.infer<typeof CardCodeGenerateSchema>;

/** R4: a whole batch (its codes not redeemed) or some codes; all change or none. */
export const CardCodeVoidSchema = z.union([
  z.object({ batchId: IdSchema }).strict(),
  z.object({ ids: z.array(IdSchema).min(1).max(400) }).strict(),
]);
export type CardCodeVoid = z.infer<typeof CardCodeVoidSchema>;

/** R2 from the back office on behalf of a visitor: with a holder the card is activated at once (R3). */
export const CardCodeRedeemSchema = z
  .object({
    code: required(16).toUpperCase(),
    buyer: CardOrderCreateSchema.shape.buyer,
    holder: CardHolderSchema.optional(),
  })
  .strict();
export type CardCodeRedeem = z.infer<typeof CardCodeRedeemSchema>;

export const CardCodeBatchPageSchema = listQuerySchema(['createTime'] as const, {
  kindId: IdSchema.optional(),
});
export type CardCodeBatchPage = z.infer<typeof CardCodeBatchPageSchema>;

export const CardCodeBatchRowSchema = z.object({
  id: z.number().int(),
  kindId: z.number().int(),
  kindName: z.string(),
  count: z.number().int(),
  redeemed: z.number().int().describe('codes of the batch redeemed (status 201 or 301)'),
  note: z.string(),
  createdBy: z.number().int().nullable(),
  voidedAt: z.string().nullable(),
  createTime: z.string(),
});
export type CardCodeBatchRow = z.infer<typeof CardCodeBatchRowSchema>;

export const CARD_CODE_SORT_FIELDS = ['createTime', 'redeemedAt'] as const;

export const CardCodePageSchema = listQuerySchema(CARD_CODE_SORT_FIELDS, {
  batchId: IdSchema.optional(),
  kindId: IdSchema.optional(),
  status: dictCodeSchema(CardCodeStatus).optional(),
  code: text(16).optional(),
  voided: z.boolean().optional(),
});
export type CardCodePage = z.infer<typeof CardCodePageSchema>;

export const CardCodeRowSchema = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  kindId: z.number().int(),
  kindName: z.string(),
  code: z.string(),
  status: z.number().int().describe('CardCodeStatus: 101 not redeemed, 201 not activated, 301 activated'),
  voided: z.boolean(),
  voidedAt: z.string().nullable(),
  cardId: z.number().int().nullable(),
  cardNo: z.string().describe("the card's number; '' before redemption"),
  memberId: z.number().int().nullable(),
  redeemedAt: z.string().nullable(),
  createTime: z.string(),
});
export type CardCodeRow = z.infer<typeof CardCodeRowSchema>;

/** `void`: how many codes were voided. */
export const CardCodeVoidResultSchema = z.object({ voided: z.number().int() });
