// `npm run check:ledgers`: proves on the configured database (DATA_DIR or DATABASE_URL, like
// `npm start`) that every member balance equals the sum of its ledger (docs/decisions.md "Stored
// value"). Prints the members that differ and exits 1 when any does; the members test runs the same
// check on the demo data.
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { ledgerMismatches } from '../src/server/modules/members/index.ts';

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pgdata'),
});
try {
  await database.migrate();
  const mismatches = await ledgerMismatches(database.db);
  if (mismatches.length) {
    console.error(`${mismatches.length} member balance(s) differ from their ledger:`);
    for (const m of mismatches.slice(0, 50))
      console.error(`  member ${m.memberId}: balance ${m.balance}, ledger ${m.ledger}`);
    process.exitCode = 1;
  } else {
    console.log('every member balance equals the sum of its ledger');
  }
} finally {
  await database.close();
}
