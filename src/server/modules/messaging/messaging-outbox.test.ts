import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsApi, type SmsLogRow } from '../../../shared/api/messaging.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { useEgressAllow } from '../../lib/egress.ts';
import { seal } from '../../lib/secret-box.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { queueMessage } from './message-kinds.ts';
import { BACKOFF_MS, MAX_ATTEMPTS, runOutbox } from './messaging-outbox.ts';
import { outboxMessages, smsPlatforms, smsUses } from './messaging.table.ts';

let t: TestApp;
let db: Db;
let scenicId: number;
let deadPort: number;
let admin: string;

/** A port nothing listens on: every call to it is refused (an unreachable platform). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  scenicId = Number(
    (await queryRows<{ s: number }>(db, sql`select scenic_id as s from admins where username = 'admin'`))[0]!
      .s,
  );
  admin = (await t.login('admin')).access_token;
  deadPort = await closedPort();
  useEgressAllow([`127.0.0.1:${deadPort}`]);
  // the demo's earlier messages sent (or, with no sandbox to reach, retried to the end) first, so each
  // test sees only its own
  let clock = Date.now();
  const later = () => new Date((clock += 3_600_000));
  for (let pass = await runOutbox(db, later); pass.sent + pass.failed + pass.retry > 0;)
    pass = await runOutbox(db, later);
});
afterAll(async () => {
  useEgressAllow([]);
  await t.close();
});

describe('the outbox worker', () => {
  it('retries a platform that does not answer with backoff, then ends the message as failed with its reason; resend once', async () => {
    // use 6 (the mini-program) goes through Alibaba Cloud, which is unreachable
    await db
      .insert(smsPlatforms)
      .values({
        scenicId,
        platform: 0,
        enabled: true,
        accessKeyId: 'LTAI5tDead',
        secretSealed: seal('dead-secret'),
        endpoint: `http://127.0.0.1:${deadPort}`,
      })
      .onConflictDoUpdate({
        target: [smsPlatforms.scenicId, smsPlatforms.platform],
        set: {
          enabled: true,
          accessKeyId: 'LTAI5tDead',
          secretSealed: seal('dead-secret'),
          endpoint: `http://127.0.0.1:${deadPort}`,
        },
      });
    await db
      .insert(smsUses)
      .values({ scenicId, use: 6, platform: 0 })
      .onConflictDoUpdate({ target: [smsUses.scenicId, smsUses.use], set: { platform: 0 } });
    const id = await db.transaction((tx) =>
      queueMessage(tx, {
        scenicId,
        template: 2,
        phone: '13800009999',
        variables: { orderNo: 'T-RETRY' },
        eventKey: 'test:retry',
        ref: 'T-RETRY',
        use: 6,
      }),
    );
    let now = new Date();
    const row = async () => (await db.select().from(outboxMessages).where(eq(outboxMessages.id, id!)))[0]!;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await runOutbox(db, () => now)).toMatchObject({ retry: 1, sent: 0 });
      const waiting = await row();
      expect(waiting).toMatchObject({ status: 0, attempts: attempt, result: 'EGRESS', platform: 0 });
      expect(waiting.nextAttemptAt.getTime() - now.getTime()).toBe(BACKOFF_MS[attempt - 1]);
      // not due yet: nothing happens
      expect(await runOutbox(db, () => now)).toMatchObject({ retry: 0, sent: 0, failed: 0 });
      now = new Date(waiting.nextAttemptAt.getTime() + 1);
    }
    expect(await runOutbox(db, () => now)).toMatchObject({ failed: 1 });
    const failed = await row();
    expect(failed).toMatchObject({ status: 3, attempts: MAX_ATTEMPTS, result: 'EGRESS' });
    expect(failed.resultMessage).toContain('connection');

    const resend = await t.call(admin, 'POST', smsApi.resend, { id });
    expect(resend.statusCode, resend.body).toBe(200);
    const copy = resend.json<{ data: SmsLogRow }>().data;
    expect(copy).toMatchObject({ status: 0, resendOf: id, phone: '138****9999' });
    expect((await t.call(admin, 'POST', smsApi.resend, { id })).statusCode).toBe(409);
    expect((await t.call(admin, 'POST', smsApi.resend, { id: copy.id })).statusCode).toBe(409);
    expect((await t.call(admin, 'POST', smsApi.resend, {})).statusCode).toBe(400);
    expect((await t.call(admin, 'POST', smsApi.resend, { id: 987654321 })).statusCode).toBe(404);
  });

  it('a message whose area has no enabled platform fails at once with CONFIG', async () => {
    const [area2] = await queryRows<{ id: number }>(
      db,
      sql`select id from scenic_areas where id <> ${scenicId} order by id limit 1`,
    );
    const other = Number(area2!.id);
    await db.execute(
      sql`insert into sms_templates (scenic_id, template, content) values (${other}, 2, '订单\${orderNo}') on conflict do nothing`,
    );
    const id = await db.transaction((tx) =>
      queueMessage(tx, {
        scenicId: other,
        template: 2,
        phone: '13800008888',
        variables: { orderNo: 'X' },
        eventKey: 'test:config',
      }),
    );
    await runOutbox(db);
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id!));
    expect(row).toMatchObject({ status: 3, result: 'CONFIG', attempts: 1 });
    // another area's staff cannot resend it
    expect((await t.call(admin, 'POST', smsApi.resend, { id })).statusCode).toBe(404);
  });
});
