import { z } from 'zod';
import { EnableStatus } from '../dict/account.ts';
import {
  BalanceOperation,
  LevelBasis,
  MemberSource,
  MemberStatus,
  RechargeStatus,
  TRAVELLER_ID_TYPE,
  TravellerIdType,
} from '../dict/members.ts';
import { PayWay } from '../dict/order.ts';
import { ImageUrlSchema } from './general.ts';
import { EncryptedSchema } from './auth.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { isValidIdNumber } from './staff-cards.ts';
import { key, required, text } from './fields.ts';

/** docs/product.md §2 /user/user and /user/userDetail, §7 `user/page`, `update`, `balDetail`, `consume`, `unbindPhone`. */
export const userApi = endpoints('/web/api/admin/user', [
  'page',
  'export',
  'query',
  'update',
  'balDetail',
  'consume',
  'adjust',
  'unbindPhone',
  'levelHistory',
  'levels',
]);
/** /user/memberRank and /user/memberRankDetail. */
export const memberLevelApi = endpoints('/web/api/admin/memberRank', [
  'page',
  'query',
  'create',
  'update',
  'delete',
]);
/** /user/rechargeRecord: the members' top-ups. */
export const rechargeApi = endpoints('/web/api/admin/recharge', ['page', 'export', 'totals']);
/** /user/BalanceSet: the top-up rules (docs/product.md §7 `fixed/*`, delete by `fixId`). */
export const rechargeRuleApi = endpoints('/web/api/admin/fixed', [
  'page',
  'create',
  'update',
  'updateAll',
  'delete',
]);
/** /user/traveler: the members' frequent travellers (staff only view and export them). */
export const travellerApi = endpoints('/web/api/admin/traveler', ['page', 'export']);

const IsoTimeSchema = z.iso.datetime({ offset: true });
/** The most one top-up, rule, consumption or adjustment moves: one million yuan, in cents. */
export const MEMBER_MONEY_MAX = 100_000_000;
/** A positive whole number of cents (counter consumption, a rule's pay amount). */
export const PositiveCentsSchema = z.coerce
  .number()
  .int({ error: key('amountPositive') })
  .min(1, { error: key('amountPositive') })
  .max(MEMBER_MONEY_MAX);
const CentsSchema = z.coerce.number().int().min(0).max(MEMBER_MONEY_MAX);
const PhoneFilterSchema = text(20).optional();

// ---- members ----

export const MEMBER_SORT_FIELDS = ['registeredAt', 'balance', 'points', 'totalSpend'] as const;

export const MemberPageSchema = listQuerySchema(MEMBER_SORT_FIELDS, {
  /** A whole number matches exactly; part of one only for accounts that see full numbers */
  phone: PhoneFilterSchema,
  nickname: text(50).optional(),
  levelId: IdSchema.optional(),
  status: dictCodeSchema(MemberStatus).optional(),
  source: dictCodeSchema(MemberSource).optional(),
  registeredFrom: IsoTimeSchema.optional(),
  registeredTo: IsoTimeSchema.optional(),
});
export type MemberPage = z.infer<typeof MemberPageSchema>;

export const MemberRowSchema = z.object({
  id: z.number().int(),
  /** Masked (138****1234) unless the caller holds admin:user:phone; '' once unbound */
  phone: z.string(),
  phoneBound: z.boolean(),
  nickname: z.string(),
  avatar: z.string(),
  levelId: z.number().int().nullable(),
  levelName: z.string(),
  balance: z.number().int().describe('cents'),
  points: z.number().int(),
  totalSpend: z.number().int().describe('cents'),
  source: z.number().int().describe('MemberSource'),
  status: z.number().int().describe('MemberStatus'),
  registeredAt: z.string(),
});
export type MemberRow = z.infer<typeof MemberRowSchema>;

/** The profile of /user/userDetail: the row and the counts of its tabs. */
export const MemberDetailSchema = MemberRowSchema.extend({
  updatedAt: z.string(),
  levelDiscount: z.number().int(),
  travellers: z.number().int(),
  recharged: z.number().int().describe('cents paid in top-ups'),
});
export type MemberDetail = z.infer<typeof MemberDetailSchema>;

/** Staff edit a member: nickname, level (a history row, reason "set by staff") and freeze/unfreeze. */
export const MemberUpdateSchema = z
  .object({
    id: IdSchema,
    nickname: text(50).optional(),
    levelId: IdSchema.optional(),
    status: dictCodeSchema(MemberStatus).optional(),
  })
  .strict();
export type MemberUpdate = z.infer<typeof MemberUpdateSchema>;

export const MemberIdQuerySchema = z.object({ id: IdSchema }).strict();

/** The amount of counter consumption, also checked by the console's form. */
export const ConsumeAmountSchema = PositiveCentsSchema;

/**
 * docs/product.md §3 consume payload (a GET, §7): the member, the operator's own password encrypted
 * with the login public key, the amount in cents and a remark.
 */
export const MemberConsumeSchema = z
  .object({
    wxUserId: IdSchema,
    admPassword: EncryptedSchema,
    conOperateMoney: ConsumeAmountSchema,
    conRemark: text(200).default(''),
  })
  .strict();
export type MemberConsume = z.infer<typeof MemberConsumeSchema>;

/** The console's consumption form before the password is encrypted. */
export const MemberConsumeFormSchema = MemberConsumeSchema.omit({ admPassword: true }).extend({
  admPassword: z
    .string()
    .min(1, { error: key('required') })
    .max(128),
});

export const BalanceMoveResultSchema = z.object({
  ledgerId: z.number().int(),
  balance: z.number().int().describe('cents after the move'),
});

/** A staff adjustment of a balance, either way (operation 5), with its reason. */
export const MemberAdjustSchema = z
  .object({
    id: IdSchema,
    change: z.coerce
      .number()
      .int()
      .min(-MEMBER_MONEY_MAX)
      .max(MEMBER_MONEY_MAX)
      .refine((n) => n !== 0, { error: key('changeNonZero') }),
    reason: required(200),
  })
  .strict();
export type MemberAdjust = z.infer<typeof MemberAdjustSchema>;

// ---- a member's balance ledger and level history ----

export const LedgerPageSchema = listQuerySchema(['createTime'], {
  memberId: IdSchema,
  operation: dictCodeSchema(BalanceOperation).optional(),
  createTimeFrom: IsoTimeSchema.optional(),
  createTimeTo: IsoTimeSchema.optional(),
});
export type LedgerPage = z.infer<typeof LedgerPageSchema>;

export const LedgerRowSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  operation: z.number().int().describe('BalanceOperation'),
  change: z.number().int().describe('signed cents'),
  balanceAfter: z.number().int(),
  reference: z.string(),
  remark: z.string(),
  operator: z.string(),
  createTime: z.string(),
});
export type LedgerRow = z.infer<typeof LedgerRowSchema>;

export const LevelHistoryPageSchema = listQuerySchema(['createTime'], { memberId: IdSchema });
export type LevelHistoryPage = z.infer<typeof LevelHistoryPageSchema>;

export const LevelHistoryRowSchema = z.object({
  id: z.number().int(),
  fromLevel: z.string(),
  toLevel: z.string(),
  reason: z.number().int().describe('LevelChangeReason'),
  createTime: z.string(),
});
export type LevelHistoryRow = z.infer<typeof LevelHistoryRowSchema>;

export const LevelOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.number().int(),
});
export type LevelOption = z.infer<typeof LevelOptionSchema>;

// ---- levels ----

export const MEMBER_LEVEL_SORT_FIELDS = ['threshold', 'discount', 'createTime'] as const;
export const MemberLevelPageSchema = listQuerySchema(MEMBER_LEVEL_SORT_FIELDS, {
  name: text(30).optional(),
  basis: dictCodeSchema(LevelBasis).optional(),
  status: dictCodeSchema(EnableStatus).optional(),
});
export type MemberLevelPage = z.infer<typeof MemberLevelPageSchema>;

const levelFields = {
  name: required(30),
  basis: dictCodeSchema(LevelBasis),
  /** Cents of total spend (basis 1) or points (basis 2) */
  threshold: z.coerce.number().int().min(0).max(2_000_000_000),
  /** Percentage of the price a member pays, 1-100 */
  discount: z.coerce
    .number()
    .int()
    .min(1)
    .max(100, { error: key('percentMax') }),
  benefits: text(1000),
  badge: ImageUrlSchema,
  status: dictCodeSchema(EnableStatus),
};

export const MemberLevelCreateSchema = z
  .object({
    name: levelFields.name,
    basis: levelFields.basis.default(1),
    threshold: levelFields.threshold,
    discount: levelFields.discount.default(100),
    benefits: levelFields.benefits.default(''),
    badge: levelFields.badge.default(''),
    status: levelFields.status.default(1),
  })
  .strict();
export type MemberLevelCreate = z.infer<typeof MemberLevelCreateSchema>;

export const MemberLevelUpdateSchema = z
  .object({
    id: IdSchema,
    name: levelFields.name.optional(),
    basis: levelFields.basis.optional(),
    threshold: levelFields.threshold.optional(),
    discount: levelFields.discount.optional(),
    benefits: levelFields.benefits.optional(),
    badge: levelFields.badge.optional(),
    status: levelFields.status.optional(),
  })
  .strict();
export type MemberLevelUpdate = z.infer<typeof MemberLevelUpdateSchema>;

export const MemberLevelRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  basis: z.number().int().describe('LevelBasis'),
  threshold: z.number().int(),
  discount: z.number().int(),
  benefits: z.string(),
  badge: z.string(),
  status: z.number().int(),
  /** Members holding the level now */
  members: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type MemberLevelRow = z.infer<typeof MemberLevelRowSchema>;

// ---- top-ups ----

export const RECHARGE_SORT_FIELDS = ['createTime', 'amount'] as const;
export const RechargePageSchema = listQuerySchema(RECHARGE_SORT_FIELDS, {
  /** The member's phone, exactly */
  phone: PhoneFilterSchema,
  rechargeNo: text(32).optional(),
  memberId: IdSchema.optional(),
  status: dictCodeSchema(RechargeStatus).optional(),
  payWay: dictCodeSchema(PayWay).optional(),
  createTimeFrom: IsoTimeSchema.optional(),
  createTimeTo: IsoTimeSchema.optional(),
});
export type RechargePage = z.infer<typeof RechargePageSchema>;

export const RechargeRowSchema = z.object({
  id: z.number().int(),
  rechargeNo: z.string(),
  memberId: z.number().int(),
  memberPhone: z.string().describe('masked unless admin:user:phone'),
  memberNickname: z.string(),
  amount: z.number().int().describe('cents paid'),
  giftAmount: z.number().int(),
  ruleId: z.number().int().nullable(),
  payWay: z.number().int().describe('PayWay'),
  status: z.number().int().describe('RechargeStatus'),
  paidAt: z.string().nullable(),
  createTime: z.string(),
});
export type RechargeRow = z.infer<typeof RechargeRowSchema>;

/** The filtered set: how many, and the paid and gift sums of those that are paid. */
export const RechargeTotalsSchema = z.object({
  count: z.number().int(),
  paidCount: z.number().int(),
  amount: z.number().int(),
  giftAmount: z.number().int(),
});
export type RechargeTotals = z.infer<typeof RechargeTotalsSchema>;

// ---- top-up rules ----

export const RECHARGE_RULE_SORT_FIELDS = ['sort', 'payAmount'] as const;
export const RechargeRulePageSchema = listQuerySchema(RECHARGE_RULE_SORT_FIELDS, {
  status: dictCodeSchema(EnableStatus).optional(),
});
export type RechargeRulePage = z.infer<typeof RechargeRulePageSchema>;

const ruleFields = {
  payAmount: PositiveCentsSchema,
  giftAmount: CentsSchema,
  remark: text(100),
  sort: z.coerce.number().int().min(0).max(9999),
  status: dictCodeSchema(EnableStatus),
};

export const RechargeRuleCreateSchema = z
  .object({
    payAmount: ruleFields.payAmount,
    giftAmount: ruleFields.giftAmount.default(0),
    remark: ruleFields.remark.default(''),
    sort: ruleFields.sort.default(0),
    status: ruleFields.status.default(1),
  })
  .strict();
export type RechargeRuleCreate = z.infer<typeof RechargeRuleCreateSchema>;

export const RechargeRuleUpdateSchema = z
  .object({
    id: IdSchema,
    payAmount: ruleFields.payAmount.optional(),
    giftAmount: ruleFields.giftAmount.optional(),
    remark: ruleFields.remark.optional(),
    sort: ruleFields.sort.optional(),
    status: ruleFields.status.optional(),
  })
  .strict();
export type RechargeRuleUpdate = z.infer<typeof RechargeRuleUpdateSchema>;

/** Enable or disable every rule of the area at once. */
export const RechargeRuleUpdateAllSchema = z.object({ status: ruleFields.status }).strict();
export const RechargeRuleDeleteSchema = z.object({ fixId: IdSchema }).strict();

export const RechargeRuleRowSchema = z.object({
  id: z.number().int(),
  payAmount: z.number().int(),
  giftAmount: z.number().int(),
  remark: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type RechargeRuleRow = z.infer<typeof RechargeRuleRowSchema>;

// ---- frequent travellers ----

export const TRAVELLER_SORT_FIELDS = ['createTime', 'name'] as const;
export const TravellerPageSchema = listQuerySchema(TRAVELLER_SORT_FIELDS, {
  name: text(50).optional(),
  idType: dictCodeSchema(TravellerIdType).optional(),
  /** The whole ID number, exactly */
  idNumber: z.string().trim().toUpperCase().max(30).optional(),
  /** The member's phone, exactly */
  memberPhone: PhoneFilterSchema,
  memberId: IdSchema.optional(),
  createTimeFrom: IsoTimeSchema.optional(),
  createTimeTo: IsoTimeSchema.optional(),
});
export type TravellerPage = z.infer<typeof TravellerPageSchema>;

export const TravellerRowSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberNickname: z.string(),
  memberPhone: z.string().describe('masked unless admin:user:phone'),
  name: z.string(),
  idType: z.number().int().describe('TravellerIdType'),
  idNumber: z.string().describe('masked unless admin:traveler:idNumber'),
  phone: z.string().describe('masked unless admin:user:phone'),
  createTime: z.string(),
});
export type TravellerRow = z.infer<typeof TravellerRowSchema>;

/** Passports and travel permits: letters and digits (their own check rules vary by issuer). */
const DOCUMENT_NUMBER = /^[A-Z0-9]{5,20}$/;

/** True when `idNumber` is a valid number of the document type (type 1: the GB 11643 checksum). */
export function travellerIdNumberValid(idType: number, idNumber: string): boolean {
  return idType === TRAVELLER_ID_TYPE.idCard ? isValidIdNumber(idNumber) : DOCUMENT_NUMBER.test(idNumber);
}

/**
 * A frequent traveller as a member saves one (the member API) and `createTraveller` checks it: the
 * mainland ID number with its check character, other documents by their form.
 */
export const TravellerInputSchema = z
  .object({
    name: required(50),
    idType: dictCodeSchema(TravellerIdType).default(TRAVELLER_ID_TYPE.idCard),
    idNumber: z
      .string()
      .trim()
      .toUpperCase()
      .min(1, { error: key('required') })
      .max(30),
    phone: z
      .string()
      .trim()
      .regex(/^(|\+?[0-9-]{5,20})$/)
      .default(''),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!travellerIdNumberValid(v.idType, v.idNumber))
      ctx.addIssue({
        code: 'custom',
        path: ['idNumber'],
        message: key(v.idType === TRAVELLER_ID_TYPE.idCard ? 'idNumber' : 'idNumberFormat'),
      });
  });
export type TravellerInput = z.input<typeof TravellerInputSchema>;
