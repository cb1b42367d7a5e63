import { z } from 'zod';
import { endpoints, listQuerySchema } from './common.ts';
import { key, text } from './fields.ts';

export const auditLogApi = endpoints('/web/api/admin/audit', ['page', 'export']);
export const loginLogApi = endpoints('/web/api/admin/loginLog', ['page', 'export']);

const IsoTimeSchema = z.iso.datetime({ offset: true });

/** createTimeFrom/createTimeTo: an inclusive time range, ISO with an offset. */
export const timeRange = {
  createTimeFrom: IsoTimeSchema.optional(),
  createTimeTo: IsoTimeSchema.optional(),
};

export function orderedRange(value: {
  createTimeFrom?: string | undefined;
  createTimeTo?: string | undefined;
}) {
  return (
    !value.createTimeFrom ||
    !value.createTimeTo ||
    Date.parse(value.createTimeFrom) <= Date.parse(value.createTimeTo)
  );
}

export const AUDIT_SORT_FIELDS = ['createTime', 'module', 'action'] as const;

export const AuditPageSchema = listQuerySchema(AUDIT_SORT_FIELDS, {
  adminId: z.coerce.number().int().positive().optional(),
  username: text(64).optional(),
  module: text(32).optional(),
  action: text(32).optional(),
  ...timeRange,
}).refine(orderedRange, { error: key('timeRange'), path: ['createTimeTo'] });

export const AuditRowSchema = z.object({
  id: z.number().int(),
  scenicId: z.number().int().nullable(),
  adminId: z.number().int().nullable(),
  username: z.string(),
  module: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().describe('the record before the change (secrets removed), or null'),
  after: z.unknown().describe('the record after the change (secrets removed), or null'),
  ip: z.string(),
  requestId: z.string(),
  createTime: z.string(),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;

export const LOGIN_LOG_SORT_FIELDS = ['createTime', 'username'] as const;

export const LoginLogPageSchema = listQuerySchema(LOGIN_LOG_SORT_FIELDS, {
  username: text(64).optional(),
  success: z.boolean().optional(),
  ip: text(64).optional(),
  ...timeRange,
}).refine(orderedRange, { error: key('timeRange'), path: ['createTimeTo'] });

export const LoginLogRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  adminId: z.number().int().nullable(),
  scenicId: z.number().int().nullable(),
  clientId: z.string(),
  kind: z.string().describe("'admin' console login or 'copyright' login"),
  ip: z.string(),
  userAgent: z.string(),
  success: z.boolean(),
  reason: z.string().describe("'' on success, else a LoginFailReason code"),
  createTime: z.string(),
});
export type LoginLogRow = z.infer<typeof LoginLogRowSchema>;
