import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthApi } from '../../../shared/api/health.ts';
import { openDatabase } from '../../db/client.ts';
import { restoreDataDir } from '../../db/restore.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Db } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const orders = async (db: Db) =>
  rowsOf<{ n: number; last: string }>(
    await db.execute(sql`select count(*)::int as n, max(order_no) as last from ticket_orders`),
  )[0]!;

describe('GET /backup', () => {
  it('is refused to another machine', async () => {
    const res = await t.app.inject({ url: healthApi.backup, remoteAddress: '10.1.2.3' });
    expect(res.statusCode).toBe(403);
  });

  it('copies the running embedded database; a restore finds every order', async () => {
    const res = await t.app.inject({ url: healthApi.backup, remoteAddress: '127.0.0.1' });
    if (t.app.ctx.database.kind === 'postgres') {
      // pg_dump is the tool there
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toContain('pg_dump');
      return;
    }
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    const before = await orders(t.app.ctx.db);
    expect(before.n).toBeGreaterThan(0);
    // the server goes on while the copy is restored elsewhere
    expect((await t.app.inject({ url: healthApi.readyz })).statusCode).toBe(200);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scenic-restore-'));
    const pgdata = path.join(dir, 'pgdata');
    fs.mkdirSync(pgdata);
    fs.writeFileSync(path.join(pgdata, 'marker'), 'the data before');
    const aside = await restoreDataDir(pgdata, res.rawPayload);
    // the directory that was there is kept aside, never deleted
    expect(fs.readFileSync(path.join(aside!, 'marker'), 'utf8')).toBe('the data before');
    const restored = await openDatabase({ dataDir: pgdata });
    try {
      expect(await orders(restored.db)).toEqual(before);
    } finally {
      await restored.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
