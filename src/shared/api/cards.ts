import { z } from 'zod';
import { CARD_SALE_SOURCES, CARD_VALIDITY, CardKindRule, CardValidityType } from '../dict/cards.ts';
import type { DictEntry } from '../dict/dict.ts';
import { RealNameType, ShelfStatus } from '../dict/product.ts';
import { ImageUrlSchema } from './general.ts';
import {
  DateOnlySchema,
  dictCodeSchema,
  endpoints,
  IdSchema,
  listQuerySchema,
  statusChangeSchema,
} from './common.ts';
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
