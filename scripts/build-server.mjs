// Compiles the server (and the shared code it imports) to dist/ and copies the SQL migrations beside it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

fs.rmSync('dist/server', { recursive: true, force: true });
fs.rmSync('dist/shared', { recursive: true, force: true });
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json'], {
  stdio: 'inherit',
});
fs.cpSync('src/server/db/migrations', 'dist/server/db/migrations', { recursive: true });
console.log('server built to dist/server');
