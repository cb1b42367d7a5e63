import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns.ts';

/**
 * The object stores the installation has used (/sys/os, issue 31): the local disk under DATA_DIR, or
 * an S3-compatible service. One is `active`: new uploads go there. A store is never deleted while a
 * file names it, so switching stores keeps every earlier file readable. The secret key is sealed by
 * the keyring (lib/secret-box.ts) and never answered.
 */
export const storageStores = pgTable(
  'storage_stores',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** StoreKind: local | s3 */
    kind: varchar('kind', { length: 8 }).notNull(),
    endpoint: varchar('endpoint', { length: 255 }).notNull().default(''),
    bucket: varchar('bucket', { length: 63 }).notNull().default(''),
    region: varchar('region', { length: 64 }).notNull().default(''),
    accessKeyId: varchar('access_key_id', { length: 128 }).notNull().default(''),
    secretKeySealed: text('secret_key_sealed').notNull().default(''),
    /** Where the files are public (a CDN or the bucket's site): served by redirect; '' = through this server */
    publicBaseUrl: varchar('public_base_url', { length: 255 }).notNull().default(''),
    pathStyle: boolean('path_style').notNull().default(true),
    active: boolean('active').notNull().default(false),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    ...timestamps(),
  },
  // one active store at a time
  (t) => [
    uniqueIndex('storage_stores_one_active_uq')
      .on(t.active)
      .where(sql`${t.active}`),
  ],
);
export type StorageStoreRow = typeof storageStores.$inferSelect;

/** Every file uploaded through the configured store: its key (the path after /uploads/) and where it is. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: varchar('key', { length: 255 }).notNull(),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull()
      .references(() => storageStores.id),
    contentType: varchar('content_type', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('stored_files_key_uq').on(t.key)],
);
