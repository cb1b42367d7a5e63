import { z } from 'zod';
import { WithdrawalState } from '../dict/withdrawals.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { key, required, text } from './fields.ts';

/** /disManage/haul: distributors' withdrawals and their review. */
export const withdrawalApi = endpoints('/web/api/admin/haul', [
  'page',
  'export',
  'totals',
  'apply',
  'approve',
  'reject',
  'pay',
  'cancel',
]);

const IsoTimeSchema = z.iso.datetime({ offset: true });
/** The most one withdrawal moves: one million yuan, in cents. */
export const WITHDRAWAL_MAX = 100_000_000;

export const WITHDRAWAL_SORT_FIELDS = ['createTime', 'amount'] as const;
export const WithdrawalPageSchema = listQuerySchema(WITHDRAWAL_SORT_FIELDS, {
  withdrawalNo: text(32).optional(),
  distributorId: IdSchema.optional(),
  state: dictCodeSchema(WithdrawalState).optional(),
  createTimeFrom: IsoTimeSchema.optional(),
  createTimeTo: IsoTimeSchema.optional(),
});
export type WithdrawalPage = z.infer<typeof WithdrawalPageSchema>;

export const WithdrawalApplySchema = z
  .object({
    /** Staff name the distributor; a distributor's own account leaves it out (its own) */
    distributorId: IdSchema.optional(),
    amount: z.coerce
      .number()
      .int({ error: key('amountPositive') })
      .min(1, { error: key('amountPositive') })
      .max(WITHDRAWAL_MAX),
    bankName: required(50),
    bankAccount: z
      .string()
      .trim()
      .regex(/^[0-9 ]{8,32}$/, { error: key('bankAccount') }),
    accountName: required(50),
    remark: text(200).optional(),
  })
  .strict();
export type WithdrawalApply = z.infer<typeof WithdrawalApplySchema>;

export const WithdrawalReviewSchema = z.object({ id: IdSchema, remark: text(200).optional() }).strict();
export const WithdrawalRejectSchema = z
  .object({
    id: IdSchema,
    remark: required(200),
  })
  .strict();
export const WithdrawalPaySchema = z
  .object({
    id: IdSchema,
    bankReference: required(64),
  })
  .strict();

export const WithdrawalRowSchema = z.object({
  id: z.number(),
  withdrawalNo: z.string(),
  distributorId: z.number(),
  distributorName: z.string(),
  amount: z.number(),
  bankName: z.string(),
  /** masked: the last four digits */
  bankAccount: z.string(),
  accountName: z.string(),
  state: z.number(),
  review: z.number(),
  bankState: z.number(),
  requestedBy: z.string(),
  reviewedBy: z.string().nullable(),
  reviewRemark: z.string(),
  bankReference: z.string().nullable(),
  remark: z.string(),
  createTime: z.string(),
  reviewedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type WithdrawalRow = z.infer<typeof WithdrawalRowSchema>;

export const WithdrawalTotalsSchema = z.object({
  count: z.number(),
  amount: z.number(),
  heldAmount: z.number(),
  paidAmount: z.number(),
});
