import type { FormInstance } from 'antd';
import type { z } from 'zod';
import en from 'zod/v4/locales/en.js';
import zhCN from 'zod/v4/locales/zh-CN.js';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import type { Lang } from '../../../shared/dict/dict.ts';
import { toast } from '../../lib/feedback.ts';

const localeMaps = { zh: zhCN().localeError, en: en().localeError };

/** One issue's reason in the user's language: a shared ValidationMessage key, else zod's own text. */
export function issueMessage(issue: z.core.$ZodIssue, lang: Lang): string {
  const custom = ValidationMessage[issue.message as keyof typeof ValidationMessage];
  if (custom) return custom[lang];
  // an empty optional control arrives as undefined: "required" reads better than a type error
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined)
    return ValidationMessage.required[lang];
  const mapped = localeMaps[lang](issue as unknown as z.core.$ZodRawIssue);
  return typeof mapped === 'string' ? mapped : (mapped?.message ?? issue.message);
}

export interface FieldError {
  /** The form field (first path element), or '' for an issue of the whole object. */
  name: string;
  message: string;
}

/**
 * Validates a form body with the server's schema. Valid: `{ data }` (parsed, defaults applied).
 * Invalid: one message per field, in the user's language.
 */
export function validateWithSchema(
  schema: z.ZodType,
  body: unknown,
  lang: Lang,
): { data: unknown; errors: null } | { data: null; errors: FieldError[] } {
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const name =
      issue.code === 'unrecognized_keys'
        ? (issue.keys[0] ?? '')
        : issue.path.length
          ? String(issue.path[0])
          : '';
    if (errors.some((e) => e.name === name)) continue;
    errors.push({ name, message: issueMessage(issue, lang) });
  }
  return { data: null, errors };
}

/**
 * Shows complaints on a form: each on its field when the form has it (`fields`), the first other
 * one as a message. A complaint stays until its field is edited (clear it in onValuesChange).
 */
export function showFieldErrors(
  form: FormInstance,
  errors: readonly FieldError[],
  fields: readonly string[],
): void {
  const known = errors.filter((e) => fields.includes(e.name));
  form.setFields(known.map((e) => ({ name: e.name, errors: [e.message] })));
  const other = errors.find((e) => !known.includes(e));
  if (other) toast.error(other.name ? `${other.name}: ${other.message}` : other.message);
}

/**
 * A form's `onValuesChange` that clears the complaint of each field the user edits (a complaint
 * stays until then: `showFieldErrors`).
 */
export function clearErrorsOnEdit(form: FormInstance) {
  return (changed: object) => form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
}
