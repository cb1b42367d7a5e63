import { z } from 'zod';
import type { ValidationMessageKey } from './validation-messages.ts';

/**
 * The building blocks of the API schemas: `key('required')` names a message of
 * validation-messages.ts (checked at compile time) as a schema's error, which the server answers
 * and the console shows in the user's language; `text(50)` an optional trimmed text, `required(50)`
 * one that may not be blank.
 */
export const key = (k: ValidationMessageKey) => k;
export const text = (max: number) => z.string().trim().max(max);
export const required = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: key('required') })
    .max(max);
