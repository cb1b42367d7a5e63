// `npm run restore -- <file>`: puts a backup of `npm run backup` back as the embedded database
// (DATA_DIR/pgdata, default ./data/pgdata), with the server stopped. The current directory is kept
// beside it (pgdata.before-restore-<time>); nothing is deleted. docs/operations.md "Backups".
import path from 'node:path';
import fs from 'node:fs';
import { restoreDataDir } from '../src/server/db/restore.ts';

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run restore -- <backup .tar.gz of npm run backup>');
  process.exit(1);
}
const port = process.env.PORT ?? '8080';
const running = await fetch(`http://127.0.0.1:${port}/healthz`).then(
  () => true,
  () => false,
);
if (running) {
  console.error(`A server answers on port ${port}: stop it first, then restore.`);
  process.exit(1);
}
const pgdata = path.resolve(process.env.DATA_DIR ?? 'data', 'pgdata');
const aside = await restoreDataDir(pgdata, fs.readFileSync(file));
console.log(`Restored ${file} into ${pgdata}${aside ? `; the previous data is in ${aside}` : ''}.`);
