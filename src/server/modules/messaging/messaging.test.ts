import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  smsApi,
  type SmsLogRow,
  type SmsPlatformSetting,
  type SmsSettings,
  type SmsTemplateSetting,
} from '../../../shared/api/messaging.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { auditLogs } from '../audit/audit.table.ts';
import { queueMessage } from './message-kinds.ts';
import { runOutbox } from './messaging-outbox.ts';
import { outboxMessages } from './messaging.table.ts';

const SECRET = 'aliyun-Secret-Never-Shown-0123456789';

let t: TestApp;
let db: Db;
let scenicId: number;
const tok: Record<string, string> = {};
const answers: string[] = [];

async function call(who: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await t.call(tok[who]!, method, url, body as Record<string, unknown> | undefined);
  answers.push(res.body);
  return res;
}
/** Runs the worker until nothing is due (the demo seed's own messages included). */
async function drain() {
  for (let pass = await runOutbox(db); pass.sent + pass.retry + pass.failed + pass.lost > 0;)
    pass = await runOutbox(db);
}
const data = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  scenicId = Number(
    (await queryRows<{ s: number }>(db, sql`select scenic_id as s from admins where username = 'staff'`))[0]!
      .s,
  );
  await t.grant('staff', ['admin:sms:query']);
  await t.grant('yunling', ['admin:sms:query']);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
});
afterAll(async () => {
  // a secret never appears in an answer (settings, saves, the log, the export)
  expect(answers.join('\n')).not.toContain(SECRET);
  await t.close();
});

describe('SMS settings (/sys/smsconfig)', () => {
  it("reads every platform (secrets as set), the ten templates with their modules' variables and the uses", async () => {
    const s = data<SmsSettings>(await call('admin', 'GET', smsApi.settings));
    expect(s.platforms.map((p) => [p.platform, p.available])).toEqual([
      [0, true],
      [1, true],
      [2, false],
      [9, true],
    ]);
    expect(s.platforms.find((p) => p.platform === 9)).toMatchObject({ enabled: true });
    expect(s.platforms.find((p) => p.platform === 0)).toMatchObject({ enabled: false, secretSet: true });
    expect(s.templates.map((x) => x.template)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const paid = s.templates.find((x) => x.template === 2)!;
    expect(paid.declared).toBe(true);
    expect(paid.variables.map((v) => v.name)).toEqual(expect.arrayContaining(['orderNo', 'amount']));
    expect(s.templates.find((x) => x.template === 5)!.declared).toBe(true);
    expect(s.uses).toHaveLength(9);
  });

  it('saves a platform: the secret sealed, answered as set, never in the audit row; clear removes it', async () => {
    const res = await call('admin', 'POST', smsApi.platform, {
      platform: 0,
      enabled: false,
      accessKeyId: 'LTAI5tTestKey',
      secret: SECRET,
      region: 'cn-hangzhou',
      signName: '云岭景区',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<SmsPlatformSetting>(res)).toMatchObject({ accessKeyId: 'LTAI5tTestKey', secretSet: true });
    const [stored] = await queryRows<{ secret_sealed: string }>(
      db,
      sql`select secret_sealed from sms_platforms where scenic_id = ${scenicId} and platform = 0`,
    );
    expect(stored!.secret_sealed).not.toContain(SECRET);
    const audits = await db.select().from(auditLogs).where(eq(auditLogs.action, 'sms.platform'));
    expect(JSON.stringify(audits)).not.toContain(SECRET);
    expect(JSON.stringify(audits)).toContain('secret');
    const cleared = await call('admin', 'POST', smsApi.platform, {
      platform: 0,
      enabled: false,
      accessKeyId: 'LTAI5tTestKey',
      clearSecret: true,
    });
    expect(data<SmsPlatformSetting>(cleared).secretSet).toBe(false);
  });

  it('refuses to enable a platform without what it needs, naming the field, and changes nothing', async () => {
    const noSecret = await call('admin', 'POST', smsApi.platform, {
      platform: 0,
      enabled: true,
      accessKeyId: 'LTAI5tTestKey',
    });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.body).toContain('secret');
    const tencent = await call('admin', 'POST', smsApi.platform, {
      platform: 1,
      enabled: true,
      accessKeyId: 'AKIDtest',
      secret: 'x',
    });
    expect(tencent.statusCode).toBe(400);
    expect(tencent.body).toContain('sdkAppId');
    const huawei = await call('admin', 'POST', smsApi.platform, { platform: 2, enabled: true });
    expect(huawei.statusCode).toBe(400);
    expect((await call('admin', 'POST', smsApi.platform, { platform: 5, enabled: true })).statusCode).toBe(
      400,
    );
    const s = data<SmsSettings>(await call('admin', 'GET', smsApi.settings));
    expect(s.platforms.filter((p) => p.enabled).map((p) => p.platform)).toEqual([9]);
  });

  it('saves a template whose variables its module fills in; an unknown one is a 400 naming it', async () => {
    const bad = await call('admin', 'POST', smsApi.template, {
      template: 2,
      enabled: true,
      content: '订单${orderNo}，座位${seat}',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('content');
    expect(bad.body).toContain('seat');
    const ok = await call('admin', 'POST', smsApi.template, {
      template: 2,
      enabled: true,
      templateCode: 'SMS_1',
      content: '【${area}】订单${orderNo}已付${amount}元，游玩日期${date}。',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(data<SmsTemplateSetting>(ok).content).toContain('游玩日期${date}');
    const empty = await call('admin', 'POST', smsApi.template, { template: 2, enabled: true, content: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(
      (await call('admin', 'POST', smsApi.template, { template: 11, enabled: true, content: 'x' }))
        .statusCode,
    ).toBe(400);
  });

  it('replaces the use table; a repeated use is a 400', async () => {
    const dup = await call('admin', 'POST', smsApi.uses, {
      uses: [
        { use: 2, platform: 9 },
        { use: 2, platform: 0 },
      ],
    });
    expect(dup.statusCode).toBe(400);
    const ok = await call('admin', 'POST', smsApi.uses, {
      uses: [
        { use: 2, platform: 9 },
        { use: 6, platform: 9 },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(data<unknown[]>(ok)).toHaveLength(2);
  });

  it('403 without the permission; another area sees and changes only its own', async () => {
    expect((await call('staff', 'GET', smsApi.settings)).statusCode).toBe(200);
    expect(
      (await call('staff', 'POST', smsApi.template, { template: 2, enabled: false, content: 'x' }))
        .statusCode,
    ).toBe(403);
    const other = data<SmsSettings>(await call('yunling', 'GET', smsApi.settings));
    expect(other.platforms.every((p) => !p.enabled)).toBe(true);
    expect(other.templates.every((x) => !x.enabled)).toBe(true);
  });
});

describe('the outbox and the send log (/sys/smsDetailPage)', () => {
  const queue = (phone: string, ref: string, template: 1 | 2 = 2) =>
    db.transaction((tx) =>
      queueMessage(tx, {
        scenicId,
        template,
        phone,
        variables: {
          area: '云岭',
          orderNo: ref,
          amount: '10.00',
          date: '2026-12-01',
          code: '1234',
          minutes: '5',
        },
        eventKey: `test:${ref}:${template}`,
        ref,
      }),
    );

  it('queues once per event; the worker sends through the log platform once, the text filled in', async () => {
    const id = await queue('13712345678', 'T-LOG-1');
    expect(id).not.toBeNull();
    expect(await queue('13712345678', 'T-LOG-1')).toBeNull();
    expect(await queue('12345', 'T-LOG-BAD')).toBeNull();
    await drain();
    const [sent] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id!));
    expect(sent).toMatchObject({ status: 2, result: '0', platform: 9, attempts: 1 });
    expect(sent!.text).toContain('T-LOG-1');
    expect(sent!.text).not.toContain('${');

    const page = await call('admin', 'POST', smsApi.page, { ref: 'T-LOG-1' });
    expect(page.statusCode, page.body).toBe(200);
    const rows = data<{ rows: SmsLogRow[] }>(page).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: '137****5678', template: 2, status: 2, result: '0' });
    expect(page.body).not.toContain('13712345678');
    const file = await t.call(tok.admin!, 'POST', smsApi.export, { ref: 'T-LOG-1' });
    expect(file.statusCode).toBe(200);
    const text = await xlsxText(file.rawPayload);
    expect(text).toContain('137****5678');
    expect(text).not.toContain('13712345678');
  });

  it('a template turned off queues nothing', async () => {
    await call('admin', 'POST', smsApi.template, { template: 1, enabled: false, content: '验证码${code}' });
    expect(await queue('13712340001', 'T-OFF', 1)).toBeNull();
    await call('admin', 'POST', smsApi.template, { template: 1, enabled: true, content: '验证码${code}' });
  });

  it('filters by template, status and time; bad filters are a 400; another area sees none of it', async () => {
    await queue('13712340002', 'T-FILTER', 1);
    const byTemplate = data<{ rows: SmsLogRow[] }>(await call('admin', 'POST', smsApi.page, { template: 1 }));
    expect(byTemplate.rows.length).toBeGreaterThan(0);
    expect(byTemplate.rows.every((r) => r.template === 1)).toBe(true);
    const queued = data<{ rows: SmsLogRow[] }>(
      await call('admin', 'POST', smsApi.page, { status: 0, ref: 'T-FILTER' }),
    );
    // a verification code is never shown in the log
    expect(queued.rows.map((r) => [r.text, r.variables.code])).toEqual([['验证码******', '******']]);
    const future = data<{ total: number }>(
      await call('admin', 'POST', smsApi.page, { createTimeFrom: '2099-01-01T00:00:00.000Z' }),
    );
    expect(future.total).toBe(0);
    expect((await call('admin', 'POST', smsApi.page, { template: 99 })).statusCode).toBe(400);
    expect((await call('admin', 'POST', smsApi.page, { status: 'x' })).statusCode).toBe(400);
    expect((await call('yunling', 'POST', smsApi.page, {})).statusCode).toBe(200);
    const other = data<{ rows: SmsLogRow[] }>(
      await call('yunling', 'POST', smsApi.page, { ref: 'T-FILTER' }),
    );
    expect(other.rows).toEqual([]);
  });
});
