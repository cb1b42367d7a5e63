import { AppError } from './errors.ts';

interface PgError {
  code?: string;
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

/** The column a constraint violation names: from `Key (col)=…` or `Key (lower(col::text))=…`. */
function fieldOf(error: PgError): string {
  const match = /Key \((?:[a-z_]+\()*([a-z_]+)/i.exec(error.detail ?? '');
  if (match?.[1]) return camel(match[1]);
  if (error.column) return camel(error.column);
  return error.constraint ?? '';
}

/**
 * Unique and foreign-key violations are the user's conflict, not a server failure: 409 with a
 * message naming the field (design.md: never a 500 for user input).
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
    case '23502':
    case '23514':
    case '22001':
    case '22003':
      return new AppError(400, 'badRequest', { data: { field } });
    default:
      return null;
  }
}
