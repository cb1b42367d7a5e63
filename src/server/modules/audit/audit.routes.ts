import { and, desc, eq, gte, ilike, isNull, lte, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  auditLogApi,
  AuditPageSchema,
  AuditRowSchema,
  loginLogApi,
  LoginLogPageSchema,
  LoginLogRowSchema,
  type AuditRow,
  type LoginLogRow,
} from '../../../shared/api/logs.ts';
import { ADM_TYPE } from '../../../shared/dict/account.ts';
import { AuditModule, AuditTarget } from '../../../shared/dict/audit.ts';
import { LoginFailReason } from '../../../shared/dict/auth.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  AuditField,
  ExportText,
  LoginKind,
  LoginLogField,
  LoginResult,
} from '../../../shared/dict/log-fields.ts';
import { requireAuth } from '../../http/access.ts';
import { type ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { loginLogs } from './audit.table.ts';
import { auditLogs } from './audit.table.ts';

/**
 * Log rows of the acting scenic area; rows without an area (platform-level changes, logins of
 * unknown user names) only for platform accounts.
 */
function logScope(scenicId: number, req: FastifyRequest, column: PgColumn) {
  return requireAuth(req).admType === ADM_TYPE.platform
    ? or(eq(column, scenicId), isNull(column))
    : eq(column, scenicId);
}

function timeRange(
  column: PgColumn,
  query: { createTimeFrom?: string | undefined; createTimeTo?: string | undefined },
) {
  return and(
    query.createTimeFrom ? gte(column, new Date(query.createTimeFrom)) : undefined,
    query.createTimeTo ? lte(column, new Date(query.createTimeTo)) : undefined,
  );
}

type AuditQuery = z.infer<typeof AuditPageSchema>;
type LoginLogQuery = z.infer<typeof LoginLogPageSchema>;

function auditWhere(scenicId: number, q: AuditQuery, req: FastifyRequest) {
  return and(
    logScope(scenicId, req, auditLogs.scenicId),
    q.adminId ? eq(auditLogs.adminId, q.adminId) : undefined,
    q.username ? ilike(auditLogs.username, likeContains(q.username)) : undefined,
    q.module ? eq(auditLogs.module, q.module) : undefined,
    q.action ? eq(auditLogs.action, q.action) : undefined,
    timeRange(auditLogs.createdAt, q),
  );
}

function auditRow(r: typeof auditLogs.$inferSelect): AuditRow {
  return {
    id: r.id,
    scenicId: r.scenicId,
    adminId: r.adminId,
    username: r.username,
    module: r.module,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
    requestId: r.requestId,
    createTime: r.createdAt.toISOString(),
  };
}

function loginLogWhere(scenicId: number, q: LoginLogQuery, req: FastifyRequest) {
  return and(
    logScope(scenicId, req, loginLogs.scenicId),
    q.username ? ilike(loginLogs.username, likeContains(q.username)) : undefined,
    q.success == null ? undefined : eq(loginLogs.success, q.success),
    q.ip ? ilike(loginLogs.ip, likeContains(q.ip)) : undefined,
    timeRange(loginLogs.createdAt, q),
  );
}

function loginLogRow(r: typeof loginLogs.$inferSelect): LoginLogRow {
  return {
    id: r.id,
    username: r.username,
    adminId: r.adminId,
    scenicId: r.scenicId,
    clientId: r.clientId,
    kind: r.kind,
    ip: r.ip,
    userAgent: r.userAgent,
    success: r.success,
    reason: r.reason,
    createTime: r.createdAt.toISOString(),
  };
}

const json = (value: unknown) => (value == null ? null : JSON.stringify(value));

const AUDIT_EXPORT: ExportColumn<AuditRow>[] = [
  { header: AuditField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: AuditField.username, value: (r) => r.username },
  { header: AuditField.module, value: (r, lang) => dictLabel(AuditModule, r.module, lang) },
  { header: AuditField.action, value: (r) => r.action },
  {
    header: AuditField.targetType,
    value: (r, lang) => (r.targetType ? dictLabel(AuditTarget, r.targetType, lang) : ''),
  },
  { header: AuditField.targetId, value: (r) => r.targetId, kind: 'text' },
  { header: AuditField.ip, value: (r) => r.ip },
  { header: AuditField.before, value: (r) => json(r.before), width: 40 },
  { header: AuditField.after, value: (r) => json(r.after), width: 40 },
  { header: AuditField.requestId, value: (r) => r.requestId, width: 36 },
];

const LOGIN_LOG_EXPORT: ExportColumn<LoginLogRow>[] = [
  { header: LoginLogField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: LoginLogField.username, value: (r) => r.username },
  { header: LoginLogField.kind, value: (r, lang) => dictLabel(LoginKind, r.kind, lang) },
  { header: LoginLogField.ip, value: (r) => r.ip },
  { header: LoginLogField.result, value: (r, lang) => LoginResult[r.success ? 'success' : 'failure'][lang] },
  {
    header: LoginLogField.reason,
    value: (r, lang) => (r.reason ? dictLabel(LoginFailReason, r.reason, lang) : ''),
  },
  { header: LoginLogField.userAgent, value: (r) => r.userAgent, width: 40 },
];

export async function auditRoutes(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'audit',
    api: auditLogApi,
    perms: { page: 'admin:audit:page' },
    table: auditLogs,
    where: auditWhere,
    sort: { createTime: auditLogs.createdAt, module: auditLogs.module, action: auditLogs.action },
    order: [desc(auditLogs.createdAt), desc(auditLogs.id)],
    rowSchema: AuditRowSchema,
    rows: (records) => records.map(auditRow),
    page: {
      summary: 'Audit log of the acting scenic area: who changed what, with before/after',
      description: 'Platform-level rows (scenic_id null, e.g. OAuth clients) only for platform accounts.',
      body: AuditPageSchema,
    },
    export: {
      summary: 'The audit log of the current filter (all pages) as an .xlsx download',
      fileName: ExportText.auditLog,
      columns: AUDIT_EXPORT,
    },
  });

  registerListResource(root, {
    tag: 'audit',
    api: loginLogApi,
    perms: { page: 'admin:loginLog:page' },
    table: loginLogs,
    where: loginLogWhere,
    sort: { createTime: loginLogs.createdAt, username: loginLogs.username },
    order: [desc(loginLogs.createdAt), desc(loginLogs.id)],
    rowSchema: LoginLogRowSchema,
    rows: (records) => records.map(loginLogRow),
    page: {
      summary: 'Login log of the acting scenic area: time, account, address, success or reason',
      description: 'Attempts with unknown user names have no scenic area: platform accounts only.',
      body: LoginLogPageSchema,
    },
    export: {
      summary: 'The login log of the current filter (all pages) as an .xlsx download',
      fileName: ExportText.loginLog,
      columns: LOGIN_LOG_EXPORT,
    },
  });
}
