import { AppError } from './errors.ts';

interface PgError {
  code?: string;
  message?: string;
  detail?: string;
  constraint?: string;
  column?: string;
}

function pgErrorOf(error: unknown): PgError | null {
  // Drizzle wraps the driver's error (pg or PGlite) in `cause`.
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as PgError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgError;
  }
  return null;
}

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The text between the balanced parentheses of `Key (…)=` in a violation's detail. */
function keyOf(detail: string): string | null {
  const start = detail.indexOf('Key (');
  if (start < 0) return null;
  let depth = 0;
  for (let i = start + 4; i < detail.length; i++) {
    if (detail[i] === '(') depth++;
    else if (detail[i] === ')' && --depth === 0) return detail.slice(start + 5, i);
  }
  return null;
}

/** Splits a key list at the commas that are not inside a function call. */
function topLevelParts(key: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < key.length; i++) {
    if (key[i] === '(') depth++;
    else if (key[i] === ')') depth--;
    else if (key[i] === ',' && depth === 0) {
      parts.push(key.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(key.slice(from));
  return parts;
}

/**
 * The column a constraint violation names: from `Key (col)=…`, `Key (lower(col::text))=…` or a
 * composite `Key (COALESCE(scenic_id, 0), code)=…`. Composite keys put the scope first, so the last
 * part names what the user chose; inside it, the first name that is neither a function nor a type.
 */
function fieldOf(error: PgError): string {
  const key = keyOf(error.detail ?? '');
  const last = key == null ? undefined : topLevelParts(key).at(-1);
  if (last) {
    for (const match of last.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
      const end = match.index + match[0].length;
      const isFunction = /^\s*\(/.test(last.slice(end));
      const isType = last.slice(Math.max(0, match.index - 2), match.index) === '::';
      if (!isFunction && !isType) return camel(match[0]);
    }
  }
  if (error.column) return camel(error.column);
  return error.constraint ?? '';
}

/**
 * Unique and foreign-key violations are the user's conflict, not a server failure: 409 with a
 * message naming the field (docs/architecture.md: never a 500 for user input).
 */
export function mapDbError(error: unknown): AppError | null {
  const pg = pgErrorOf(error);
  if (!pg) return null;
  const field = fieldOf(pg);
  switch (pg.code) {
    case '23505':
      return new AppError(409, 'fieldTaken', { params: { field }, data: { field } });
    case '23503':
      // insert/update pointing at nothing vs delete of something still referenced
      return /is not present in table/.test(pg.detail ?? '')
        ? new AppError(409, 'referenceMissing', { params: { field }, data: { field } })
        : new AppError(409, 'inUse', { data: { field } });
    case 'P0409':
      // the ticket transition guard of migration 0004: a status change docs/domain.md does not allow
      return new AppError(409, 'transitionNotAllowed');
    case '23502':
    case '23514':
    case '22001':
    case '22003':
      return new AppError(400, 'badRequest', { data: { field } });
    // Text the database cannot hold (docs/decisions.md "Text that enters storage"): the validator
    // refuses it in every field and the audit log replaces it; this catches what came another way.
    // 22021 a NUL in text or jsonb text, 22P05 a \u0000 escape in jsonb, 22P02 a lone surrogate's
    // escape in jsonb; the same codes on PostgreSQL and PGlite. Other 22P02s (a bad number cast) are
    // the code's mistake, left a 500.
    case '22021':
    case '22P05':
      return new AppError(400, 'textNotStorable');
    case '22P02':
      return /type json/.test(pg.message ?? '') ? new AppError(400, 'textNotStorable') : null;
    default:
      return null;
  }
}
