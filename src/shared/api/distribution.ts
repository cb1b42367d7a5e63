import { z } from 'zod';
import {
  DistributorCreditKind,
  DistributorLedgerKind,
  DistributorState,
  DistributorTopUpState,
} from '../dict/distribution.ts';
import { AccountUsernameSchema } from './accounts.ts';
import { ImageUrlSchema } from './general.ts';
import { EncryptedSchema, PasswordSchema } from './auth.ts';
import { DateOnlySchema, dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { key, required, text } from './fields.ts';

/** /disManage/accManage and /disManage/details: the distributors of the area. */
export const distributorApi = endpoints('/web/api/admin/distributor', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'state',
  'resetPassword',
  'options',
  'apiClient',
]);
/** /disManage/information: applications (state 4) and their review; `apply` records one. */
export const distributorApplyApi = endpoints('/web/api/admin/disApply', [
  'page',
  'apply',
  'approve',
  'reject',
]);
/** /disManage/BalanceRecord: every balance and credit movement (distributor_ledger). */
export const distributorLedgerApi = endpoints('/web/api/admin/disLedger', ['page', 'export', 'totals']);
/** /disManage/recharge: top-ups by bank transfer, confirmed by finance. */
export const distributorTopUpApi = endpoints('/web/api/admin/disRecharge', [
  'page',
  'export',
  'create',
  'confirm',
  'reject',
]);
/** /disManage/disgrant: credit limits and repayments (pay way 8). */
export const distributorCreditApi = endpoints('/web/api/admin/disCredit', [
  'page',
  'export',
  'records',
  'recordsExport',
  'limit',
  'repay',
]);

const IsoTimeSchema = z.iso.datetime({ offset: true });
/** The most one top-up, repayment or credit limit may be: ten million yuan, in cents. */
export const DISTRIBUTOR_MONEY_MAX = 1_000_000_000;
const PositiveCentsSchema = z.coerce
  .number()
  .int({ error: key('amountPositive') })
  .min(1, { error: key('amountPositive') })
  .max(DISTRIBUTOR_MONEY_MAX);
const CentsSchema = z.coerce.number().int().min(0).max(DISTRIBUTOR_MONEY_MAX);
const PhoneSchema = z
  .string()
  .trim()
  .max(20)
  .regex(/^[\d\s()+-]*$/);
const CompanySchema = required(100);
const ContactSchema = required(50);
const RemarkSchema = text(200);

export const IdQuerySchema = z.object({ id: IdSchema }).strict();

// ---- distributors ----

export const DISTRIBUTOR_SORT_FIELDS = ['createTime', 'balance', 'creditUsed', 'creditLimit'] as const;

export const DistributorPageSchema = listQuerySchema(DISTRIBUTOR_SORT_FIELDS, {
  company: text(100).optional(),
  contact: text(50).optional(),
  phone: text(20).optional(),
  username: text(64).optional(),
  state: dictCodeSchema(DistributorState).optional(),
  createTimeFrom: IsoTimeSchema.optional(),
  createTimeTo: IsoTimeSchema.optional(),
});
export type DistributorPage = z.infer<typeof DistributorPageSchema>;

export const DistributorRowSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  contact: z.string(),
  phone: z.string(),
  adminId: z.number().int().nullable(),
  username: z.string(),
  tierId: z.number().int().nullable(),
  /** '' unless a price_tiers table exists (another part of issue 17) */
  tierName: z.string(),
  state: z.number().int().describe('DistributorState'),
  balance: z.number().int().describe('cents'),
  held: z.number().int().describe('cents'),
  creditLimit: z.number().int().describe('cents'),
  creditUsed: z.number().int().describe('cents'),
  creditAvailable: z.number().int().describe('cents'),
  remark: z.string(),
  /** Its own selling-API client id (never the secret), or null */
  clientId: z.string().nullable(),
  reviewer: z.string(),
  reviewTime: z.string().nullable(),
  reviewRemark: z.string(),
  createTime: z.string(),
});
export type DistributorRow = z.infer<typeof DistributorRowSchema>;

/** A distributor and its login account (admType 3, the demo `distributor` role), made in one transaction. */
export const DistributorCreateSchema = z
  .object({
    company: CompanySchema,
    contact: ContactSchema,
    phone: PhoneSchema.default(''),
    username: AccountUsernameSchema,
    /** RSA-encrypted like every password (src/server/modules/accounts) */
    password: EncryptedSchema,
    tierId: IdSchema.nullable().optional(),
    creditLimit: CentsSchema.default(0),
    remark: RemarkSchema.default(''),
  })
  .strict();
export type DistributorCreate = z.infer<typeof DistributorCreateSchema>;

/** The console's create form before the password is encrypted. */
export const DistributorCreateFormSchema = DistributorCreateSchema.omit({ password: true }).extend({
  password: PasswordSchema,
});

/** Only the fields sent change; money and state have their own routes. */
export const DistributorUpdateSchema = z
  .object({
    id: IdSchema,
    company: CompanySchema.optional(),
    contact: ContactSchema.optional(),
    phone: PhoneSchema.optional(),
    tierId: IdSchema.nullable().optional(),
    remark: RemarkSchema.optional(),
  })
  .strict();
export type DistributorUpdate = z.infer<typeof DistributorUpdateSchema>;

/** Freeze, unfreeze or enable (a transition of src/shared/domain/distribution-transitions.ts). */
export const DistributorStateSchema = z
  .object({ id: IdSchema, move: z.enum(['freeze', 'unfreeze', 'enable']) })
  .strict();

export const DistributorResetPasswordSchema = z.object({ id: IdSchema, password: EncryptedSchema }).strict();
export const DistributorResetPasswordFormSchema = z.object({ password: PasswordSchema }).strict();

/** Issues (or re-keys) the distributor's own OAuth client for the selling API. */
export const DistributorApiClientSchema = z.object({ id: IdSchema }).strict();
/** The client id and its secret: the secret is shown this once, only its hash is kept. */
export const DistributorApiClientResultSchema = z.object({ clientId: z.string(), clientSecret: z.string() });
export type DistributorApiClientResult = z.infer<typeof DistributorApiClientResultSchema>;

export const DistributorOptionSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  state: z.number().int(),
});
export type DistributorOption = z.infer<typeof DistributorOptionSchema>;

// ---- applications ----

export const ApplicationPageSchema = listQuerySchema(['createTime'], {
  company: text(100).optional(),
  phone: text(20).optional(),
  /** 4 (default: waiting), or the outcome of a review: 1 approved, 3 rejected */
  state: dictCodeSchema(DistributorState).optional(),
  createTimeFrom: IsoTimeSchema.optional(),
  createTimeTo: IsoTimeSchema.optional(),
});
export type ApplicationPage = z.infer<typeof ApplicationPageSchema>;

export const DistributorApplySchema = z
  .object({
    company: CompanySchema,
    contact: ContactSchema,
    phone: PhoneSchema.refine((p) => p.length > 0, { error: key('required') }),
    remark: RemarkSchema.default(''),
  })
  .strict();
export type DistributorApply = z.infer<typeof DistributorApplySchema>;

/** Approve: the login account is created when the applicant has none (username and password then required). */
export const ApplicationApproveSchema = z
  .object({
    id: IdSchema,
    username: AccountUsernameSchema.optional(),
    password: EncryptedSchema.optional(),
    reviewRemark: RemarkSchema.default(''),
  })
  .strict();
export const ApplicationApproveFormSchema = ApplicationApproveSchema.omit({ password: true }).extend({
  password: PasswordSchema.optional(),
});
export const ApplicationRejectSchema = z
  .object({
    id: IdSchema,
    reviewRemark: required(200),
  })
  .strict();

// ---- ledger ----

export const LEDGER_SORT_FIELDS = ['createTime', 'change'] as const;

export const DistributorLedgerPageSchema = listQuerySchema(LEDGER_SORT_FIELDS, {
  distributorId: IdSchema.optional(),
  company: text(100).optional(),
  account: z.enum(['balance', 'credit', 'held']).optional(),
  kind: dictCodeSchema(DistributorLedgerKind).optional(),
  reference: text(40).optional(),
  createTimeFrom: IsoTimeSchema.optional(),
  createTimeTo: IsoTimeSchema.optional(),
});
export type DistributorLedgerPage = z.infer<typeof DistributorLedgerPageSchema>;

export const DistributorLedgerRowSchema = z.object({
  id: z.number().int(),
  distributorId: z.number().int(),
  company: z.string(),
  account: z.string().describe('DistributorAccount'),
  kind: z.number().int().describe('DistributorLedgerKind'),
  change: z.number().int().describe('signed cents'),
  amountAfter: z.number().int(),
  reference: z.string(),
  remark: z.string(),
  operator: z.string(),
  createTime: z.string(),
});
export type DistributorLedgerRow = z.infer<typeof DistributorLedgerRowSchema>;

/** Sums of the filtered rows by account: what came in (+) and went out (−). */
export const DistributorLedgerTotalsSchema = z.object({
  count: z.number().int(),
  accounts: z.array(
    z.object({
      account: z.string(),
      count: z.number().int(),
      increase: z.number().int(),
      decrease: z.number().int(),
    }),
  ),
});
export type DistributorLedgerTotals = z.infer<typeof DistributorLedgerTotalsSchema>;

// ---- top-ups ----

export const TopUpPageSchema = listQuerySchema(['createTime', 'amount'], {
  distributorId: IdSchema.optional(),
  company: text(100).optional(),
  state: dictCodeSchema(DistributorTopUpState).optional(),
  topUpNo: text(32).optional(),
  bankRef: text(64).optional(),
  createTimeFrom: IsoTimeSchema.optional(),
  createTimeTo: IsoTimeSchema.optional(),
});
export type TopUpPage = z.infer<typeof TopUpPageSchema>;

export const TopUpRowSchema = z.object({
  id: z.number().int(),
  topUpNo: z.string(),
  distributorId: z.number().int(),
  company: z.string(),
  amount: z.number().int().describe('cents'),
  bankRef: z.string(),
  transferDate: z.string(),
  voucher: z.string(),
  state: z.number().int().describe('DistributorTopUpState'),
  remark: z.string(),
  recorder: z.string(),
  reviewer: z.string(),
  reviewTime: z.string().nullable(),
  reviewRemark: z.string(),
  createTime: z.string(),
});
export type TopUpRow = z.infer<typeof TopUpRowSchema>;

/** A distributor records its transfer (staff name the distributor; a distributor's own is implied). */
export const TopUpCreateSchema = z
  .object({
    distributorId: IdSchema.optional(),
    amount: PositiveCentsSchema,
    bankRef: required(64),
    transferDate: DateOnlySchema,
    voucher: ImageUrlSchema.default(''),
    remark: RemarkSchema.default(''),
  })
  .strict();
export type TopUpCreate = z.infer<typeof TopUpCreateSchema>;

export const TopUpReviewSchema = z.object({ id: IdSchema, reviewRemark: RemarkSchema.default('') }).strict();

// ---- credit ----

export const CreditPageSchema = listQuerySchema(['creditLimit', 'creditUsed', 'createTime'], {
  distributorId: IdSchema.optional(),
  company: text(100).optional(),
  state: dictCodeSchema(DistributorState).optional(),
});
export type CreditPage = z.infer<typeof CreditPageSchema>;

export const CreditRecordPageSchema = listQuerySchema(['createTime'], {
  distributorId: IdSchema.optional(),
  company: text(100).optional(),
  kind: dictCodeSchema(DistributorCreditKind).optional(),
  createTimeFrom: IsoTimeSchema.optional(),
  createTimeTo: IsoTimeSchema.optional(),
});
export type CreditRecordPage = z.infer<typeof CreditRecordPageSchema>;

export const CreditRecordRowSchema = z.object({
  id: z.number().int(),
  distributorId: z.number().int(),
  company: z.string(),
  kind: z.number().int().describe('DistributorCreditKind'),
  amount: z.number().int().describe('cents: the new limit minus the old, or the repayment'),
  limitAfter: z.number().int(),
  usedAfter: z.number().int(),
  reference: z.string(),
  remark: z.string(),
  operator: z.string(),
  createTime: z.string(),
});
export type CreditRecordRow = z.infer<typeof CreditRecordRowSchema>;

export const CreditLimitSchema = z
  .object({ distributorId: IdSchema, creditLimit: CentsSchema, remark: RemarkSchema.default('') })
  .strict();
export const CreditRepaySchema = z
  .object({
    distributorId: IdSchema,
    amount: PositiveCentsSchema,
    reference: text(40).default(''),
    remark: RemarkSchema.default(''),
  })
  .strict();

export const DistributorMoneySchema = z.object({
  id: z.number().int(),
  balance: z.number().int(),
  creditLimit: z.number().int(),
  creditUsed: z.number().int(),
});
