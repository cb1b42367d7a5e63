import crypto from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { localStore, StoreError, type StoredObject } from './object-store.ts';
import { activeStoreRow, openStore } from './storage-settings.service.ts';
import { storageStores, storedFiles } from './storage.table.ts';

/** docs/product.md §5: only jpg, jpeg, png and gif; judged by the file's content, not its name. */
const IMAGE_TYPES = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
]);

/** Size-limit codes of @fastify/multipart: the upload is too large, not malformed. */
const TOO_LARGE = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/**
 * The upload's bytes. A body cut off mid-part, a missing boundary or a malformed part header is the
 * client's broken request (busboy's errors carry no code): 400, never 500.
 */
async function readUpload(
  req: FastifyRequest,
): Promise<{ file: MultipartFile | undefined; buffer?: Buffer }> {
  try {
    const file = await req.file();
    return file ? { file, buffer: await file.toBuffer() } : { file };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code && TOO_LARGE.has(code)) throw new AppError(413, 'imageTooLarge');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw error;
    throw new AppError(400, 'uploadMalformed');
  }
}

/**
 * Reads an uploaded image (the size limit is enforced while streaming), checks its magic bytes and
 * stores it under a generated name. Returns the public URL.
 */
export async function saveImage(req: FastifyRequest, db: Db, uploadDir: string, folder: string) {
  const { file, buffer } = await readUpload(req);
  if (!file || !buffer) throw new AppError(400, 'fileRequired');
  if (file.file.truncated) throw new AppError(413, 'imageTooLarge');
  const type = await fileTypeFromBuffer(buffer);
  const ext = type ? IMAGE_TYPES.get(type.mime) : undefined;
  if (!ext) throw new AppError(400, 'imageType');
  const key = `${folder}/${crypto.randomUUID()}.${ext}`;
  await putFile(db, uploadDir, key, buffer, type!.mime);
  return `/uploads/${key}`;
}

/**
 * Writes a file to the active store (/sys/os) and records which store holds it (stored_files), so
 * it stays readable after the setting changes. 502 when the store does not take it.
 */
export async function putFile(db: Db, uploadDir: string, key: string, body: Buffer, contentType: string) {
  const row = await activeStoreRow(db);
  try {
    await openStore(row, uploadDir).put(key, body, contentType);
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    throw new AppError(502, 'storageFailed', { params: { code: error.code } });
  }
  await db.insert(storedFiles).values({ key, storeId: row.id, contentType, size: body.length });
}

/** Content types of the files written before stores were recorded (the demo's pictures, older uploads). */
const TYPE_OF_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
};

/** A key as /uploads/ takes it: folders and a name, no `..`, no leading dot. */
const KEY = /^(?:[A-Za-z0-9][A-Za-z0-9_-]*\/)*[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/**
 * The file behind /uploads/<key>: from the store it was written to; one not recorded (the demo's
 * pictures, files of an earlier version) from the local disk. `redirect` when that store serves its
 * files itself (its public base URL); null when there is no such file.
 */
export async function readFile(
  db: Db,
  uploadDir: string,
  key: string,
): Promise<{ redirect: string } | { object: StoredObject; contentType: string } | null> {
  if (!KEY.test(key) || key.split('/').some((part) => part.startsWith('.'))) return null;
  const [file] = await db
    .select({ contentType: storedFiles.contentType, store: storageStores })
    .from(storedFiles)
    .innerJoin(storageStores, eq(storageStores.id, storedFiles.storeId))
    .where(eq(storedFiles.key, key));
  if (file?.store.publicBaseUrl)
    return { redirect: `${file.store.publicBaseUrl.replace(/\/+$/, '')}/${key}` };
  const store = file ? openStore(file.store, uploadDir) : localStore(uploadDir);
  let object: StoredObject | null;
  try {
    object = await store.get(key);
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    throw new AppError(502, 'storageFailed', { params: { code: error.code } });
  }
  if (!object) return null;
  const contentType =
    file?.contentType ??
    object.contentType ??
    TYPE_OF_EXTENSION[key.split('.').pop()!.toLowerCase()] ??
    'application/octet-stream';
  return { object, contentType };
}
