import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { normalizeAllowEntry } from './egress.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** What a missing or short APP_SECRET_KEY says: which variable, and how to make one. */
const MAKE_A_KEY =
  'set APP_SECRET_KEY to 32+ random characters (the key of the secrets stored in the database), e.g. APP_SECRET_KEY=$(openssl rand -base64 48)';

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(8080),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .max(64, 'must be at most 64 characters')
    .optional(),
  SEED: z.enum(['demo', 'none'], { error: 'must be demo or none' }).default('demo'),
  DEMO_ORDERS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 1000000')
    .max(1_000_000, 'must be between 0 and 1000000')
    .default(2000),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  WEB_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  JOBS: z
    .string()
    .regex(/^(true|false|[a-z-]+(,[a-z-]+)*)$/, 'must be true, false or a comma list of module names')
    .default('true'),
  REFUND_SEND_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  PAY_SANDBOX: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  OTA_SECRET_KEY: z
    .string()
    .min(32, 'must be at least 32 characters')
    .max(512, 'must be at most 512 characters')
    .optional(),
  APP_SECRET_KEY: z
    .string({ error: MAKE_A_KEY })
    .min(32, `must be at least 32 characters; ${MAKE_A_KEY}`)
    .max(512, 'must be at most 512 characters'),
  APP_SECRET_KEY_PREVIOUS: z
    .string()
    .min(32, 'must be at least 32 characters')
    .max(512, 'must be at most 512 characters')
    .optional(),
  PAY_SANDBOX_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  SMTP_FROM: z.string().max(200).optional(),
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  EGRESS_ALLOW: z
    .string()
    .refine((v) => allowEntries(v).every((e) => normalizeAllowEntry(e) !== null), {
      error: 'must be host:port entries separated by commas (an IPv6 host in brackets)',
    })
    .optional(),
});

const allowEntries = (v: string) =>
  v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);

/** Variables whose value a configuration error does not repeat. */
const HIDDEN_VALUES = new Set(['OTA_SECRET_KEY', 'APP_SECRET_KEY', 'APP_SECRET_KEY_PREVIOUS']);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; absent means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  seed: 'demo' | 'none';
  /** Orders of history the demo seed writes into a new database (`npm run seed -- --orders N` adds more). */
  demoOrders: number;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Directory of the built console (index.html + assets/). */
  webDir: string;
  trustProxy: boolean;
  /**
   * Whether this instance runs the background jobs (src/server/jobs.ts). Every instance may: each
   * job takes an advisory lock, so one instance works at a time. Off for in-process tests, which
   * call the jobs themselves with a controlled clock.
   */
  jobs: boolean;
  /** The modules whose jobs run (JOBS=payments,orders); null: every module's */
  jobModules: readonly string[] | null;
  /** How often the refund sender looks for refunds to send to the providers */
  refundSendIntervalMs: number;
  /** Start the local payment sandbox with the server (PAY_SANDBOX; on by default with the demo data) */
  paySandbox: boolean;
  /**
   * Certificate and key (PEM) when the server terminates TLS itself: it then speaks HTTP/2 (and
   * HTTP/1.1 to clients without it). Absent behind a TLS-terminating proxy.
   */
  tls: { cert: Buffer; key: Buffer } | undefined;
  /**
   * Key material of the OTA channel secrets at rest (modules/ota/secret-box.ts); absent: the
   * server's RSA private key (in the database) is used instead.
   */
  otaSecretKey: string | undefined;
  /**
   * The secrets keyring's key material (lib/secret-box.ts): APP_SECRET_KEY seals, and
   * APP_SECRET_KEY_PREVIOUS (during a rotation) still opens what it sealed.
   */
  secretKeys: { current: string; previous: string | undefined };
  /** The local payment sandbox (`npm run pay-sandbox`) the demo's payment settings point at. */
  paySandboxUrl: string;
  /**
   * This server's public address as providers reach it (notify URLs); unset: http://localhost:PORT,
   * which only a provider on this machine (the sandbox) reaches.
   */
  publicUrl: string;
  /**
   * `host:port` entries the server's outbound calls may reach although the egress rule refuses them
   * (local sandboxes, over http too; lib/egress.ts). From the environment only (EGRESS_ALLOW), never
   * from the console; empty by default.
   */
  egressAllow: string[];
  /**
   * The mail server invoices are e-mailed through (SMTP_URL, `smtp://user:pass@host:587`; unset with
   * the demo: the local mail sandbox) and their sender (SMTP_FROM). docs/invoices.md.
   */
  smtp: { url: string; from: string };
  /**
   * The bearer token a scraper sends to read `/metrics` (METRICS_TOKEN); unset: only callers on this
   * machine (loopback) may read it. docs/operations.md "Metrics".
   */
  metricsToken: string | null;
  /** Login attempts allowed per address per minute. */
  loginRateLimit: number;
  /** Consecutive failures that lock an account, and for how long. */
  lockout: { maxFailures: number; minutes: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the configuration from environment variables; throws ConfigError naming every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value === '' ? undefined : value]),
  );
  const parsed = EnvSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        // a key is never echoed, not even a wrong one
        const shown = !HIDDEN_VALUES.has(name)
          ? JSON.stringify(env[name])
          : env[name]
            ? '(hidden)'
            : '(unset)';
        return `${name}=${shown}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  return {
    tls: readTls(e.TLS_CERT_FILE, e.TLS_KEY_FILE, env),
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    seed: e.SEED,
    demoOrders: e.DEMO_ORDERS,
    logLevel: e.LOG_LEVEL,
    webDir: path.resolve(e.WEB_DIR ?? 'dist/web'),
    trustProxy: e.TRUST_PROXY === 'true',
    jobs: e.JOBS !== 'false',
    jobModules: e.JOBS === 'true' || e.JOBS === 'false' ? null : e.JOBS.split(','),
    refundSendIntervalMs: e.REFUND_SEND_INTERVAL_MS,
    paySandbox: (e.PAY_SANDBOX ?? (e.SEED === 'demo' ? 'true' : 'false')) === 'true',
    otaSecretKey: e.OTA_SECRET_KEY,
    secretKeys: { current: e.APP_SECRET_KEY, previous: e.APP_SECRET_KEY_PREVIOUS },
    paySandboxUrl: (e.PAY_SANDBOX_URL ?? 'http://127.0.0.1:9460').replace(/\/+$/, ''),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    egressAllow: allowEntries(e.EGRESS_ALLOW ?? '').map((entry) => normalizeAllowEntry(entry)!),
    smtp: { url: e.SMTP_URL ?? '', from: e.SMTP_FROM ?? 'invoice@localhost' },
    metricsToken: e.METRICS_TOKEN ?? null,
    loginRateLimit: 20,
    lockout: { maxFailures: 5, minutes: 15 },
  };
}

/** Both TLS files or neither; each must be readable. */
function readTls(certFile: string | undefined, keyFile: string | undefined, env: NodeJS.ProcessEnv) {
  if (!certFile && !keyFile) return undefined;
  const problems: string[] = [];
  const read = (name: string, file: string | undefined) => {
    if (!file) {
      problems.push(
        `${name}=${JSON.stringify(env[name])}: must be set with ${name === 'TLS_CERT_FILE' ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'}`,
      );
      return Buffer.alloc(0);
    }
    try {
      return fs.readFileSync(path.resolve(file));
    } catch {
      problems.push(`${name}=${JSON.stringify(file)}: cannot read the file`);
      return Buffer.alloc(0);
    }
  };
  const tls = { cert: read('TLS_CERT_FILE', certFile), key: read('TLS_KEY_FILE', keyFile) };
  if (problems.length) throw new ConfigError(problems);
  return tls;
}
