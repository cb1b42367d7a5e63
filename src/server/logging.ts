import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './lib/config.ts';

/** Request fields that hold credentials; pino replaces them wherever they appear. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.token',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.refresh_token',
  '*.access_token',
  '*.secret',
  '*.publicSecret',
];

/** A path with its query values dropped: `/x?id=…&phone=…` (a value may be a phone or an ID number). */
export function pathForLog(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const keys = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, at)}?${keys.join('&')}`;
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** Fields of a database or framework error that name what failed without the values involved. */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'constraint',
  'table',
  'column',
  'routine',
  'severity',
] as const;

/**
 * An error as the log keeps it: never the values of a query. Drizzle's message and stack carry the
 * failed query's parameters (`params: 13800138000,…`) and PostgreSQL's `detail` the row's values
 * (`Key (phone)=(…)`); both are personal data, so the log keeps the SQL text (placeholders only),
 * the error codes and the stack frames.
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: typeof error === 'string' ? error : '', stack: '' };
  }
  const e = error as Error & Record<string, unknown>;
  const message = e.message.split(/\nparams:/)[0] ?? '';
  const out: LoggedError = { type: e.name, message, stack: '' };
  if (typeof e.query === 'string') out.query = e.query;
  for (const field of SAFE_ERROR_FIELDS) if (e[field] != null) out[field] = e[field];
  if (e.stack) {
    const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${e.name}: ${message.split('\n')[0]}`, ...frames].join('\n');
  }
  if (e.cause !== undefined && depth < 3) out.cause = errorForLog(e.cause, depth + 1);
  return out;
}

export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      err: errorForLog,
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: pathForLog(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}
