import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start` (a person trying the demo) needs no key of their own: when APP_SECRET_KEY is unset
 * and NODE_ENV is not production, the key is kept in `DATA_DIR/secret-key`, made once by the start
 * (`create`, main.ts `--demo-secret-key`) and read by later starts and the scripts. Production sets
 * APP_SECRET_KEY and never gets here. docs/decisions.md "Secrets keyring".
 */
export function withDemoSecretKey(
  env: NodeJS.ProcessEnv,
  options: { create: boolean },
): { env: NodeJS.ProcessEnv; note: string | null } {
  if (env.APP_SECRET_KEY || env.NODE_ENV === 'production') return { env, note: null };
  const file = path.resolve(env.DATA_DIR || './data', 'secret-key');
  if (fs.existsSync(file))
    return { env: { ...env, APP_SECRET_KEY: fs.readFileSync(file, 'utf8').trim() }, note: null };
  if (!options.create) return { env, note: null };
  const key = crypto.randomBytes(48).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return {
    env: { ...env, APP_SECRET_KEY: key },
    note: `  Made a secret key for this demo in ${file} (kept for later starts); in production set APP_SECRET_KEY instead (docs/operations.md)`,
  };
}
