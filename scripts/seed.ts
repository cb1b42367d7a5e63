// `npm run seed -- --orders N [--scenic ID]`: sets up the configured database (DATA_DIR or
// DATABASE_URL, like `npm start`) if it is new, then adds N orders of history to a scenic area and
// what follows from them (the modules' seedDemoHistory: order-admin/demo-history/demo-orders.ts,
// settlement batches). A million orders work; progress is printed per batch.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/lib/config.ts';
import { withDemoSecretKey } from '../src/server/lib/demo-secret-key.ts';
import { useSecretKeys } from '../src/server/lib/secret-box.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/rows.ts';
import { SERVER_MODULES } from '../src/server/modules.ts';
import { seedDatabase, seedDemoHistory } from '../src/server/seed/index.ts';

const { values } = parseArgs({
  options: { orders: { type: 'string', default: '0' }, scenic: { type: 'string' } },
});
const orders = Number(values.orders);
if (!Number.isInteger(orders) || orders < 0 || orders > 10_000_000) {
  console.error('--orders must be a whole number between 0 and 10000000');
  process.exit(1);
}
// the demo's key file (DATA_DIR/secret-key) when APP_SECRET_KEY is unset
const config = loadConfig(withDemoSecretKey(process.env, { create: false }).env);
useSecretKeys(config.secretKeys);
for (const module of SERVER_MODULES) module.configure?.(config);
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pgdata'),
});
try {
  await database.migrate();
  const seed = await seedDatabase(database.db, { mode: config.seed, adminPassword: config.adminPassword });
  if (seed.generatedAdminPassword) console.log(`admin password (shown once): ${seed.generatedAdminPassword}`);
  const scenicId = values.scenic ? Number(values.scenic) : (seed.demoScenicId ?? 1);
  const started = Date.now();
  const tickets = async () =>
    Number(
      rowsOf<{ n: number }>(
        await database.db.execute(
          sql`select count(*)::int as n from order_tickets where scenic_id = ${scenicId}`,
        ),
      )[0]?.n ?? 0,
    );
  const before = await tickets();
  await seedDemoHistory(database.db, {
    scenicId,
    orders,
    onProgress: (done, total) =>
      process.stdout.write(`\r${done.toLocaleString('en')} / ${total.toLocaleString('en')} orders`),
  });
  console.log(
    `\n${orders.toLocaleString('en')} orders and ${((await tickets()) - before).toLocaleString('en')} tickets added to scenic area ${scenicId} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await database.close();
}
