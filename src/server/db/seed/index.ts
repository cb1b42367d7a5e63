import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { bootstrap, generatePassword, isEmpty } from './bootstrap.ts';
import { DEMO_SCENIC, seedDemoAccounts, seedDemoSettings } from './demo.ts';
import { seedDemoProducts } from '../../modules/products/products.seed.ts';
import { seedDemoInventory } from '../../modules/inventory/inventory.seed.ts';
import { seedDemoTheatres } from '../../modules/theatres/theatres.seed.ts';
import { seedDemoGates } from '../../modules/gates/gates.seed.ts';
import { seedDemoStaffCards } from '../../modules/staff-cards/staff-cards.seed.ts';
import { seedDemoPrintTemplates } from '../../modules/print-templates/print-templates.seed.ts';
import { seedDemoNotices } from '../../modules/notices/notices.seed.ts';

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
      // ticket products: what others refer to comes first
      await seedDemoNotices(tx, first.scenicId);
      await seedDemoPrintTemplates(tx, first.scenicId);
      await seedDemoGates(tx, first.scenicId);
      await seedDemoStaffCards(tx, first.scenicId);
      await seedDemoProducts(tx, first.scenicId);
      await seedDemoTheatres(tx, first.scenicId);
      await seedDemoInventory(tx, first.scenicId);
    }
    const demoScenicId = first.scenicId;
    return options.adminPassword
      ? { seeded: true, demoScenicId }
      : { seeded: true, generatedAdminPassword: adminPassword, demoScenicId };
  });
}
