import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** The RSA key pair for password transport; in the database so every instance shares it. */
export const rsaKeys = pgTable('rsa_keys', {
  id: serial('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every login attempt, successful or not (also feeds the lockout of unknown user names). */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_logs_username_time_idx').on(t.username, t.createdAt),
    index('login_logs_scenic_time_idx').on(t.scenicId, t.createdAt),
  ],
);
