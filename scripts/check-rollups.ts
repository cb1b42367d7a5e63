// `npm run check:rollups`: proves on the configured database (DATA_DIR or DATABASE_URL, like
// `npm start`) that the sales rollups (sales_daily, sales_hourly: docs/statistics.md "Sales") equal
// what the orders and their tickets give. Prints each key that differs and exits 1 when any does.
import path from 'node:path';
import { loadConfig } from '../src/server/lib/config.ts';
import { withDemoSecretKey } from '../src/server/lib/demo-secret-key.ts';
import { useSecretKeys } from '../src/server/lib/secret-box.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { salesRollupMismatches } from '../src/server/modules/statistics/sales-rollup.ts';
import { gateOriginMismatches } from '../src/server/modules/statistics/gate-origin-rollups.ts';
import { moneyDetailMismatches } from '../src/server/modules/statistics/money-detail-rollups.ts';

const config = loadConfig(withDemoSecretKey(process.env, { create: false }).env);
useSecretKeys(config.secretKeys);
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pgdata'),
});
try {
  await database.migrate();
  const mismatches = await salesRollupMismatches(database.db);
  if (mismatches.length) {
    console.error(`${mismatches.length} key(s) of the sales rollups differ from the orders:`);
    for (const m of mismatches)
      console.error(
        `  ${m.table} ${JSON.stringify(m.key)}: rollup ${JSON.stringify(m.rollup)}, facts ${JSON.stringify(m.facts)}`,
      );
    process.exitCode = 1;
  } else {
    console.log('the sales rollups equal the orders and their tickets');
  }
  // gate_traffic_hourly and origin_daily (docs/statistics.md "Gates, origins and distributors")
  const gateOrigin = await gateOriginMismatches(database.db);
  for (const m of gateOrigin)
    console.error(`  ${m.table} area ${m.scenicId}: ${JSON.stringify(m.row)} (facts less rollup)`);
  if (gateOrigin.length) process.exitCode = 1;
  else console.log('the gate and origin rollups equal the gate log and the tickets');
  // ticket_totals_daily and money_totals_daily (docs/statistics.md "Details, money and top-ups")
  const moneyDetail = await moneyDetailMismatches(database.db);
  for (const m of moneyDetail)
    console.error(`  ${m.table} area ${m.scenicId}: ${JSON.stringify(m.row)} (facts less rollup)`);
  if (moneyDetail.length) process.exitCode = 1;
  else console.log('the ticket and money rollups equal the tickets, payments and refunds');
} finally {
  await database.close();
}
