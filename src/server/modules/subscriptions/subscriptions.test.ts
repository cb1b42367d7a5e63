import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsApi, type SmsLogRow } from '../../../shared/api/messaging.ts';
import { memberApi } from '../../../shared/api/member-api.ts';
import { openOrderApi } from '../../../shared/api/selling.ts';
import {
  memberSubscribeApi,
  subscribeApi,
  type MpAppSetting,
  type SubscribeLogRow,
  type SubscribeSettings,
  type SubscribeTemplate,
} from '../../../shared/api/subscriptions.ts';
import { sandboxOpenid, startPaySandbox, type PaySandbox } from '../../../pay-sandbox/sandbox.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { useEgressAllow } from '../../lib/egress.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { expect400 } from '../../test/replies.ts';
import { createOrderFixtures, type OrderFixtures } from '../orders/orders.fixture.ts';
import { runOutbox } from '../messaging/messaging-outbox.ts';
import { accessToken } from './wechat-mp.client.ts';

const APP_ID = 'wx0123456789abcdef';
const SECRET = '0123456789abcdef0123456789abcdef';
const ONE_TIME = 'OneTimeTemplate_0123456789abcdefABCDEF012';
const LONG_TERM = 'LongTermTemplate_0123456789abcdefABCDEF01';

let t: TestApp;
let db: Db;
let f: OrderFixtures;
let sandbox: PaySandbox;
let mini: string;
let key = 0;
let phoneSeq = 0;
const tok: Record<string, string> = {};
const answers: string[] = [];

async function call(who: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await t.call(tok[who]!, method, url, body as Record<string, unknown> | undefined);
  answers.push(res.body);
  return res;
}
const data = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;
/** The mini-program's call in the fixture area (YLGZ, yunling's), as a member when given a token. */
const asMini = (method: 'GET' | 'POST', url: string, body?: unknown, member?: string) =>
  t.call(mini, method, url, body, {
    'x-scenic-id': String(f.scenicId),
    ...(member ? { 'x-member-token': member } : {}),
  });
async function signIn() {
  const phone = `137${String(10_000_000 + ++phoneSeq * 7919).slice(-8)}`;
  const res = await asMini('POST', memberApi.login, { phone, nickname: '游客' });
  expect(res.statusCode, res.body).toBe(200);
  return { phone, ...res.json<{ data: { token: string; member: { id: number } } }>().data };
}
/** Two regular tickets for the member, paid in cash with the order. */
async function buy(member: string) {
  const res = await t.call(
    mini,
    'POST',
    openOrderApi.create,
    {
      buyer: { name: '游客', phone: '13900000000' },
      lines: [{ productId: f.regular, date: f.date, quantity: 2 }],
      payNow: { payWay: 1 },
    },
    { 'x-scenic-id': String(f.scenicId), 'x-member-token': member, 'idempotency-key': `s-${++key}` },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { orderNo: string } }>().data.orderNo;
}
const queued = (orderNo: string) =>
  queryRows<{ subscription_id: number; recipient: string; status: number; result: string }>(
    db,
    sql`select subscription_id, recipient, status, result from outbox_messages
        where channel = 2 and ref = ${orderNo} order by subscription_id`,
  );
async function drain() {
  for (let pass = await runOutbox(db); pass.sent + pass.retry + pass.failed + pass.lost > 0;)
    pass = await runOutbox(db);
}
const template = (wxTemplateId: string, type: 2 | 3, more: Record<string, unknown> = {}) => ({
  type,
  use: 1,
  title: type === 2 ? '购票成功通知' : '入园提醒',
  wxTemplateId,
  fields: [
    { key: 'thing1', variable: 'product' },
    { key: 'character_string2', variable: 'orderNo' },
    { key: 'amount3', variable: 'amount' },
    { key: 'time4', variable: 'time' },
  ],
  page: 'pages/order/detail',
  enabled: true,
  ...more,
});

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  f = await createOrderFixtures(db);
  await db.execute(sql`update ticket_products set channels = '{1,4,16}' where id = ${f.regular}`);
  sandbox = await startPaySandbox({ port: 0 });
  useEgressAllow([new URL(sandbox.url).host]);
  mini = await t.clientToken('weixinManagement');
  await t.grant('staff', ['admin:subscribe:query']);
  await t.grant('yunling', ['admin:subscribe:query', 'admin:subscribe:update', 'admin:sms:query']);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
});
afterAll(async () => {
  // the secret is never answered (settings, saves, the log, the export)
  expect(answers.join('\n')).not.toContain(SECRET);
  await sandbox.close();
  await t.close();
});

describe('/sys/subscribe settings', () => {
  it("reads the demo area's mini-program (secret as set), its two templates with members subscribed, and the use's variables", async () => {
    const s = data<SubscribeSettings>(await call('staff', 'GET', subscribeApi.settings));
    expect(s.app).toMatchObject({ secretSet: true, state: 1 });
    expect(s.app.appId).toMatch(/^wx[0-9a-f]{16}$/);
    expect(s.templates.map((x) => [x.type, x.use])).toEqual([
      [2, 1],
      [3, 1],
    ]);
    expect(s.templates.every((x) => x.consents > 0)).toBe(true);
    expect(s.uses[0]!.variables.map((v) => v.name)).toEqual(
      expect.arrayContaining(['product', 'orderNo', 'amount', 'time']),
    );
    // another area's settings are its own
    const other = data<SubscribeSettings>(await call('yunling', 'GET', subscribeApi.settings));
    expect(other.templates).toEqual([]);
    expect(other.app.secretSet).toBe(false);
  });

  it('saves the mini-program: bad input named, the secret sealed and answered as set, never audited', async () => {
    expect400(await call('yunling', 'POST', subscribeApi.app, { appId: 'wx123' }), 'appId');
    expect400(await call('yunling', 'POST', subscribeApi.app, { appId: APP_ID, secret: 'short' }), 'secret');
    expect400(
      await call('yunling', 'POST', subscribeApi.app, { appId: APP_ID, apiBase: 'ftp://x' }),
      'apiBase',
    );
    expect((await call('staff', 'POST', subscribeApi.app, { appId: APP_ID })).statusCode).toBe(403);
    const res = await call('yunling', 'POST', subscribeApi.app, {
      appId: APP_ID,
      secret: SECRET,
      apiBase: sandbox.url,
      state: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<MpAppSetting>(res)).toMatchObject({
      appId: APP_ID,
      secretSet: true,
      apiBase: sandbox.url,
      state: 2,
    });
    const [sealed] = await queryRows<{ secret_sealed: string }>(
      db,
      sql`select secret_sealed from mp_apps where scenic_id = ${f.scenicId}`,
    );
    expect(sealed!.secret_sealed).not.toContain(SECRET);
    const audits = await queryRows<{ after: unknown }>(
      db,
      sql`select after from audit_logs where action = 'subscribe.app' and scenic_id = ${f.scenicId}`,
    );
    expect(JSON.stringify(audits)).toContain('secret');
    expect(JSON.stringify(audits)).not.toContain(SECRET);
  });

  it("tests the app against WeChat's API: a token issued, a wrong secret refused with WeChat's errcode", async () => {
    const good = await call('yunling', 'POST', subscribeApi.testApp, {});
    expect(data(good)).toMatchObject({ ok: true, code: '0' });
    const [area] = await queryRows<{ id: number }>(
      db,
      sql`select id from scenic_areas where id = ${f.otherScenicId}`,
    );
    expect(area).toBeDefined();
    // another secret for the same app id: the sandbox knows the first one (40125)
    await call('admin', 'POST', subscribeApi.app, {
      appId: APP_ID,
      secret: 'ffffffffffffffffffffffffffffffff',
      apiBase: sandbox.url,
    });
    expect(data(await call('admin', 'POST', subscribeApi.testApp, {}))).toMatchObject({
      ok: false,
      code: '40125',
    });
    expect((await call('staff', 'POST', subscribeApi.testApp, {})).statusCode).toBe(403);
  });

  it('creates, updates and deletes templates; field keys and variables checked, each named', async () => {
    const bad = (more: Record<string, unknown>) =>
      call('yunling', 'POST', subscribeApi.create, template(ONE_TIME, 2, more));
    expect400(await bad({ fields: [{ key: 'foo1', variable: 'product' }] }), 'fields.0.key');
    expect400(
      await bad({
        fields: [
          { key: 'thing1', variable: 'product' },
          { key: 'thing2', variable: 'code' },
        ],
      }),
      'fields.1.variable',
    );
    expect400(
      await bad({
        fields: [
          { key: 'thing1', variable: 'product' },
          { key: 'thing1', variable: 'area' },
        ],
      }),
      'fields.1.key',
    );
    expect400(await bad({ fields: [] }), 'fields');
    expect400(await bad({ wxTemplateId: 'short' }), 'wxTemplateId');
    expect400(await bad({ type: 4 }), 'type');
    expect400(await bad({ page: 'pages/a b' }), 'page');
    expect((await call('staff', 'POST', subscribeApi.create, template(ONE_TIME, 2))).statusCode).toBe(403);

    const created = data<SubscribeTemplate>(
      await call('yunling', 'POST', subscribeApi.create, template(ONE_TIME, 2)),
    );
    expect(created).toMatchObject({ type: 2, use: 1, wxTemplateId: ONE_TIME, enabled: true, consents: 0 });
    expect400(await call('yunling', 'POST', subscribeApi.create, template(ONE_TIME, 3)), 'wxTemplateId');
    const long = data<SubscribeTemplate>(
      await call('yunling', 'POST', subscribeApi.create, template(LONG_TERM, 3)),
    );
    const updated = await call('yunling', 'POST', subscribeApi.update, {
      id: long.id,
      ...template(LONG_TERM, 3, { title: '入园提醒（长期）' }),
    });
    expect(data<SubscribeTemplate>(updated).title).toBe('入园提醒（长期）');
    // another area's template: not found
    await t.grant('staff', ['admin:subscribe:update']);
    tok.staff = (await t.login('staff')).access_token;
    expect(
      (await call('staff', 'POST', subscribeApi.update, { id: long.id, ...template(LONG_TERM, 3) }))
        .statusCode,
    ).toBe(404);
    expect((await call('staff', 'POST', subscribeApi.delete, { id: long.id })).statusCode).toBe(404);
    const extra = data<SubscribeTemplate>(
      await call('yunling', 'POST', subscribeApi.create, template('ToDelete_0123456789abcdefABCDEF', 2)),
    );
    expect((await call('yunling', 'POST', subscribeApi.delete, { id: extra.id })).statusCode).toBe(200);
    expect((await call('yunling', 'POST', subscribeApi.delete, { id: extra.id })).statusCode).toBe(404);
    // back to the secret the sandbox knows
    await call('yunling', 'POST', subscribeApi.app, {
      appId: APP_ID,
      secret: SECRET,
      apiBase: sandbox.url,
      state: 2,
    });
  });
});

describe('members, consents and the messages (member API, outbox channel 2)', () => {
  it('binds a member to WeChat by the wx.login code; the openid moves to whoever binds it last', async () => {
    const m = await signIn();
    expect(
      (
        await asMini(
          'POST',
          memberSubscribeApi.subscribeConsent,
          { results: { [ONE_TIME]: 'accept' } },
          m.token,
        )
      ).statusCode,
    ).toBe(409);
    expect400(await asMini('POST', memberSubscribeApi.wechatBind, { code: '' }, m.token), 'code');
    expect((await asMini('POST', memberSubscribeApi.wechatBind, { code: 'c-1' })).statusCode).toBe(401);
    const bound = await asMini('POST', memberSubscribeApi.wechatBind, { code: 'c-1' }, m.token);
    expect(data(bound)).toEqual({ bound: true });
    const other = await signIn();
    expect(
      (await asMini('POST', memberSubscribeApi.wechatBind, { code: 'c-1' }, other.token)).statusCode,
    ).toBe(200);
    const rows = await queryRows<{ member_id: number }>(
      db,
      sql`select member_id from mp_members where openid = ${sandboxOpenid(APP_ID, 'c-1')}`,
    );
    expect(rows.map((r) => Number(r.member_id))).toEqual([other.member.id]);
  });

  it('sends use 1 to a member who consented: one message per acceptance of a one-time template, every time for a long-term one', async () => {
    const m = await signIn();
    await asMini('POST', memberSubscribeApi.wechatBind, { code: 'buyer-1' }, m.token);
    const openid = sandboxOpenid(APP_ID, 'buyer-1');
    const listed = data<{ wxTemplateId: string; accepted: boolean }[]>(
      await asMini('GET', memberSubscribeApi.subscribeTemplates, undefined, m.token),
    );
    expect(listed.map((x) => [x.wxTemplateId, x.accepted])).toEqual([
      [ONE_TIME, false],
      [LONG_TERM, false],
    ]);
    expect400(
      await asMini(
        'POST',
        memberSubscribeApi.subscribeConsent,
        { results: { Unknown_0123456789abcdefXYZ: 'accept' } },
        m.token,
      ),
      'results.Unknown_0123456789abcdefXYZ',
    );
    expect400(
      await asMini(
        'POST',
        memberSubscribeApi.subscribeConsent,
        { results: { [ONE_TIME]: 'maybe' } },
        m.token,
      ),
      `results.${ONE_TIME}`,
    );
    const consented = await asMini(
      'POST',
      memberSubscribeApi.subscribeConsent,
      { results: { [ONE_TIME]: 'accept', [LONG_TERM]: 'accept' } },
      m.token,
    );
    expect(
      data<{ remaining: number; accepted: boolean }[]>(consented).map((x) => [x.accepted, x.remaining]),
    ).toEqual([
      [true, 1],
      [true, 0],
    ]);

    const first = await buy(m.token);
    expect((await queued(first)).map((r) => r.recipient)).toEqual([openid, openid]);
    await drain();
    expect((await queued(first)).map((r) => [Number(r.status), r.result])).toEqual([
      [2, '0'],
      [2, '0'],
    ]);
    const received = sandbox.control.subscribeMessages().filter((x) => x.touser === openid);
    expect(received).toHaveLength(2);
    const oneTime = received.find((x) => x.template_id === ONE_TIME)!;
    expect(oneTime).toMatchObject({
      appid: APP_ID,
      template_id: ONE_TIME,
      page: 'pages/order/detail',
      miniprogram_state: 'trial',
    });
    expect(oneTime.data.character_string2).toEqual({ value: first });
    expect(oneTime.data.amount3!.value).toMatch(/^¥\d+\.\d{2}$/);

    // the one-time acceptance is spent: the next order sends the long-term template only
    const second = await buy(m.token);
    expect((await queued(second)).length).toBe(1);

    // a member bound but without consent, and one not bound at all, get nothing
    const silent = await signIn();
    await asMini('POST', memberSubscribeApi.wechatBind, { code: 'silent' }, silent.token);
    expect(await queued(await buy(silent.token))).toEqual([]);
    expect(await queued(await buy((await signIn()).token))).toEqual([]);
  });

  it('a refusal from WeChat ends the message as failed at once; a stale token is fetched again', async () => {
    const m = await signIn();
    await asMini('POST', memberSubscribeApi.wechatBind, { code: 'refuser' }, m.token);
    await asMini(
      'POST',
      memberSubscribeApi.subscribeConsent,
      { results: { [LONG_TERM]: 'accept' } },
      m.token,
    );
    const openid = sandboxOpenid(APP_ID, 'refuser');
    sandbox.control.refuseSubscribeMessages(openid);
    const refused = await buy(m.token);
    await drain();
    expect((await queued(refused)).map((r) => [Number(r.status), r.result])).toEqual([[3, '43101']]);
    sandbox.control.refuseSubscribeMessages(openid, false);
    sandbox.control.expireAccessTokens();
    const after = await buy(m.token);
    await drain();
    expect((await queued(after)).map((r) => [Number(r.status), r.result])).toEqual([[2, '0']]);
  });

  it('refreshes a token near its end once: the instance holding the lease fetches, the others use the stored one', async () => {
    const credentials = { appId: APP_ID, secret: SECRET, apiBase: sandbox.url };
    const now = new Date();
    const first = await accessToken(db, credentials, now);
    expect('token' in first).toBe(true);
    const stored = (first as { token: string }).token;
    // two minutes left, and another instance took the lease a moment ago: the stored token is used
    await db.execute(
      sql`update mp_access_tokens set expires_at = ${new Date(now.getTime() + 120_000).toISOString()},
            updated_at = ${now.toISOString()} where app_id = ${APP_ID}`,
    );
    expect(await accessToken(db, credentials, new Date(now.getTime() + 1_000))).toEqual({ token: stored });
    // the lease ran out: this instance fetches a new one and stores it
    const later = new Date(now.getTime() + 60_000);
    const renewed = await accessToken(db, credentials, later);
    expect(renewed).not.toEqual({ token: stored });
    expect(await accessToken(db, credentials, later)).toEqual(renewed);
  });

  it('lists and exports the log in its own area only (openids and phones masked); the SMS log leaves them out', async () => {
    const page = await call('yunling', 'POST', subscribeApi.page, { limit: 100 });
    expect(page.statusCode, page.body).toBe(200);
    const rows = data<{ rows: SubscribeLogRow[]; total: number }>(page).rows;
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.every((r) => /^o.{5}\*{4}.{4}$/.test(r.openid) && /^\d{3}\*{4}\d{4}$/.test(r.phone))).toBe(
      true,
    );
    expect(rows.some((r) => r.status === 3 && r.result === '43101')).toBe(true);
    expect(rows.find((r) => r.status === 2)!.title).toBeTruthy();
    const failed = await call('yunling', 'POST', subscribeApi.page, { status: 3 });
    expect(data<{ rows: SubscribeLogRow[] }>(failed).rows.every((r) => r.status === 3)).toBe(true);
    expect400(await call('yunling', 'POST', subscribeApi.page, { status: 7 }), 'status');
    const exported = await call('yunling', 'POST', subscribeApi.export, {});
    expect(exported.statusCode).toBe(200);
    expect(xlsxText(exported.rawPayload)).toContain('43101');
    // the demo area's log has none of these; the SMS log has no subscription messages
    const mine = data<{ rows: SubscribeLogRow[] }>(
      await call('staff', 'POST', subscribeApi.page, { limit: 100 }),
    ).rows;
    expect(mine.some((r) => rows.some((o) => o.id === r.id))).toBe(false);
    const sms = data<{ rows: SmsLogRow[] }>(await call('yunling', 'POST', smsApi.page, { limit: 100 })).rows;
    expect(sms.some((r) => rows.some((o) => o.id === r.id))).toBe(false);
    const unauthorized = await t.call('', 'POST', subscribeApi.page, {});
    expect(unauthorized.statusCode).toBe(401);
  });
});
