// Prints the server's OpenAPI document with sorted keys (to compare two versions of the API).
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/lib/config.ts';
import { openDatabase } from '../src/server/db/client.ts';

const sortKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortKeys)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
        )
      : value;

const database = await openDatabase({});
await database.migrate();
const app = await buildApp(
  loadConfig({
    APP_SECRET_KEY: 'openapi-dump-needs-a-key-but-seals-nothing-0123',
    ...process.env,
    JOBS: 'false',
    DATA_DIR: '/tmp/oa-data',
  }),
  database,
);
const res = await app.inject({ url: '/docs/json' });
process.stdout.write(JSON.stringify(sortKeys(JSON.parse(res.body)), null, 1));
await app.close();
await database.close();
