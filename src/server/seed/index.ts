import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bootstrap, generatePassword, isEmpty } from './bootstrap.ts';
import { DEMO_SCENIC, seedDemoAccounts, seedDemoSettings } from './demo.ts';
import { SERVER_MODULES } from '../modules.ts';
import type { DemoHistoryOptions } from '../lib/server-module.ts';

// Serialises concurrent first starts against one PostgreSQL database.
const SEED_LOCK_KEY = 7_301_202_612;

export interface SeedResult {
  seeded: boolean;
  /** Set only when the admin password was generated: printed once, never stored in clear. */
  generatedAdminPassword?: string;
  /** The first scenic area, where the demo data lives. */
  demoScenicId?: number;
}

/** Fills a new database: always the bootstrap, plus the demo set when mode is demo. */
export async function seedDatabase(
  db: Db,
  options: { mode: 'demo' | 'none'; adminPassword?: string | undefined },
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(tx))) return { seeded: false };
    const adminPassword = options.adminPassword ?? generatePassword();
    const scenic = options.mode === 'demo' ? DEMO_SCENIC : { code: 'DEFAULT', name: '我的景区' };
    const first = await bootstrap(tx, { adminPassword, scenic });
    if (options.mode === 'demo') {
      await seedDemoAccounts(tx, first);
      await seedDemoSettings(tx, first);
      // in module order: what others refer to comes first
      for (const module of SERVER_MODULES) await module.seedDemo?.(tx, first.scenicId);
    }
    const demoScenicId = first.scenicId;
    return options.adminPassword
      ? { seeded: true, demoScenicId }
      : { seeded: true, generatedAdminPassword: adminPassword, demoScenicId };
  });
}

/** The demo's history after the first seed (a year of orders and what follows), module by module. */
export async function seedDemoHistory(db: Db, options: DemoHistoryOptions): Promise<void> {
  for (const module of SERVER_MODULES) await module.seedDemoHistory?.(db, options);
}
