import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { EgressError } from '../../lib/egress.ts';
import { open } from '../../lib/secret-box.ts';
import { egressS3Handler } from './s3-egress-handler.ts';
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

/** Any error of the SDK or the network as a StoreError with the service's code. */
function storeError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  if (error instanceof EgressError) return new StoreError('EGRESS', error.message);
  if (error instanceof S3ServiceException) return new StoreError(error.name, error.message);
  const e = error as { code?: string; name?: string; message?: string };
  return new StoreError(e.code ?? e.name ?? 'ERROR', e.message ?? String(error));
}

/** An S3-compatible service (AWS S3, MinIO, OSS or COS in S3 mode, s3rver in the tests). */
export function s3Store(settings: S3Settings): ObjectStore {
  const client = new S3Client({
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    region: settings.region || 'us-east-1',
    forcePathStyle: settings.pathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretKey },
    // checksums only where S3 requires them: S3-compatible services differ in what they accept
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    // every call under the egress rule (https, public addresses; EGRESS_ALLOW for a local S3)
    requestHandler: egressS3Handler,
  });
  const Bucket = settings.bucket;
  return {
    async put(key, body, contentType) {
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
      } catch (error) {
        throw storeError(error);
      }
    },
    async get(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          body: got.Body as Readable,
          contentType: got.ContentType,
          size: got.ContentLength,
        };
      } catch (error) {
        const failed = storeError(error);
        if (failed.code === 'NoSuchKey' || failed.code === 'NotFound') return null;
        throw failed;
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        throw storeError(error);
      }
    },
  };
}

/** The store a row describes (the local one at `uploadDir`). */
export function storeOf(row: StorageStoreRow, uploadDir: string): ObjectStore {
  return row.kind === 's3'
    ? s3Store({ ...row, secretKey: open(row.secretKeySealed) ?? '' })
    : localStore(uploadDir);
}
