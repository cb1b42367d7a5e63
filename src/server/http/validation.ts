import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { ValidationMessage } from '../../shared/api/validation-messages.ts';
import type { Lang } from '../../shared/dict/dict.ts';
import { storableText, unstorableIn, type UnstorableText } from '../../shared/text.ts';
import { translate } from './messages.ts';

/** A request that failed its zod schema; the error handler turns it into a 400 naming the field. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly issues: z.core.$ZodIssue[],
    readonly part: string,
  ) {
    super('request validation failed');
    this.name = 'RequestValidationError';
  }
}

/** Validates with zod and keeps the raw issues so messages can be localised per request. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (!result.success)
      return { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
    const unstorable = unstorableTextIssue(result.data);
    if (unstorable) return { error: new RequestValidationError([unstorable], httpPart ?? 'body') };
    return { value: result.data };
  };

/**
 * The first string holding a NUL character or a lone surrogate (src/shared/text.ts), in what a
 * schema let through or a route read before its schema: its path and what is wrong. No text field
 * takes either: the database cannot store them, and no user types them. Checked by the validator,
 * once for every string of every route; a schema that must accept one (a gate's misread code)
 * replaces it itself. Object keys count too (a record's keys end up in jsonb).
 */
export function findUnstorableText(
  value: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; kind: UnstorableText } | null {
  if (typeof value === 'string') {
    const kind = unstorableIn(value);
    return kind ? { path, kind } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  // plain objects only (a parsed form's have no prototype), not dates or buffers
  const proto: unknown = value && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto === Object.prototype || proto === null) {
    for (const [key, item] of Object.entries(value as object)) {
      const inKey = unstorableIn(key);
      // the answer names the key without repeating what is wrong with it
      if (inKey) return { path: [...path, storableText(key)], kind: inKey };
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** The issue naming the first text in `value` no column can store (findUnstorableText), or null. */
export function unstorableTextIssue(value: unknown): z.core.$ZodIssue | null {
  const bad = findUnstorableText(value);
  return bad ? { code: 'custom', path: bad.path, message: bad.kind, input: undefined } : null;
}

const localeMaps = { zh: z.locales.zhCN().localeError, en: z.locales.en().localeError };

/** "field: reason" for the first issue, in the user's language; the shared custom keys are translated. */
export function describeIssues(issues: z.core.$ZodIssue[], lang: Lang): { field: string; message: string } {
  const issue = issues[0];
  if (!issue) return { field: '', message: translate('badRequest', lang) };
  const path = issue.path.map(String);
  // a strict schema names the unknown keys themselves, not the object holding them
  if (issue.code === 'unrecognized_keys') path.push(issue.keys.join(', '));
  const field = path.length ? path.join('.') : '(body)';
  const custom = ValidationMessage[issue.message as keyof typeof ValidationMessage];
  let reason: string;
  if (custom) {
    reason = custom[lang];
  } else {
    const mapped = localeMaps[lang](issue as unknown as z.core.$ZodRawIssue);
    reason = typeof mapped === 'string' ? mapped : (mapped?.message ?? issue.message);
  }
  return { field, message: translate('fieldInvalid', lang, { field, reason }) };
}
