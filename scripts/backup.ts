// `npm run backup [-- <file>]`: a consistent copy of the running server's embedded database, taken
// by the server itself (GET /backup, from this machine only) while it keeps serving, written to
// <file> (default backups/pgdata-<time>.tar.gz). On PostgreSQL use pg_dump (docs/operations.md).
import fs from 'node:fs';
import path from 'node:path';

const port = process.env.PORT ?? '8080';
const file =
  process.argv[2] ?? path.join('backups', `pgdata-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
const res = await fetch(`http://127.0.0.1:${port}/backup`).catch((err: unknown) => {
  console.error(`No server answers on port ${port} (${String(err)}): start it, or set PORT.`);
  process.exit(1);
});
if (!res.ok) {
  const body = (await res.json().catch(() => null)) as { msg?: string } | null;
  console.error(`The server refused the backup (HTTP ${res.status}): ${body?.msg ?? res.statusText}`);
  process.exit(1);
}
const bytes = Buffer.from(await res.arrayBuffer());
fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
fs.writeFileSync(file, bytes);
console.log(`Backup written: ${file} (${(bytes.length / 1024 / 1024).toFixed(1)} MB)`);
