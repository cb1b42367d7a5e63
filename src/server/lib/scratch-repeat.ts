import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../http/errors.ts';

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
export { readUpload, IMAGE_TYPES, TOO_LARGE };
