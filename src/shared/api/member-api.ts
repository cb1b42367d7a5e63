import { z } from 'zod';
import { MemberCouponStatus } from '../dict/coupons.ts';
import { PayWay } from '../dict/order.ts';
import { dictCodeSchema, endpoints, IdSchema, PageQuerySchema } from './common.ts';
import type { ValidationMessageKey } from './validation-messages.ts';
import { text } from './fields.ts';

/**
 * The member API: what the mini-program (an OAuth client, client_credentials token, X-Scenic-Id)
 * calls on behalf of a signed-in member (`X-Member-Token`, from `login`). docs/api.md "Member API".
 */
export const memberApi = endpoints('/api/member', [
  'login',
  'smsCode',
  'logout',
  'profile',
  'updateProfile',
  'ledger',
  'rechargeRules',
  'recharge',
  'rechargePay',
  'coupons',
  'couponCenter',
  'claim',
  'redeem',
  'orders',
  'orderDetail',
  'orderCancel',
  'refundApply',
  'travellers',
  'addTraveller',
  'deleteTraveller',
]);

/** A mainland mobile number: 11 digits starting with 1. */
export const MobileSchema = z
  .string()
  .trim()
  .regex(/^1\d{10}$/, { error: 'mobile' satisfies ValidationMessageKey });

export const MemberLoginSchema = z
  .object({
    /** The phone the mini-program verified with WeChat, or one verified by `code` */
    phone: MobileSchema,
    /** The SMS verification code sent to `phone` by `smsCode`; when given it must match */
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { error: 'smsCode' satisfies ValidationMessageKey })
      .optional(),
    nickname: text(50).optional(),
    avatar: text(500).optional(),
  })
  .strict();

/** `smsCode`: a verification code (SMS template 1) to a phone. */
export const MemberSmsCodeSchema = z.object({ phone: MobileSchema }).strict();
export const MemberSmsCodeResultSchema = z.object({
  expiresAt: z.string(),
  /** Seconds before another code may be asked for */
  resendAfterSeconds: z.number().int(),
});

export const MemberProfileSchema = z.object({
  id: z.number().int(),
  phone: z.string().nullable(),
  nickname: z.string(),
  avatar: z.string(),
  levelId: z.number().int().nullable(),
  levelName: z.string(),
  /** Percentage of ticket prices this member pays (100: none) */
  discount: z.number().int(),
  balance: z.number().int().describe('cents'),
  points: z.number().int(),
  totalSpend: z.number().int().describe('cents'),
  registeredAt: z.string(),
});
export type MemberProfile = z.infer<typeof MemberProfileSchema>;

export const MemberLoginResultSchema = z.object({
  token: z.string().describe('send as X-Member-Token'),
  expiresAt: z.string(),
  registered: z.boolean().describe('true when this call created the member'),
  member: MemberProfileSchema,
});

export const MemberProfileUpdateSchema = z
  .object({
    nickname: text(50).optional(),
    avatar: text(500).optional(),
  })
  .strict();

export const MemberLedgerQuerySchema = PageQuerySchema.strict();

export const MemberLedgerRowSchema = z.object({
  id: z.number().int(),
  operation: z
    .number()
    .int()
    .describe('BalanceOperation: 1 top-up, 2 consume, 3 refund, 4 gift, 5 adjustment'),
  change: z.number().int().describe('cents, signed'),
  balanceAfter: z.number().int(),
  reference: z.string(),
  time: z.string(),
});

export const MemberLedgerSchema = z.object({
  balance: z.number().int(),
  rows: z.array(MemberLedgerRowSchema),
  total: z.number().int(),
});

export const RechargeRuleOptionSchema = z.object({
  id: z.number().int(),
  payAmount: z.number().int().describe('cents'),
  giftAmount: z.number().int().describe('cents'),
  remark: z.string(),
});

export const MemberRechargeSchema = z
  .object({
    /** cents; a rule of exactly this amount adds its gift */
    amount: z.number().int().min(1).max(10_000_000),
    payWay: dictCodeSchema(PayWay).default(2),
  })
  .strict();

export const MemberRechargePaySchema = z
  .object({
    rechargeNo: z.string().trim().min(1).max(32),
    /** cents; must equal the top-up */
    amount: z.number().int().min(1),
    /** The payment's id at the provider: deduplicates confirmations */
    providerTxnId: z.string().trim().min(1).max(64),
  })
  .strict();

export const RechargeResultSchema = z.object({
  rechargeNo: z.string(),
  amount: z.number().int(),
  giftAmount: z.number().int(),
  status: z.number().int().describe('RechargeStatus: 101 pending, 201 paid, 103 closed'),
  balance: z.number().int().describe("the member's balance now"),
});

export const MemberCouponsQuerySchema = z
  .object({ status: dictCodeSchema(MemberCouponStatus).optional() })
  .strict();

export const MemberCouponRowSchema = z.object({
  id: z.number().int().describe('memberCouponId: send it when ordering'),
  couponId: z.number().int(),
  name: z.string(),
  useType: z.number().int(),
  scope: z.number().int(),
  productIds: z.array(z.number().int()),
  discountKind: z.number().int(),
  amountOff: z.number().int(),
  percent: z.number().int(),
  minSpend: z.number().int(),
  description: z.string(),
  status: z.number().int().describe('101 unused, 201 used, 301 expired'),
  /** Held by an unpaid order */
  reserved: z.boolean(),
  validFrom: z.string(),
  validUntil: z.string(),
  usedOrderNo: z.string().nullable(),
});

export const CouponCenterRowSchema = z.object({
  couponId: z.number().int(),
  name: z.string(),
  useType: z.number().int(),
  discountKind: z.number().int(),
  amountOff: z.number().int(),
  percent: z.number().int(),
  minSpend: z.number().int(),
  description: z.string(),
  left: z.number().int(),
  perMemberLimit: z.number().int(),
  held: z.number().int().describe('how many this member holds already'),
});

export const ClaimCouponSchema = z.object({ couponId: IdSchema }).strict();
export const RedeemCodeSchema = z.object({ code: z.string().trim().min(4).max(20) }).strict();

export const MemberOrderRowSchema = z.object({
  orderNo: z.string(),
  status: z.number().int(),
  payStatus: z.number().int(),
  visitDate: z.string(),
  ticketCount: z.number().int(),
  originalAmount: z.number().int(),
  levelDiscount: z.number().int(),
  couponDiscount: z.number().int(),
  totalAmount: z.number().int(),
  payWay: z.number().int().nullable(),
  createTime: z.string(),
});

export const MemberTravellerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  idType: z.number().int().describe('TravellerIdType: 1 ID card, 2 passport, 3 and 4 permits'),
  idNumber: z.string().describe("the member's own traveller: shown in full"),
  phone: z.string(),
});

export const TravellerIdQuerySchema = z.object({ id: IdSchema }).strict();
