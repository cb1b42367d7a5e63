import type { Db } from '../../db/client.ts';

/** Demo data of this module for one scenic area (called by src/server/db/seed/index.ts). */
export async function seedDemoTheatres(db: Db, scenicId: number): Promise<void> {
  void db;
  void scenicId;
}
