import { z } from 'zod';

/**
 * What a card order row shows of its sale and its money since the selling and member APIs sell cards
 * (docs/payments.md "Travel cards"): spread into CardOrderRowSchema (cards.ts), kept here so that
 * file only names them (a separate file: card-sales.ts imports cards.ts). Always answered; optional in
 * the type so rows built before them (component tests' fixtures) still type-check.
 */
export const CARD_ORDER_SALE_FIELDS = {
  clientId: z
    .string()
    .optional()
    .describe("the client that sold it (selling or member API); '' from the back office"),
  memberId: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe('the member who bought it through the member API'),
  expiresAt: z.string().nullable().optional().describe('C1: when an unpaid order is cancelled (C4)'),
  couponDiscount: z.number().int().optional().describe('cents a member coupon took off the price'),
  refundStatus: z
    .string()
    .nullable()
    .optional()
    .describe('CardRefundStatus of its last refund through a provider: created, transit, done, failed'),
  refundFailReason: z.string().optional().describe("the provider's reason when that refund failed"),
};
