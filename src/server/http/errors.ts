import type { DictEntry } from '../../shared/dict/dict.ts';
import type { MsgKey } from './messages.ts';

/** A failure with a meaningful HTTP status and a message for the user (docs/architecture.md HTTP contract). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly msgKey: MsgKey,
    readonly options: { params?: Record<string, string | number>; data?: unknown; code?: number } = {},
  ) {
    super(msgKey);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MsgKey, params?: Record<string, string | number>) =>
  new AppError(400, key, params ? { params } : {});
export const unauthorized = (key: MsgKey = 'unauthorized', data?: unknown) =>
  new AppError(401, key, { data });
export const forbidden = (key: MsgKey = 'forbidden') => new AppError(403, key);
export const notFound = (key: MsgKey = 'notFound') => new AppError(404, key);
export const conflict = (key: MsgKey, params?: Record<string, string | number>) =>
  new AppError(409, key, params ? { params } : {});

/** A single named field is wrong: 400 whose message names the field and says why. */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    readonly reason: DictEntry,
  ) {
    super(`${field}: ${reason.en}`);
    this.name = 'FieldError';
  }
}
