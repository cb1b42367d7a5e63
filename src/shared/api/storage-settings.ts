import { z } from 'zod';
import { endpoints } from './common.ts';
import { key, text } from './fields.ts';

/**
 * docs/product.md §2 /sys/os and §7 `POST /web/api/admin/storage/update`: where uploaded files are
 * kept (issue 31). One setting for the whole installation (a platform permission).
 */
export const storageSettingApi = endpoints('/web/api/admin/storage', ['query', 'update', 'test']);

/** local: the server's disk under DATA_DIR; s3: any S3-compatible service. */
export const STORE_KINDS = ['local', 's3'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

/** The active store as the server answers it: the secret key only as set / not set. */
export const StorageSettingSchema = z.object({
  kind: z.enum(STORE_KINDS),
  endpoint: z.string(),
  bucket: z.string(),
  region: z.string(),
  accessKeyId: z.string(),
  secretKeySet: z.boolean(),
  publicBaseUrl: z.string(),
  pathStyle: z.boolean(),
  /** Files kept in each store the installation has used (switching keeps them readable) */
  stores: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(STORE_KINDS),
      bucket: z.string(),
      files: z.number(),
      active: z.boolean(),
    }),
  ),
  updatedBy: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type StorageSetting = z.infer<typeof StorageSettingSchema>;

const httpUrl = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+/.test(v), { error: key('httpUrl') });

/** Saving (or testing) a store; an empty or left-out secret key keeps the stored one of that store. */
export const StorageSettingUpdateSchema = z
  .object({
    kind: z.enum(STORE_KINDS),
    endpoint: httpUrl(255).default(''),
    bucket: z
      .string()
      .trim()
      .max(63)
      .refine((v) => v === '' || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), { error: key('bucketName') })
      .default(''),
    region: text(64).default(''),
    accessKeyId: text(128).default(''),
    secretKey: z.string().trim().max(256).optional(),
    publicBaseUrl: httpUrl(255).default(''),
    pathStyle: z.boolean().default(true),
  })
  .strict()
  .refine((s) => s.kind !== 's3' || s.bucket !== '', { error: key('required'), path: ['bucket'] })
  .refine((s) => s.kind !== 's3' || s.accessKeyId !== '', { error: key('required'), path: ['accessKeyId'] });
export type StorageSettingUpdate = z.infer<typeof StorageSettingUpdateSchema>;

/** A test's answer: each step of the probe (write, read back, delete), and the service's code and words. */
export const StorageTestResultSchema = z.object({
  ok: z.boolean(),
  /** The step that failed: put, get, compare, delete; null when all passed */
  failedStep: z.enum(['put', 'get', 'compare', 'delete']).nullable(),
  code: z.string(),
  message: z.string(),
  ms: z.number(),
});
export type StorageTestResult = z.infer<typeof StorageTestResultSchema>;
