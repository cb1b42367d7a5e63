import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { admins } from '../accounts/accounts.table.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { createdAt, timestamps } from '../../db/columns.ts';

/** OAuth clients: the terminal client ids of docs/product.md §9. */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: serial('id').primaryKey(),
    clientId: varchar('client_id', { length: 64 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    secretHash: text('secret_hash').notNull(),
    /**
     * Only for the public console client: docs/product.md §7 getClient hands its basic credential to any browser,
     * so it is not a secret. Null for every confidential client.
     */
    publicSecret: varchar('public_secret', { length: 128 }),
    isPublic: boolean('is_public').notNull().default(false),
    grantTypes: text('grant_types').array().notNull(),
    scope: varchar('scope', { length: 64 }).notNull().default('all'),
    accessTokenTtl: integer('access_token_ttl').notNull().default(7200),
    refreshTokenTtl: integer('refresh_token_ttl').notNull().default(604800),
    status: smallint('status').notNull().default(1),
    /**
     * The scenic area the client belongs to (a registered terminal's, a distributor's): X-Scenic-Id never
     * moves it elsewhere. Null for a platform client (the §9 terminal client ids), which names the area
     * it acts in with X-Scenic-Id (docs/accounts.md "Who may call").
     */
    scenicId: integer('scenic_id').references(() => scenicAreas.id, { onDelete: 'cascade' }),
    /** What kind of caller it is (CallerKind of http/access.ts); routes declare the kinds they admit. Null: none. */
    callerKind: varchar('caller_kind', { length: 24 }),
    ...timestamps(),
  },
  // at most one public client: the console's (getClient hands out its credential)
  (t) => [
    uniqueIndex('oauth_clients_one_public_uq')
      .on(t.isPublic)
      .where(sql`${t.isPublic}`),
  ],
);

/**
 * Issued token pairs; only SHA-256 hashes are stored. kind: 'admin' session, 'copyright' session, or
 * 'client': a machine client's own token (client_credentials grant), which has no account.
 */
export const tokens = pgTable(
  'tokens',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    accessHash: varchar('access_hash', { length: 64 }).notNull().unique(),
    refreshHash: varchar('refresh_hash', { length: 64 }).unique(),
    /** Null only for kind 'client' */
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: varchar('revoked_reason', { length: 32 }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('tokens_admin_idx').on(t.adminId),
    index('tokens_client_idx').on(t.clientId),
    check('tokens_admin_ck', sql`(${t.kind} = 'client') = (${t.adminId} is null)`),
  ],
);
