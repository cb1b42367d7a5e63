import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { parseBuffer } from 'music-metadata';
import { VOICE_LIMIT_BYTES } from '../../../shared/api/map-guide.ts';
import { AppError } from '../../http/errors.ts';

/** The audio a voice guide may be: mp3, m4a or wav, judged by the content (file-type), not the name. */
const VOICE_TYPES = new Map([
  ['audio/mpeg', { ext: 'mp3', mime: 'audio/mpeg' }],
  ['audio/x-m4a', { ext: 'm4a', mime: 'audio/mp4' }],
  ['audio/mp4', { ext: 'm4a', mime: 'audio/mp4' }],
  ['audio/wav', { ext: 'wav', mime: 'audio/wav' }],
  ['audio/vnd.wave', { ext: 'wav', mime: 'audio/wav' }],
  ['audio/x-wav', { ext: 'wav', mime: 'audio/wav' }],
]);

const TOO_LARGE = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/** The uploaded file's bytes, at most VOICE_LIMIT_BYTES (413 beyond); a broken body is a 400. */
async function readVoiceUpload(req: FastifyRequest): Promise<Buffer> {
  try {
    const file = await req.file({ limits: { fileSize: VOICE_LIMIT_BYTES, files: 1, fields: 10, parts: 12 } });
    if (!file) throw new AppError(400, 'fileRequired');
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code && TOO_LARGE.has(code)) throw new AppError(413, 'voiceTooLarge');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw error;
    throw new AppError(400, 'uploadMalformed');
  }
}

export interface VoiceFile {
  buffer: Buffer;
  key: string;
  mime: string;
  /** whole seconds, rounded */
  duration: number;
}

/** What a buffer of audio is and how long it plays; 400 when it is not mp3/m4a/wav or unreadable. */
export async function inspectVoice(buffer: Buffer): Promise<{ ext: string; mime: string; duration: number }> {
  const detected = await fileTypeFromBuffer(buffer);
  const type = detected ? VOICE_TYPES.get(detected.mime) : undefined;
  if (!type) throw new AppError(400, 'voiceFileType');
  let seconds: number | undefined;
  try {
    seconds = (await parseBuffer(buffer, { mimeType: type.mime, size: buffer.length }, { duration: true }))
      .format.duration;
  } catch {
    seconds = undefined;
  }
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0)
    throw new AppError(400, 'voiceUnreadable');
  return { ...type, duration: Math.max(1, Math.round(seconds)) };
}

/** Reads and checks an uploaded voice; its key lands in the area's folder under a generated name. */
export async function readVoice(req: FastifyRequest, folder: string): Promise<VoiceFile> {
  const buffer = await readVoiceUpload(req);
  const { ext, mime, duration } = await inspectVoice(buffer);
  return { buffer, key: `${folder}/voice-${crypto.randomUUID()}.${ext}`, mime, duration };
}
