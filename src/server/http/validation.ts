import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { ValidationMessage } from '../../shared/api/validation-messages.ts';
import type { Lang } from '../../shared/dict/dict.ts';
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
    const nul = pathOfNul(result.data);
    if (nul) {
      const issue = { code: 'custom', path: nul, message: 'nulCharacter', input: undefined } as const;
      return { error: new RequestValidationError([issue], httpPart ?? 'body') };
    }
    return { value: result.data };
  };

/**
 * The path of the first string holding a NUL character, in what a schema let through. No text field
 * takes one: PostgreSQL cannot store it, and no user types it. Checked here, once for every string
 * of every route; a schema that must accept one (a gate's misread code) replaces it itself.
 */
export function pathOfNul(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = pathOfNul(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const found = pathOfNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
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
