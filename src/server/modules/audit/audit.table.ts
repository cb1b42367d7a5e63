import { bigserial, boolean, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/** Append-only record of every change made by staff: who, when, what, before/after. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scenicId: integer('scenic_id'),
    adminId: integer('admin_id'),
    username: varchar('username', { length: 64 }).notNull().default(''),
    module: varchar('module', { length: 32 }).notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    targetType: varchar('target_type', { length: 32 }).notNull().default(''),
    targetId: varchar('target_id', { length: 64 }).notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    requestId: varchar('request_id', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_scenic_time_idx').on(t.scenicId, t.createdAt),
    index('audit_logs_admin_time_idx').on(t.adminId, t.createdAt),
    // the trail of one record (an order's detail page)
    index('audit_logs_target_idx').on(t.targetType, t.targetId),
  ],
);

/**
 * Every login attempt, successful or not (also feeds the lockout of unknown user names): written by
 * auth, listed here with the audit log.
 */
export const loginLogs = pgTable(
  'login_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: varchar('username', { length: 64 }).notNull(),
    adminId: integer('admin_id'),
    scenicId: integer('scenic_id'),
    clientId: varchar('client_id', { length: 64 }).notNull().default(''),
    kind: varchar('kind', { length: 16 }).notNull().default('admin'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
    success: boolean('success').notNull(),
    reason: varchar('reason', { length: 32 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_logs_username_time_idx').on(t.username, t.createdAt),
    index('login_logs_scenic_time_idx').on(t.scenicId, t.createdAt),
  ],
);
