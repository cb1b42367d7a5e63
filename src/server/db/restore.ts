import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from './client.ts';

/**
 * Restores a backup (`npm run backup`'s .tar.gz) as the embedded database's data directory
 * `pgdata`: the directory there now is moved aside (`pgdata.before-restore-<time>`, nothing is
 * deleted), the tarball unpacked into a new one, and the database opened once to check that it
 * starts. Run it with the server stopped. Returns where the old directory went (null: there was none).
 */
export async function restoreDataDir(
  pgdata: string,
  tarball: Buffer,
  now = new Date(),
): Promise<string | null> {
  let aside: string | null = null;
  if (fs.existsSync(pgdata)) {
    aside = `${pgdata}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(pgdata, aside);
  }
  fs.mkdirSync(path.dirname(pgdata), { recursive: true });
  const database = await openDatabase({ dataDir: pgdata, loadDataDir: new Blob([new Uint8Array(tarball)]) });
  try {
    await database.ping();
  } finally {
    await database.close();
  }
  return aside;
}
