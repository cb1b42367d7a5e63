import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type {
  StorageSetting,
  StorageSettingUpdate,
  StorageTestResult,
} from '../../../shared/api/storage-settings.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { FieldError } from '../../http/errors.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { open, seal } from '../../lib/secret-box.ts';
import { s3Store, storeOf, StoreError, type ObjectStore } from './object-store.ts';
import { storageStores, storedFiles, type StorageStoreRow } from './storage.table.ts';

/** Stores opened once per row version (an S3 client keeps its connections' settings). */
const opened = new Map<string, ObjectStore>();

/** The store a row describes, reused while the row is unchanged. */
export function openStore(row: StorageStoreRow, uploadDir: string): ObjectStore {
  const version = `${row.id}@${row.updatedAt.getTime()}`;
  let store = opened.get(version);
  if (!store) {
    store = storeOf(row, uploadDir);
    opened.set(version, store);
  }
  return store;
}

/** The active store's row; the local disk when none was ever set (migration 0041 inserts it). */
export async function activeStoreRow(db: Db): Promise<StorageStoreRow> {
  const active = () => db.select().from(storageStores).where(eq(storageStores.active, true)).limit(1);
  const [row] = await active();
  if (row) return row;
  await db.insert(storageStores).values({ kind: 'local', active: true }).onConflictDoNothing();
  return (await active())[0]!;
}

/** /sys/os as the server shows it: the active store, its secret only as set / not set, the files per store. */
export async function storageSettingOf(db: Db): Promise<StorageSetting> {
  const row = await activeStoreRow(db);
  const rows = await db.select().from(storageStores).orderBy(storageStores.id);
  const files = await db
    .select({ storeId: storedFiles.storeId, n: count() })
    .from(storedFiles)
    .groupBy(storedFiles.storeId);
  const filesOf = new Map(files.map((f) => [Number(f.storeId), Number(f.n)]));
  const [by] =
    row.updatedBy == null
      ? []
      : await queryRows<{ name: string }>(
          db,
          sql`select username as name from admins where id = ${row.updatedBy}`,
        );
  return {
    kind: row.kind === 's3' ? 's3' : 'local',
    endpoint: row.endpoint,
    bucket: row.bucket,
    region: row.region,
    accessKeyId: row.accessKeyId,
    secretKeySet: row.secretKeySealed !== '',
    publicBaseUrl: row.publicBaseUrl,
    pathStyle: row.pathStyle,
    stores: rows
      .filter((r) => r.active || filesOf.has(r.id))
      .map((r) => ({
        id: r.id,
        kind: r.kind === 's3' ? ('s3' as const) : ('local' as const),
        bucket: r.bucket,
        files: filesOf.get(r.id) ?? 0,
        active: r.active,
      })),
    updatedBy: by?.name ?? null,
    updateTime: row.updatedBy == null ? null : row.updatedAt.toISOString(),
  };
}

/** The stored row of the same S3 place (endpoint and bucket), whose secret an empty field keeps. */
async function sameS3Row(db: Db, input: StorageSettingUpdate): Promise<StorageStoreRow | undefined> {
  const rows = await db.select().from(storageStores).where(eq(storageStores.kind, 's3'));
  return rows.find((r) => r.endpoint === input.endpoint && r.bucket === input.bucket);
}

async function secretOf(db: Db, input: StorageSettingUpdate): Promise<string> {
  if (input.secretKey) return input.secretKey;
  const stored = open((await sameS3Row(db, input))?.secretKeySealed);
  if (!stored) throw new FieldError('secretKey', ValidationMessage.required);
  return stored;
}

/**
 * Saves and activates a store, in the caller's transaction: the local disk (its row made active), or
 * an S3 place (the row of that endpoint and bucket updated, else a new one). The other rows stay
 * for the files they hold. Answers the active row before and after, for the audit row (no secrets).
 */
export async function saveStorageSetting(
  tx: Db,
  adminId: number,
  input: StorageSettingUpdate,
): Promise<{ id: number; before: object; after: object }> {
  // one save at a time: the rows locked, so two saves never leave two stores active
  await tx.execute(sql`select id from storage_stores for update`);
  const before = await activeStoreRow(tx);
  const now = new Date();
  let id: number;
  if (input.kind === 'local') {
    const [local] = await tx.select().from(storageStores).where(eq(storageStores.kind, 'local')).limit(1);
    id = local ? local.id : (await tx.insert(storageStores).values({ kind: 'local' }).returning())[0]!.id;
  } else {
    const secret = await secretOf(tx, input);
    const values = {
      kind: 's3',
      endpoint: input.endpoint,
      bucket: input.bucket,
      region: input.region,
      accessKeyId: input.accessKeyId,
      secretKeySealed: seal(secret),
      publicBaseUrl: input.publicBaseUrl,
      pathStyle: input.pathStyle,
    };
    const same = await sameS3Row(tx, input);
    id = same ? same.id : (await tx.insert(storageStores).values(values).returning())[0]!.id;
    if (same) await tx.update(storageStores).set(values).where(eq(storageStores.id, id));
  }
  await tx.update(storageStores).set({ active: false }).where(eq(storageStores.active, true));
  await tx
    .update(storageStores)
    .set({ active: true, updatedBy: adminId, updatedAt: now })
    .where(eq(storageStores.id, id));
  const view = ({
    kind,
    endpoint,
    bucket,
    region,
    accessKeyId,
    publicBaseUrl,
    pathStyle,
  }: StorageStoreRow) => ({ kind, endpoint, bucket, region, accessKeyId, publicBaseUrl, pathStyle });
  const [after] = await tx.select().from(storageStores).where(eq(storageStores.id, id));
  return { id, before: view(before), after: view(after!) };
}

/**
 * "Test" of /sys/os: writes a probe object to the store the form describes (the local disk, or the
 * S3 place with the typed or stored secret), reads it back, compares and deletes it. Nothing is saved.
 */
export async function testStore(
  db: Db,
  uploadDir: string,
  input: StorageSettingUpdate,
): Promise<StorageTestResult> {
  const started = Date.now();
  const store =
    input.kind === 's3'
      ? s3Store({ ...input, secretKey: await secretOf(db, input) })
      : storeOf({ kind: 'local' } as StorageStoreRow, uploadDir);
  const key = `probe/${randomUUID()}.txt`;
  const body = Buffer.from(`scenic storage probe ${new Date().toISOString()}`);
  let step: StorageTestResult['failedStep'] = 'put';
  try {
    await store.put(key, body, 'text/plain');
    step = 'get';
    const got = await store.get(key);
    const chunks: Buffer[] = [];
    if (got) for await (const chunk of got.body) chunks.push(Buffer.from(chunk as Uint8Array));
    step = 'compare';
    if (!got || !Buffer.concat(chunks).equals(body))
      throw new StoreError('MISMATCH', 'the object read back differs from the one written');
    step = 'delete';
    await store.delete(key);
    return { ok: true, failedStep: null, code: '', message: '', ms: Date.now() - started };
  } catch (error) {
    const failed = error instanceof StoreError ? error : new StoreError('ERROR', String(error));
    return {
      ok: false,
      failedStep: step,
      code: failed.code,
      message: failed.message.slice(0, 300),
      ms: Date.now() - started,
    };
  }
}
