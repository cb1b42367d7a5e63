// Runs the server test suite against PostgreSQL (each test file gets its own fresh database), with
// the test processes in another zone than `npm test` (UTC), so CI runs the suite in two zones
// (TEST_TZ overrides it; vitest.config.ts).
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const zone = process.env.TEST_TZ || 'America/Los_Angeles';
console.log(`server suite on PostgreSQL: ${url.replace(/\/\/[^@]*@/, '//***@')}, processes in ${zone}`);
const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', 'src/server', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url, TEST_TZ: zone },
  },
);
process.exit(result.status ?? 1);
