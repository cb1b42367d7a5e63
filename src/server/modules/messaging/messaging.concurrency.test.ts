import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import { queueMessage } from './message-kinds.ts';
import { runOutbox, type OutboxPass } from './messaging-outbox.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)('the outbox with several workers (PostgreSQL)', () => {
  let t: TestApp | undefined;
  let wide: Database | undefined;
  let db: Db;
  let scenicId: number;

  beforeAll(async () => {
    ({ t, wide, db } = await openWideApp(8));
    scenicId = Number(
      (
        await queryRows<{ s: number }>(db, sql`select scenic_id as s from admins where username = 'admin'`)
      )[0]!.s,
    );
  });
  afterAll(() => closeWideApp(wide, t));

  it('60 messages, four workers at once: each message claimed and sent exactly once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 60; i++)
      ids.push(
        (await db.transaction((tx) =>
          queueMessage(tx, {
            scenicId,
            template: 2,
            phone: `1390000${String(i).padStart(4, '0')}`,
            variables: { orderNo: `T-RACE-${i}` },
            eventKey: `race:${i}`,
          }),
        ))!,
      );
    // the same event queued again by two transactions at once: one message
    await Promise.all(
      [0, 1].map(() =>
        db.transaction((tx) =>
          queueMessage(tx, {
            scenicId,
            template: 2,
            phone: '13900001111',
            variables: {},
            eventKey: 'race:twice',
          }),
        ),
      ),
    );
    const passes: OutboxPass[] = [];
    const worker = async () => {
      for (let pass = await runOutbox(db); pass.sent + pass.retry + pass.failed + pass.lost > 0;) {
        passes.push(pass);
        pass = await runOutbox(db);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    const rows = await queryRows<{ status: number; attempts: number }>(
      db,
      sql`select status, attempts from outbox_messages where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(rows.every((r) => Number(r.status) === 2 && Number(r.attempts) === 1)).toBe(true);
    expect(passes.reduce((n, p) => n + p.lost, 0)).toBe(0);
    const [twice] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from outbox_messages where event_key = 'race:twice'`,
    );
    expect(twice!.n).toBe(1);
  });
});
