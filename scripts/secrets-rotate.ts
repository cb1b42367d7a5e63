// `npm run secrets:rotate`: re-seals every secret kept in the configured database (DATA_DIR or
// DATABASE_URL, like `npm start`) under APP_SECRET_KEY: what APP_SECRET_KEY_PREVIOUS sealed, and
// the OTA secrets of before the keyring. Which columns are sealed is declared by the modules that
// own them (lib/secret-box.ts `sealedColumns`). docs/operations.md "Secrets at rest".
import path from 'node:path';
import { loadConfig } from '../src/server/lib/config.ts';
import { withDemoSecretKey } from '../src/server/lib/demo-secret-key.ts';
import { useSecretKeys } from '../src/server/lib/secret-box.ts';
import { rotateSecrets } from '../src/server/lib/secret-rotation.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { SERVER_MODULES } from '../src/server/modules.ts';

const config = loadConfig(withDemoSecretKey(process.env, { create: false }).env);
for (const module of SERVER_MODULES) module.configure?.(config);
useSecretKeys(config.secretKeys);
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pgdata'),
});
let unreadable = 0;
try {
  for (const r of await rotateSecrets(database.db)) {
    unreadable += r.unreadable;
    console.log(
      `${r.name}: ${r.resealed} re-sealed, ${r.current} already under the current key` +
        (r.unreadable ? `, ${r.unreadable} no key opens (re-enter them on their screen)` : ''),
    );
  }
} finally {
  await database.close();
}
if (unreadable) process.exitCode = 1;
