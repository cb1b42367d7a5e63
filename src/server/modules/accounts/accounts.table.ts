import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';

/** Back-office accounts. admType/payType: src/shared/dict/account.ts and docs/accounts.md. */
export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 64 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: varchar('nickname', { length: 64 }).notNull().default(''),
    avatar: varchar('avatar', { length: 500 }).notNull().default(''),
    introduction: varchar('introduction', { length: 500 }).notNull().default(''),
    admType: smallint('adm_type').notNull(),
    scenicId: integer('scenic_id').references(() => scenicAreas.id),
    payType: smallint('pay_type').notNull().default(0),
    status: smallint('status').notNull().default(1),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: varchar('last_login_ip', { length: 64 }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('admins_username_lower_uq').on(sql`lower(${t.username})`),
    index('admins_scenic_idx').on(t.scenicId),
  ],
);

/** Roles belong to a scenic area; scenic_id null is a platform role only platform accounts assign. */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    scenicId: integer('scenic_id').references(() => scenicAreas.id),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('roles_scenic_code_uq').on(sql`coalesce(${t.scenicId}, 0)`, t.code),
    index('roles_scenic_idx').on(t.scenicId),
  ],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 100 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const adminRoles = pgTable(
  'admin_roles',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.roleId] }), index('admin_roles_role_idx').on(t.roleId)],
);
