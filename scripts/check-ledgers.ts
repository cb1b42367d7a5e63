// `npm run check:ledgers`: proves on the configured database (DATA_DIR or DATABASE_URL, like
// `npm start`) that every member balance equals the sum of its ledger, and every distributor's
// balance, credit used and held money the sum of its ledger rows of that account (docs/decisions.md
// "Stored value", "Distributor balance and credit"). Prints what differs and exits 1 when anything
// does; the members and distribution tests run the same checks on the demo data.
import path from 'node:path';
import { loadConfig } from '../src/server/lib/config.ts';
import { withDemoSecretKey } from '../src/server/lib/demo-secret-key.ts';
import { useSecretKeys } from '../src/server/lib/secret-box.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { distributorLedgerMismatches } from '../src/server/modules/distribution/index.ts';
import { ledgerMismatches } from '../src/server/modules/members/index.ts';

// the demo's key file (DATA_DIR/secret-key) when APP_SECRET_KEY is unset
const config = loadConfig(withDemoSecretKey(process.env, { create: false }).env);
useSecretKeys(config.secretKeys);
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
  const distributors = await distributorLedgerMismatches(database.db);
  if (distributors.length) {
    console.error(`${distributors.length} distributor account(s) differ from their ledger:`);
    for (const d of distributors.slice(0, 50))
      console.error(`  distributor ${d.distributorId} ${d.account}: ${d.value}, ledger ${d.ledger}`);
    process.exitCode = 1;
  } else {
    console.log('every distributor balance, credit used and held amount equals the sum of its ledger');
  }
} finally {
  await database.close();
}
