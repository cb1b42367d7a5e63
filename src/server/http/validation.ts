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
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
  };

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
