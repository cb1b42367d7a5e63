// Global setup of the unit project: a directory for the run's seeded template database
// (template.ts), removed with the PostgreSQL template, if one was built, when the run ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TEMPLATE_DIR_ENV, postgresTemplateName } from './template.ts';

export default function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scenic-template-'));
  // the test processes are started after this and inherit it
  process.env[TEMPLATE_DIR_ENV] = dir;
  return async () => {
    const template = postgresTemplateName(dir);
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (template && baseUrl) {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${template} with (force)`);
      await client.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
