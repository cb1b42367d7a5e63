import { defineConfig } from 'drizzle-kit';

// Every module's tables, found by file name: a new module's `<module>.table.ts` needs no entry here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/modules/*/*.table.ts',
  out: './src/server/db/migrations',
});
