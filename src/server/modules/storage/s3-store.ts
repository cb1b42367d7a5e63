import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { EgressError } from '../../lib/egress.ts';
import { StoreError, type ObjectStore, type S3Settings } from './object-store.ts';
import { egressS3Handler } from './s3-egress-handler.ts';

/** Any error of the SDK or the network as a StoreError with the service's code. */
function storeError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  if (error instanceof EgressError) return new StoreError('EGRESS', error.message);
  if (error instanceof S3ServiceException) return new StoreError(error.name, error.message);
  const e = error as { code?: string; name?: string; message?: string };
  return new StoreError(e.code ?? e.name ?? 'ERROR', e.message ?? String(error));
}

/** The AWS SDK's client of an S3-compatible service, as an ObjectStore (loaded by object-store.ts's `s3Store`). */
export function sdkS3Store(settings: S3Settings): ObjectStore {
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
