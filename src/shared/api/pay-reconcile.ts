import { z } from 'zod';
import { PayDifferenceKind, PayDifferenceStatus, PayLineKind } from '../dict/payments.ts';
import { DateOnlySchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { required, text } from './fields.ts';
import { ONLINE_PAY_WAYS } from './payments.ts';

/**
 * The daily reconciliation (issue 30): each day's provider statement matched line by line against
 * our payments and refunds; a difference is fixed by an audited action. `/statAnalyse/particulars`
 * reads the same records.
 */
export const payReconcileApi = endpoints('/web/api/admin/payReconcile', [
  'page',
  'export',
  'settle',
  'accept',
  'run',
]);

const keys = <T extends Record<string, unknown>>(dict: T) =>
  Object.keys(dict) as [keyof T & string, ...(keyof T & string)[]];

export const PAY_DIFFERENCE_SORT_FIELDS = ['statementDate', 'createTime'] as const;

export const PayDifferencePageSchema = listQuerySchema(PAY_DIFFERENCE_SORT_FIELDS, {
  payWay: z.coerce
    .number()
    .pipe(z.union(ONLINE_PAY_WAYS.map((w) => z.literal(w))))
    .optional(),
  kind: z.enum(keys(PayDifferenceKind)).optional(),
  status: z.enum(keys(PayDifferenceStatus)).optional(),
  paymentNo: text(32).optional(),
  dateFrom: DateOnlySchema.optional(),
  dateTo: DateOnlySchema.optional(),
});
export type PayDifferencePage = z.infer<typeof PayDifferencePageSchema>;

export const PayDifferenceRowSchema = z.object({
  id: z.number().int(),
  payWay: z.number().int(),
  statementDate: z.string(),
  kind: z.enum(keys(PayDifferenceKind)),
  lineKind: z.enum(keys(PayLineKind)),
  paymentNo: z.string(),
  refundNo: z.string(),
  providerTxnId: z.string(),
  ourAmount: z.number().int().nullable().describe('cents'),
  theirAmount: z.number().int().nullable().describe('cents'),
  status: z.enum(keys(PayDifferenceStatus)),
  note: z.string(),
  resolvedBy: z.string(),
  resolvedAt: z.string().nullable(),
  createTime: z.string(),
  /** Whether "settle from the provider" applies (a line on the statement only) */
  settleable: z.boolean(),
});
export type PayDifferenceRow = z.infer<typeof PayDifferenceRowSchema>;

/** Settle: ask the provider about the line and record what it says (a lost notification). */
export const PayDifferenceSettleSchema = z.object({ id: IdSchema }).strict();
/** Accept: checked, nothing to record; the note says why. */
export const PayDifferenceAcceptSchema = z.object({ id: IdSchema, note: required(200) }).strict();

/** Run (again) the statement of a pay way and day. */
export const PayReconcileRunSchema = z
  .object({
    payWay: z.union(ONLINE_PAY_WAYS.map((w) => z.literal(w))),
    date: DateOnlySchema,
  })
  .strict();

export const PayStatementSchema = z.object({
  payWay: z.number().int(),
  statementDate: z.string(),
  status: z.string(),
  lines: z.number().int(),
  differences: z.number().int(),
  error: z.string(),
});
export type PayStatement = z.infer<typeof PayStatementSchema>;
