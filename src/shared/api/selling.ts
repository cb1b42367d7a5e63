import { z } from 'zod';
import { PayWay } from '../dict/order.ts';
import { DateOnlySchema, dictCodeSchema, endpoints, IdSchema } from './common.ts';
import { IdNumberSchema } from './staff-cards.ts';
import { SeatRefSchema } from './theatres.ts';
import type { ValidationMessageKey } from './validation-messages.ts';
import { text } from './fields.ts';

/** The selling API of sales channels (`/api/open/…`, client_credentials tokens; docs/api.md). */

export const openApi = endpoints('/api/open', ['products']);
export const openOrderApi = endpoints('/api/open/order', ['create', 'pay', 'cancel', 'query']);

const PhoneSchema = text(20);

export const VisitorSchema = z
  .object({
    name: text(50),
    idNumber: IdNumberSchema.optional(),
    phone: PhoneSchema.optional(),
  })
  .strict();

export const OrderLineSchema = z
  .object({
    /** Required unless the line books a travel package departure */
    productId: IdSchema.optional(),
    /** Visit date (the show date of a performance); required unless the line books a departure */
    date: DateOnlySchema.optional(),
    /**
     * A departure of a travel package (`/api/public/travel/packages`): its date, price and product
     * come from the departure; such a line is the only line of its order
     */
    departureId: IdSchema.optional(),
    /** A session of a timed product */
    sessionId: IdSchema.optional(),
    /** A time slot of the area's public stock (regular products, when the area has slots) */
    periodId: IdSchema.optional(),
    /** A show of a performance product, with one seat per ticket */
    showId: IdSchema.optional(),
    seats: z.array(SeatRefSchema).max(50).optional(),
    quantity: z.number().int().min(1).max(100),
    /** One per ticket for a real-name product */
    visitors: z.array(VisitorSchema).max(100).optional(),
  })
  .strict()
  .superRefine((line, ctx) => {
    const required = { code: 'custom', message: 'required' satisfies ValidationMessageKey } as const;
    if (line.departureId == null) {
      if (line.productId == null) ctx.addIssue({ ...required, path: ['productId'] });
      if (line.date == null) ctx.addIssue({ ...required, path: ['date'] });
      return;
    }
    // a departure names its product, date and price itself
    for (const name of ['productId', 'date', 'sessionId', 'periodId', 'showId', 'seats'] as const)
      if (line[name] != null)
        ctx.addIssue({
          code: 'custom',
          message: 'departureLine' satisfies ValidationMessageKey,
          path: [name],
        });
  });

export const CreateOrderSchema = z
  .object({
    /** The channel's own order number (unique per client) */
    externalNo: z.string().trim().min(1).max(64).optional(),
    buyer: z
      .object({
        name: text(50).default(''),
        phone: PhoneSchema.default(''),
        idNumber: IdNumberSchema.optional(),
      })
      .strict(),
    lines: z.array(OrderLineSchema).min(1).max(20),
    /**
     * Pay together with the order: cash (1), POS (99), on account (98), or the signed-in member's
     * balance (9)
     */
    payNow: z
      .object({ payWay: dictCodeSchema(PayWay) })
      .strict()
      .optional(),
    remark: text(200).optional(),
    /**
     * A coupon of the signed-in member (`X-Member-Token`, the member API): checked, reserved until
     * payment, spent when paid
     */
    memberCouponId: IdSchema.optional(),
  })
  .strict();
export type CreateOrder = z.infer<typeof CreateOrderSchema>;

export const PayOrderSchema = z
  .object({
    orderNo: z.string().trim().min(1).max(32),
    payWay: dictCodeSchema(PayWay),
    /** cents; must equal the amount due */
    amount: z.number().int().min(0),
    provider: z.string().trim().min(1).max(32).default('offline'),
    /** The payment's id at the provider (or the channel's settlement id): deduplicates confirmations */
    providerTxnId: z.string().trim().min(1).max(64),
  })
  .strict();

export const OrderNoSchema = z.object({ orderNo: z.string().trim().min(1).max(32) }).strict();

export const SellableQuerySchema = z.object({ date: DateOnlySchema }).strict();

export const OpenTicketSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productType: z.number().int(),
  visitDate: z.string(),
  /** The travel package departure the ticket is a seat of */
  departureId: z.number().int().nullable(),
  sessionId: z.number().int().nullable(),
  periodId: z.number().int().nullable(),
  showId: z.number().int().nullable(),
  seatLabel: z.string().nullable(),
  validFrom: z.string(),
  validUntil: z.string(),
  price: z.number().int().describe('cents'),
  status: z.number().int().describe('TicketStatus'),
  visitorName: z.string(),
  /** The ticket secret (QR payload), once paid; null before payment and once revoked */
  code: z.string().nullable(),
});

export const OpenOrderSchema = z.object({
  orderNo: z.string(),
  externalNo: z.string().nullable(),
  status: z.number().int().describe('TicketStatus (summary)'),
  payStatus: z.number().int().describe('PayStatus'),
  /** cents before the member's level discount and coupon */
  originalAmount: z.number().int(),
  levelDiscount: z.number().int(),
  couponDiscount: z.number().int(),
  totalAmount: z.number().int().describe('cents'),
  paidAmount: z.number().int(),
  refundedAmount: z.number().int(),
  visitDate: z.string(),
  /** Set on an order of a travel package */
  departureId: z.number().int().nullable(),
  expiresAt: z.string().nullable().describe('unpaid orders are cancelled after this time'),
  createTime: z.string(),
  tickets: z.array(OpenTicketSchema),
});
export type OpenOrder = z.infer<typeof OpenOrderSchema>;

export const PayResultSchema = z.object({
  outcome: z.enum(['confirmed', 'duplicate', 'lateAccepted', 'lateRefunded']),
  order: OpenOrderSchema,
});

export const SellableSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  productType: z.number().int(),
  realNameType: z.number().int(),
  limitPerOrder: z.number().int(),
  limitPerIdNumber: z.number().int(),
  /**
   * Calendar days (one per session of a timed product; for a regular product one per public-stock
   * slot of the area, when it has slots) or shows of a performance
   */
  offers: z.array(
    z.object({
      sessionId: z.number().int().nullable(),
      showId: z.number().int().nullable(),
      periodId: z
        .number()
        .int()
        .nullable()
        .describe('the public-stock slot: send it as periodId when ordering a regular product'),
      time: z.string().describe('"HH:mm-HH:mm", or empty for a whole day'),
      price: z.number().int().describe('cents; the lowest seat price of a show'),
      left: z.number().int().describe("stock (or free seats) left, within the slot's public stock"),
    }),
  ),
});
export type Sellable = z.infer<typeof SellableSchema>;
