import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../http/errors.ts';

/** Spec §5: only jpg, jpeg, png and gif; judged by the file's content, not its name. */
const IMAGE_TYPES = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
]);

/**
 * Reads an uploaded image (the size limit is enforced while streaming), checks its magic bytes and
 * stores it under a generated name. Returns the public URL.
 */
export async function saveImage(file: MultipartFile | undefined, uploadDir: string, folder: string) {
  if (!file) throw new AppError(400, 'fileRequired');
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'imageTooLarge');
    throw error;
  }
  if (file.file.truncated) throw new AppError(413, 'imageTooLarge');
  const type = await fileTypeFromBuffer(buffer);
  const ext = type ? IMAGE_TYPES.get(type.mime) : undefined;
  if (!ext) throw new AppError(400, 'imageType');
  const name = `${crypto.randomUUID()}.${ext}`;
  const dir = path.join(uploadDir, folder);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), buffer);
  return `/uploads/${folder}/${name}`;
}
