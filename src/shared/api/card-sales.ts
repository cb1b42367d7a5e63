import { z } from 'zod';
import { PAY_WAY_MEMBER_BALANCE } from '../dict/order.ts';
import {
  CARD_PAY_WAYS,
  CardHolderSchema,
  CardKindRowSchema,
  CardOrderCreateSchema,
  CardRowSchema,
} from './cards.ts';
import { endpoints, IdSchema } from './common.ts';
import { required, text } from './fields.ts';

/**
 * Travel cards sold through the member API (the mini-program, on behalf of a signed-in member) and
 * the selling API (windows, machines, distributors with their client tokens): docs/api.md "Travel
 * cards: member and selling APIs". An unpaid order (C1) is paid online through
 * `/api/open/pay/prepay` with target `card` and its order number.
 */
export const cardMemberApi = endpoints('/api/member/card', [
  'kinds',
  'buy',
  'orders',
  'cards',
  'activate',
  'cancel',
  'redeem',
]);

export const cardOpenApi = endpoints('/api/open/card', ['kinds', 'create', 'query', 'cancel']);

/** docs/domain.md C1: how long an unpaid card order waits for its payment. */
export const CARD_ORDER_PAY_MINUTES = 15;

/** A kind on sale to the caller: what the buyer sees before buying (a kind row's public part). */
export const CardSaleKindSchema = CardKindRowSchema.pick({
  id: true,
  name: true,
  cover: true,
  description: true,
  price: true,
  validityType: true,
  validDays: true,
  validFrom: true,
  validTo: true,
  perDayEntries: true,
  totalEntries: true,
  photoRequired: true,
  realName: true,
});
export type CardSaleKind = z.infer<typeof CardSaleKindSchema>;

/** A card as its buyer sees it (a card row's public part and its order's number). */
export const CardSaleCardSchema = CardRowSchema.pick({
  id: true,
  cardNo: true,
  kindId: true,
  kindName: true,
  state: true,
  holderName: true,
  activatedAt: true,
  validFrom: true,
  validUntil: true,
  entriesUsed: true,
}).extend({ orderNo: z.string() });
export type CardSaleCard = z.infer<typeof CardSaleCardSchema>;

/** A card order as its buyer (member or channel) sees it, with its live card once paid. */
export const CardSaleOrderSchema = z.object({
  orderNo: z.string(),
  kindId: z.number().int(),
  kindName: z.string(),
  status: z.number().int().describe('CardOrderStatus (spec §4): 101 unpaid … 501 invalid'),
  source: z.string().describe('CardSaleSource'),
  payWay: z.number().int().nullable().describe('CardOrderPayWay; 0 a redeem code; null until paid'),
  amount: z.number().int().describe('cents to pay (the price less the coupon)'),
  couponDiscount: z.number().int().describe('cents'),
  paidAt: z.string().nullable(),
  expiresAt: z.string().nullable().describe('an unpaid order is cancelled after this (C4)'),
  refundedAmount: z.number().int().describe('cents'),
  refundStatus: z.string().nullable().describe('CardRefundStatus of the money given back online'),
  createTime: z.string(),
  card: CardSaleCardSchema.nullable(),
});
export type CardSaleOrder = z.infer<typeof CardSaleOrderSchema>;

// ---------------------------------------------------------------- member API

/**
 * Buy a card as the signed-in member: without a pay way the order waits 15 minutes for an online
 * payment (C1, then prepay); pay way 9 pays it at once from the member's balance (C2). A member
 * coupon valid for cards (use 0, all products) takes its discount off the price.
 */
export const CardMemberBuySchema = z
  .object({
    kindId: IdSchema,
    payWay: z.literal(PAY_WAY_MEMBER_BALANCE).optional(),
    memberCouponId: IdSchema.optional(),
    /** the buyer's name (the phone is the member's) */
    buyerName: text(40).default(''),
  })
  .strict();
export type CardMemberBuy = z.infer<typeof CardMemberBuySchema>;

export const CardOrderNoSchema = z.object({ orderNo: required(32) }).strict();
export type CardOrderNo = z.infer<typeof CardOrderNoSchema>;

export const CardOrderNoQuerySchema = z.object({ orderNo: required(32) });

/** C5 by the member: their card and the holder's real-name data. */
export const CardMemberActivateSchema = z.object({ cardId: IdSchema, holder: CardHolderSchema }).strict();
export type CardMemberActivate = z.infer<typeof CardMemberActivateSchema>;

/** R2 by the member: the code; with a holder the card is activated at once (C5, R3). */
export const CardMemberRedeemSchema = z
  .object({ code: required(16).toUpperCase(), holder: CardHolderSchema.optional() })
  .strict();
export type CardMemberRedeem = z.infer<typeof CardMemberRedeemSchema>;

// ---------------------------------------------------------------- selling API

/** The pay ways a channel reports for a card taken offline (cash, POS, on account). */
export const CARD_REPORTED_PAY_WAYS = CARD_PAY_WAYS;

/**
 * A channel sells a card: with a reported pay way it is paid at once (C2: cash, POS, on account; WeChat
 * Pay and Alipay are refused, 400 naming payWay); without one it waits 15 minutes for an online payment
 * (C1, then prepay: a QR code at a machine). With a holder a paid card is activated at once (C5).
 */
export const CardOpenCreateSchema = z
  .object({
    kindId: IdSchema,
    buyer: CardOrderCreateSchema.shape.buyer,
    payWay: z.coerce.number().int().min(0).max(32_767).optional(),
    holder: CardHolderSchema.optional(),
  })
  .strict();
export type CardOpenCreate = z.infer<typeof CardOpenCreateSchema>;
