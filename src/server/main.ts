import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp, loggerOptions } from './app.ts';
import { ConfigError, loadConfig, type Config } from './lib/config.ts';
import { withDemoSecretKey } from './lib/demo-secret-key.ts';
import { useEgressAllow } from './lib/egress.ts';
import { startDemoMailSandbox } from './demo-mail-sandbox.ts';
import { useSecretKeys } from './lib/secret-box.ts';
import { openDatabase } from './db/client.ts';
import { SERVER_MODULES } from './modules.ts';
import { seedDatabase, seedDemoHistory } from './seed/index.ts';
import { DEMO_PASSWORD } from './seed/demo.ts';
import { startDemoPaySandbox } from './demo-pay-sandbox.ts';

// `npm start` passes --demo-secret-key: a demo without APP_SECRET_KEY gets a key file of its own
const demoKey = withDemoSecretKey(process.env, { create: process.argv.includes('--demo-secret-key') });

function readConfig(): Config {
  try {
    return loadConfig(demoKey.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
if (demoKey.note) console.log(demoKey.note);
// the seed seals secrets (OTA channels, payment settings) with the configured key
useSecretKeys(config.secretKeys);
// the demo's payment provider: the local sandbox, before the seed takes its keys
const { sandbox: paySandbox, note: sandboxNote } = await startDemoPaySandbox(config);
if (sandboxNote) console.log(sandboxNote);
// the demo's mail server for the invoices' e-mail, when no SMTP_URL is given
const mailSandbox = await startDemoMailSandbox(config);
// each module takes what it needs of the configuration before the seed (e.g. the OTA secrets' key)
for (const module of SERVER_MODULES) module.configure?.(config);
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pgdata'),
});
await database.migrate();
const seed = await seedDatabase(database.db, { mode: config.seed, adminPassword: config.adminPassword });
if (seed.seeded && config.seed === 'demo' && config.demoOrders > 0) {
  // a year of order history for the demo area and what follows from it, outside the first seed's transaction
  await seedDemoHistory(database.db, { scenicId: seed.demoScenicId ?? 1, orders: config.demoOrders });
}
// what each module does once at start, after the seed (the demo's payments connect to the sandbox
// and reconcile its first days: calls out, so the egress allow-list is in force first)
useEgressAllow(config.egressAllow);
for (const module of SERVER_MODULES) await module.start?.(database.db, config);
const app = await buildApp(config, database, { logger: loggerOptions(config) });

// Clean shutdown: stop taking requests, then close the database so PGlite is never left half-written.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await paySandbox?.close();
  await mailSandbox?.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const url = `${config.tls ? 'https' : 'http'}://${shownHost}:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.port}`;
// without PUBLIC_URL the notify URLs name the address actually listened on (PORT=0 picks a free one)
if (!process.env.PUBLIC_URL) config.publicUrl = url;
const lines = [
  '',
  `  Scenic back office is running at ${url}/`,
  `  API documentation: ${url}/docs`,
  `  Database: ${database.kind === 'pglite' ? `embedded (${path.join(config.dataDir, 'pgdata')})` : 'PostgreSQL'}`,
];
if (seed.seeded) {
  lines.push(
    seed.generatedAdminPassword
      ? `  Log in as admin with the generated password ${seed.generatedAdminPassword} (shown only this once)`
      : '  Log in as admin with the password from ADMIN_PASSWORD',
  );
  if (config.seed === 'demo') {
    lines.push(`  Demo accounts staff, shop, agent and yunling use the password ${DEMO_PASSWORD}`);
  }
} else {
  lines.push('  Log in with an existing account (the database was already set up)');
}
if (paySandbox) {
  lines.push(
    `  Payment sandbox (WeChat Pay, Alipay): ${paySandbox.url}/ (its pay page pays a prepay's QR code or link)`,
  );
}
console.log(`${lines.join('\n')}\n`);
