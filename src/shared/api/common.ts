import { z } from 'zod';
import type { ValidationMessageKey } from './validation-messages.ts';

/** docs/product.md §9: page size options; default 20. */
export const PAGE_SIZES = [10, 20, 30, 50, 100, 400] as const;
export const DEFAULT_PAGE_SIZE = 20;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
      error: 'pageSize' satisfies ValidationMessageKey,
    })
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageResultSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int() });
}

/** The JSON envelope of every API response (docs/architecture.md: code 200 success, -1 session gone). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const IdSchema = z.coerce.number().int().positive();

export const SortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrderSchema>;

/**
 * The query of a list screen: paging, an optional sort over a fixed set of fields, and the screen's
 * filters. Strict: an unknown field is a 400 naming it, never silently ignored.
 */
export function listQuerySchema<const F extends readonly [string, ...string[]], S extends z.ZodRawShape>(
  sortFields: F,
  filters: S,
) {
  return PageQuerySchema.extend({
    sort: z.enum(sortFields).optional(),
    order: SortOrderSchema.default('desc'),
    ...filters,
  }).strict();
}

/** One of a fixed list of numeric codes, as a union of literals (typed as the list's members). */
export const literalOf = <T extends readonly number[]>(codes: T) =>
  z.union(
    codes.map((c) => z.literal(c)) as unknown as [z.ZodLiteral<T[number]>, ...z.ZodLiteral<T[number]>[]],
  );

/** A code of one of the spec's enumerations (a `src/shared/dict` dictionary), coerced from form text. */
export function dictCodeSchema<T extends Record<number, unknown>>(dict: T) {
  const codes = Object.keys(dict).map(Number);
  return z.coerce
    .number()
    .int()
    .refine((n) => codes.includes(n));
}

/** "HH:mm", 00:00-23:59; strings of this form compare in time order. */
export const TimeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
  error: 'timeOfDay' satisfies ValidationMessageKey,
});

/** A calendar date "YYYY-MM-DD" (PostgreSQL `date`), checked to exist. */
export const DateOnlySchema = z.iso.date();

/** Declared in a file without zod, so the console's login route can use it (endpoints.ts). */
export { endpoints } from './endpoints.ts';

/** The body of a batch enable/disable (`POST …/status`): 1-400 ids and the new status; all change or none. */
export function statusChangeSchema<S extends z.ZodType>(status: S) {
  return z
    .object({
      ids: z
        .array(IdSchema)
        .min(1, { error: 'required' satisfies ValidationMessageKey })
        .max(400),
      status,
    })
    .strict();
}
