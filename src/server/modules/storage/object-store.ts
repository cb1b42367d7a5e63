import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { open } from '../../lib/secret-box.ts';
import type { StorageStoreRow } from './storage.table.ts';

/** A stored file as read back: its bytes as a stream, with what the store says of it. */
export interface StoredObject {
  body: Readable;
  contentType: string | undefined;
  size: number | undefined;
}

/**
 * Where uploaded files live (/sys/os, issue 31): the local disk under DATA_DIR/uploads, or an
 * S3-compatible service through the AWS SDK (`@aws-sdk/client-s3`). Keys are `folder/name.ext`.
 */
export interface ObjectStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null: no such object */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

/** A store's call that failed: the service's code and words (a wrong key, a missing bucket, no answer). */
export class StoreError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The local disk: keys are paths under `root`, never outside it. */
export function localStore(root: string): ObjectStore {
  const file = (key: string) => {
    const at = path.resolve(root, key);
    if (!at.startsWith(path.resolve(root) + path.sep)) throw new StoreError('BAD_KEY', `not a key: ${key}`);
    return at;
  };
  return {
    async put(key, body) {
      await fsp.mkdir(path.dirname(file(key)), { recursive: true });
      await fsp.writeFile(file(key), body);
    },
    async get(key) {
      const at = file(key);
      const stat = await fsp.stat(at).catch(() => null);
      if (!stat?.isFile()) return null;
      return { body: fs.createReadStream(at), contentType: undefined, size: stat.size };
    },
    async delete(key) {
      await fsp.rm(file(key), { force: true });
    },
  };
}

/** The settings of an S3-compatible store (a storage_stores row, or the form being tested). */
export type S3Settings = Pick<
  StorageStoreRow,
  'endpoint' | 'bucket' | 'region' | 'accessKeyId' | 'pathStyle'
> & { secretKey: string };

/**
 * An S3-compatible service (AWS S3, MinIO, OSS or COS in S3 mode, s3rver in the tests): the AWS SDK
 * (s3-store.ts) loads with the first call, so a server on the local disk never loads it.
 */
export function s3Store(settings: S3Settings): ObjectStore {
  let store: Promise<ObjectStore> | null = null;
  const loaded = () => (store ??= import('./s3-store.ts').then((m) => m.sdkS3Store(settings)));
  return {
    put: async (key, body, contentType) => (await loaded()).put(key, body, contentType),
    get: async (key) => (await loaded()).get(key),
    delete: async (key) => (await loaded()).delete(key),
  };
}

/** The store a row describes (the local one at `uploadDir`). */
export function storeOf(row: StorageStoreRow, uploadDir: string): ObjectStore {
  return row.kind === 's3'
    ? s3Store({ ...row, secretKey: open(row.secretKeySealed) ?? '' })
    : localStore(uploadDir);
}
