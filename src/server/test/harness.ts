import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { authApi } from '../../shared/api/endpoints.ts';
import { buildApp } from '../app.ts';
import { PLATFORM_CALLER_KIND } from '../http/access.ts';
import type { TerminalClientId } from '../../shared/dict/terminal-client.ts';
import { loadConfig, type Config } from '../lib/config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { encryptWithPublicKey } from '../modules/auth/rsa.service.ts';
import { adminRoles, admins, rolePermissions, roles } from '../modules/accounts/accounts.table.ts';
import { sha256 } from '../lib/password.ts';
import { oauthClients } from '../modules/oauth/oauth.table.ts';
import { terminals } from '../modules/terminals/terminals.table.ts';
import type { TerminalKindCode } from '../../shared/dict/terminal.ts';
import { ADMIN_PASSWORD, seededPglite, seededPostgres, TEST_SECRET_KEY } from './template.ts';

export { ADMIN_PASSWORD };
export { DEMO_PASSWORD };

/**
 * A database for one test file, holding the migrated demo (a copy of the run's seeded template,
 * `template.ts`): in-memory PGlite, or with TEST_DATABASE_URL a PostgreSQL database created for
 * the file and dropped afterwards.
 */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return { database: await seededPglite(), drop: async () => undefined };
  const name = await seededPostgres(baseUrl);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // the bench (scripts/bench.ts) uses the production pool size
  const database = await openDatabase({
    url: url.toString(),
    poolSize: Number(process.env.TEST_DB_POOL_SIZE ?? 5),
  });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
  /** Encrypts like the console does, with the server's public key. */
  encrypt(plain: string): string;
  /** Basic credential of the public console client, as getClient hands it out. */
  basic(): Promise<string>;
  /** Password login; returns the token response (throws on failure). */
  login(username: string, password?: string): Promise<{ access_token: string; refresh_token: string }>;
  /**
   * Gives an existing account an extra role holding exactly these permissions (straight in the
   * database), so a test can log it in with, or without, what a route demands.
   */
  grant(username: string, perms: readonly string[]): Promise<void>;
  /**
   * A machine client's token (client_credentials grant), creating or re-keying the OAuth client
   * `clientId` (a terminal client id of docs/product.md §9) straight in the database.
   */
  clientToken(clientId: string): Promise<string>;
  /**
   * A registered terminal of `kind` in `scenicId` (straight in the database, as if activated) and its
   * own client's token; `gateId` mounts a gate or face device on a gate.
   */
  deviceToken(
    scenicId: number,
    kind: TerminalKindCode,
    options?: { gateId?: number | null },
  ): Promise<{ token: string; clientId: string; terminalId: number }>;
  /** Shortcut for `inject` with a bearer token. */
  call(
    token: string | null,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  /** An existing database (the bench's `--database`): migrated, never seeded or dropped here */
  existing?: Database,
  /** The app's logger (default: none), e.g. a trace logger whose lines a test reads */
  logger?: FastifyServerOptions['logger'],
): Promise<TestApp> {
  const { database, drop } = existing
    ? { database: existing, drop: async () => undefined }
    : await openTestDatabase();
  // a copy of the template is migrated already; an existing database may not be
  if (existing) await database.migrate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scenic-test-'));
  // the tests run the jobs themselves, with a controlled clock
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      WEB_DIR: path.join(dataDir, 'web'),
      JOBS: 'false',
      APP_SECRET_KEY: TEST_SECRET_KEY,
    }),
    ...overrides,
  };
  const app = await buildApp(config, database, logger === undefined ? {} : { logger });
  await app.ready();

  const encrypt = (plain: string) => encryptWithPublicKey(app.ctx.keys.publicKey, plain);
  let basicCache: string | undefined;
  const basic = async () => {
    if (!basicCache) {
      const res = await app.inject({ url: `${authApi.getClient}?clientId=backstageManagement` });
      basicCache = res.json<{ msg: string }>().msg;
    }
    return basicCache;
  };
  const t: TestApp = {
    app,
    database,
    config,
    encrypt,
    basic,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async grant(username, perms) {
      const db = database.db;
      const [admin] = await db.select().from(admins).where(eq(admins.username, username));
      if (!admin) throw new Error(`no account ${username}`);
      const [role] = await db
        .insert(roles)
        .values({
          scenicId: admin.scenicId,
          code: `extra_${username}_${crypto.randomBytes(3).toString('hex')}`,
          name: 'extra',
        })
        .returning();
      if (!role) throw new Error('role insert returned no row');
      if (perms.length)
        await db.insert(rolePermissions).values(perms.map((permission) => ({ roleId: role.id, permission })));
      await db.insert(adminRoles).values({ adminId: admin.id, roleId: role.id });
    },
    async login(username, password = username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/login/oauth/token',
        headers: {
          authorization: `Basic ${await basic()}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({
          username,
          password: encrypt(password),
          grant_type: 'password',
          scope: 'all',
        }).toString(),
      });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async clientToken(clientId) {
      const secret = crypto.randomBytes(16).toString('hex');
      // a known client keeps its other grants (the console's password grant, say)
      const [known] = await database.db
        .select()
        .from(oauthClients)
        .where(eq(oauthClients.clientId, clientId));
      // a terminal's or a distributor's client belongs to its area (http/access.ts CallerKind)
      const result = await database.db.execute(
        sql`select scenic_id, kind from terminals where client_id = ${clientId}
            union all select scenic_id, 'agency' from distributors where client_id = ${clientId}`,
      );
      const [bound] = (result as unknown as { rows: { scenic_id: number; kind: string }[] }).rows;
      const values = {
        secretHash: sha256(secret),
        grantTypes: [...new Set([...(known?.grantTypes ?? []), 'client_credentials'])],
        ...(bound
          ? { scenicId: Number(bound.scenic_id), callerKind: bound.kind }
          : known
            ? {}
            : { callerKind: PLATFORM_CALLER_KIND[clientId as TerminalClientId] ?? null }),
      };
      await database.db
        .insert(oauthClients)
        .values({ clientId, name: clientId, ...values })
        .onConflictDoUpdate({ target: oauthClients.clientId, set: values });
      const res = await app.inject({
        method: 'POST',
        url: '/login/oauth/token',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'grant_type=client_credentials',
      });
      if (res.statusCode !== 200) throw new Error(`client token ${clientId}: ${res.statusCode} ${res.body}`);
      return res.json<{ access_token: string }>().access_token;
    },
    async deviceToken(scenicId, kind, options = {}) {
      const serial = crypto.randomBytes(6).toString('hex');
      const [row] = await database.db
        .insert(terminals)
        .values({
          scenicId,
          kind,
          name: `${kind} ${serial}`,
          serialNo: serial,
          clientId: `termT${serial}`,
          gateId: options.gateId ?? null,
          activatedAt: new Date(),
        })
        .returning({ id: terminals.id, clientId: terminals.clientId });
      const clientId = row!.clientId!;
      return { token: await t.clientToken(clientId), clientId, terminalId: row!.id };
    },
    call(token, method, url, body, headers = {}) {
      return app.inject({
        method,
        url,
        headers: { ...(token ? { authorization: `bearer ${token}` } : {}), ...headers },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },
  };
  return t;
}

/** The text of an exported .xlsx: the XML of its workbook (shared and inline strings, sheets). */
export function xlsxText(body: Buffer): string {
  const files = unzipSync(new Uint8Array(body));
  return Object.entries(files)
    .filter(([name]) => name.startsWith('xl/'))
    .map(([, data]) => strFromU8(data))
    .join('\n');
}
