// The seeded database every server test file starts from, built once per test run.
//
// Migrating and seeding the demo takes ~12 s (25 s on a busy 2-core CI machine) and ~150 files
// need it. The first file of a run that needs it builds it and leaves it in the run's template
// directory (`template-setup.ts`, the unit project's global setup, makes one per run and removes
// it afterwards); the others wait for it and copy it: PGlite loads the dumped data directory
// (~1 s), PostgreSQL creates the file's database `TEMPLATE` the seeded one (a file copy).
// Within a run every file sees the demo as seeded at the run's start, as one seed would.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';
import { useSecretKeys } from '../lib/secret-box.ts';
import { seedDatabase } from '../seed/index.ts';

export const TEMPLATE_DIR_ENV = 'SCENIC_TEST_TEMPLATE_DIR';
export const ADMIN_PASSWORD = 'Admin12345';
/** The tests' APP_SECRET_KEY (the harness's configuration; the seed seals the demo's secrets with it). */
export const TEST_SECRET_KEY = 'test-secret-key-of-the-scenic-test-suite-0123456789';

const PGLITE_FILE = 'pglite.tar';
const POSTGRES_FILE = 'postgres-template';
/** A build takes well under a minute; a waiter gives up after this (the builder failed). */
const WAIT_MS = 10 * 60_000;

async function migrateAndSeed(database: Database): Promise<void> {
  await database.migrate();
  useSecretKeys({ current: TEST_SECRET_KEY });
  await seedDatabase(database.db, { mode: 'demo', adminPassword: ADMIN_PASSWORD });
}

/**
 * Runs `build` once across the run's test processes: the first caller takes the lock file and
 * writes `file` when done; the others wait for `file`. Answers its content.
 */
async function once(dir: string, file: string, build: () => Promise<Buffer>): Promise<Buffer> {
  const target = path.join(dir, file);
  let lock: number | null = null;
  try {
    lock = fs.openSync(`${target}.lock`, 'wx');
  } catch {
    // another process builds it
  }
  if (lock !== null) {
    try {
      const content = await build();
      // written aside and renamed, so a waiter never reads half a file
      fs.writeFileSync(`${target}.part`, content);
      fs.renameSync(`${target}.part`, target);
      return content;
    } catch (error) {
      fs.writeFileSync(`${target}.failed`, String(error));
      throw error;
    } finally {
      fs.closeSync(lock);
    }
  }
  const started = Date.now();
  while (!fs.existsSync(target)) {
    if (fs.existsSync(`${target}.failed`)) throw new Error(`the seeded template failed to build (${target})`);
    if (Date.now() - started > WAIT_MS) throw new Error(`no seeded template after ${WAIT_MS} ms (${target})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return fs.readFileSync(target);
}

/** An in-memory PGlite database holding the migrated demo. */
export async function seededPglite(): Promise<Database> {
  const dir = process.env[TEMPLATE_DIR_ENV];
  if (!dir) {
    const database = await openDatabase({});
    await migrateAndSeed(database);
    return database;
  }
  const tar = await once(dir, PGLITE_FILE, async () => {
    const database = await openDatabase({});
    try {
      await migrateAndSeed(database);
      return Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    } finally {
      await database.close();
    }
  });
  return openDatabase({ loadDataDir: new Blob([new Uint8Array(tar)]) });
}

async function adminQuery(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const withDatabase = (baseUrl: string, name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Creates database `name`, migrates and seeds it, and closes its sessions (a template must have none). */
async function createSeeded(baseUrl: string, name: string): Promise<void> {
  await adminQuery(baseUrl, `create database ${name}`);
  const database = await openDatabase({ url: withDatabase(baseUrl, name), poolSize: 2 });
  try {
    await migrateAndSeed(database);
  } finally {
    await database.close();
  }
}

/**
 * A new PostgreSQL database (on the server of `baseUrl`) holding the migrated demo: a copy of the
 * run's seeded template, or seeded here outside a test run.
 */
export async function seededPostgres(baseUrl: string): Promise<string> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const dir = process.env[TEMPLATE_DIR_ENV];
  if (!dir) {
    await createSeeded(baseUrl, name);
    return name;
  }
  const template = (
    await once(dir, POSTGRES_FILE, async () => {
      const seeded = `t_template_${crypto.randomBytes(6).toString('hex')}`;
      await createSeeded(baseUrl, seeded);
      return Buffer.from(seeded);
    })
  ).toString();
  // copies of one template at once are fine; a copy while the template has a session (its builder
  // closing its pool) is refused with 55006: wait and try again
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(baseUrl, `create database ${name} template ${template}`);
      return name;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** The run's PostgreSQL template database, if one was built (for the global teardown). */
export function postgresTemplateName(dir: string): string | null {
  const file = path.join(dir, POSTGRES_FILE);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}
