import { z } from 'zod';
import { EnableStatus } from '../dict/account.ts';
import { PAY_WAY_AGENCY_BALANCE, PAY_WAY_AGENCY_CREDIT } from '../dict/order.ts';
import {
  DateOnlySchema,
  dictCodeSchema,
  endpoints,
  IdSchema,
  listQuerySchema,
  statusChangeSchema,
} from './common.ts';
import { OrderLineSchema, SellableSchema } from './selling.ts';
import { key, required, text } from './fields.ts';

/** /disManage/retailrole: price tiers of distributors, their lines, and who is assigned to them. */
export const priceTierApi = endpoints('/web/api/ticket/retailRole', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'delete',
  'status',
  'lines',
  'saveLine',
  'deleteLine',
  'distributors',
  'assign',
  'products',
]);

/** /disManage/buy: a distributor (account type 3) buys for itself on balance (5) or credit (8). */
export const disBuyApi = endpoints('/web/api/ticket/disBuy', ['sellable', 'create']);

export const PRICE_TIER_SORT_FIELDS = ['name', 'createTime'] as const;

export const PriceTierPageSchema = listQuerySchema(PRICE_TIER_SORT_FIELDS, {
  name: text(50).optional(),
  status: dictCodeSchema(EnableStatus).optional(),
});
export type PriceTierPage = z.infer<typeof PriceTierPageSchema>;

const fields = {
  name: required(50),
  remark: text(200),
  status: dictCodeSchema(EnableStatus),
};

export const PriceTierCreateSchema = z
  .object({
    name: fields.name,
    remark: fields.remark.default(''),
    status: fields.status.default(1),
  })
  .strict();
export type PriceTierCreate = z.infer<typeof PriceTierCreateSchema>;

export const PriceTierUpdateSchema = z
  .object({
    id: IdSchema,
    name: fields.name.optional(),
    remark: fields.remark.optional(),
    status: fields.status.optional(),
  })
  .strict();

export const PriceTierStatusSchema = statusChangeSchema(fields.status);

export const PriceTierRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  status: z.number().int(),
  lineCount: z.number().int(),
  distributorCount: z.number().int(),
  createTime: z.string(),
});
export type PriceTierRow = z.infer<typeof PriceTierRowSchema>;

/** The most a line's price may be: one million yuan, in cents. */
const PriceCentsSchema = z.number().int().min(0).max(100_000_000);

/**
 * A line of a tier: for one product and the visit dates `dateFrom`..`dateTo`, the distributor's
 * settlement price and the lowest retail price (cents, floor ≥ settlement). Lines of one product in
 * one tier never overlap (400 on `dateFrom`).
 */
export const PriceTierLineSaveSchema = z
  .object({
    /** Absent: a new line */
    id: IdSchema.optional(),
    tierId: IdSchema,
    productId: IdSchema,
    dateFrom: DateOnlySchema,
    dateTo: DateOnlySchema,
    settlementPrice: PriceCentsSchema,
    retailFloor: PriceCentsSchema,
  })
  .strict()
  .refine((v) => v.dateTo >= v.dateFrom, { path: ['dateTo'], error: key('dateOrder') })
  .refine((v) => v.retailFloor >= v.settlementPrice, {
    path: ['retailFloor'],
    error: key('retailFloorBelowSettlement'),
  });
export type PriceTierLineSave = z.infer<typeof PriceTierLineSaveSchema>;

export const PriceTierLinesQuerySchema = z.object({ tierId: IdSchema }).strict();
export const PriceTierLineIdSchema = z.object({ id: IdSchema }).strict();

export const PriceTierLineRowSchema = z.object({
  id: z.number().int(),
  tierId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  settlementPrice: z.number().int().describe('cents'),
  retailFloor: z.number().int().describe('cents'),
});
export type PriceTierLineRow = z.infer<typeof PriceTierLineRowSchema>;

/** The area's calendar-priced products (what a line may name). */
export const TierProductOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
});
export type TierProductOption = z.infer<typeof TierProductOptionSchema>;

/** The area's distributors with their tier: what the assign action picks from. */
export const TierDistributorRowSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  state: z.number().int().describe('DistributorState'),
  tierId: z.number().int().nullable(),
  tierName: z.string().nullable(),
});
export type TierDistributorRow = z.infer<typeof TierDistributorRowSchema>;

/** Puts the distributors on the tier (`tierId` null: back to the calendar prices). */
export const PriceTierAssignSchema = z
  .object({
    tierId: IdSchema.nullable(),
    distributorIds: z
      .array(IdSchema)
      .min(1, { error: key('required') })
      .max(400),
  })
  .strict();
export type PriceTierAssign = z.infer<typeof PriceTierAssignSchema>;

export const DisBuySellableQuerySchema = z.object({ date: DateOnlySchema }).strict();

/** What the calling distributor may buy on a date: the selling list with its tier's prices laid over. */
export const DisSellableSchema = SellableSchema.extend({
  /** The calendar price of the day (cents), before the tier */
  calendarPrice: z.number().int().nullable(),
  /** The tier's settlement price, when the tier has a line for the product and the date */
  settlementPrice: z.number().int().nullable(),
  retailFloor: z.number().int().nullable(),
});
export type DisSellable = z.infer<typeof DisSellableSchema>;

export const DisSellableListSchema = z.object({
  tierId: z.number().int().nullable(),
  tierName: z.string().nullable(),
  balance: z.number().int().describe('cents'),
  creditAvailable: z.number().int().describe('cents'),
  state: z.number().int().describe('DistributorState'),
  products: z.array(DisSellableSchema),
});
export type DisSellableList = z.infer<typeof DisSellableListSchema>;

/** A distributor's own order, paid at once from its balance (5) or credit (8); Idempotency-Key required. */
export const DisBuySchema = z
  .object({
    buyer: z
      .object({
        name: text(50).default(''),
        phone: text(20).default(''),
      })
      .strict(),
    lines: z.array(OrderLineSchema).min(1).max(20),
    payWay: z.union([z.literal(PAY_WAY_AGENCY_BALANCE), z.literal(PAY_WAY_AGENCY_CREDIT)]),
    remark: text(200).optional(),
  })
  .strict();
export type DisBuy = z.infer<typeof DisBuySchema>;

export const DisBuyResultSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  totalAmount: z.number().int().describe('cents'),
  payWay: z.number().int(),
  tierId: z.number().int().nullable(),
  ticketCount: z.number().int(),
});
export type DisBuyResult = z.infer<typeof DisBuyResultSchema>;
