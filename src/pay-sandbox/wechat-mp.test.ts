import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPaySandbox } from './sandbox.ts';
import type { PaySandbox } from './sandbox.ts';
import { MP_FIELD_LIMITS, sandboxOpenid } from './wechat-mp.ts';

const APPID = 'wx0123456789abcdef';
const SECRET = '0123456789abcdef0123456789abcdef';
const TEMPLATE = 'TmplId_0123456789abcdefXYZ';

let sb: PaySandbox;
let clock = Date.parse('2025-05-01T02:00:00Z');

beforeAll(async () => {
  sb = await startPaySandbox({ port: 0, now: () => new Date(clock) });
});
afterAll(() => sb.close());
beforeEach(() => sb.control.reset());

type Answer = Record<string, unknown>;

const get = async (path: string, query: Record<string, string>) => {
  const res = await fetch(`${sb.url}${path}?${new URLSearchParams(query).toString()}`);
  expect(res.status).toBe(200);
  return { type: res.headers.get('content-type'), body: JSON.parse(await res.text()) as Answer };
};

const token = (query: Record<string, string> = {}) =>
  get('/cgi-bin/token', { grant_type: 'client_credential', appid: APPID, secret: SECRET, ...query }).then(
    (r) => r.body,
  );

const newToken = async (appid = APPID, secret = SECRET) =>
  String((await token({ appid, secret })).access_token);

const send = async (accessToken: string | null, body: unknown, method = 'POST') => {
  const qs = accessToken === null ? '' : `?access_token=${encodeURIComponent(accessToken)}`;
  const res = await fetch(`${sb.url}/cgi-bin/message/subscribe/send${qs}`, {
    method,
    ...(method === 'POST'
      ? {
          headers: { 'content-type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }
      : {}),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
};

const openid = sandboxOpenid(APPID, 'code-of-ann');
const message = (over: Answer = {}) => ({
  touser: openid,
  template_id: TEMPLATE,
  page: 'pages/order/detail?no=T1',
  data: {
    thing1: { value: '黄山风景区成人票一张' },
    amount2: { value: '¥120.00' },
    time3: { value: '2025-05-01 10:00' },
  },
  miniprogram_state: 'developer',
  lang: 'zh_CN',
  ...over,
});

const refusal = (errcode: number, errmsg?: string) => (errmsg ? { errcode, errmsg } : { errcode });
const invalidCredential = refusal(40001, 'invalid credential, access_token is invalid or not latest');

describe('GET /cgi-bin/token', () => {
  it('issues a token valid 7200 s, as application/json', async () => {
    const r = await get('/cgi-bin/token', { grant_type: 'client_credential', appid: APPID, secret: SECRET });
    expect(r.type).toContain('application/json');
    expect(r.body).toEqual({ access_token: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/), expires_in: 7200 });
    expect(r.body).not.toHaveProperty('errcode');
    expect(await newToken()).not.toBe(r.body.access_token);
  });

  it('refuses a wrong grant_type, appid or secret with its errcode', async () => {
    expect(await token({ grant_type: 'authorization_code' })).toEqual(refusal(40002, 'invalid grant_type'));
    expect(await token({ grant_type: '' })).toEqual(refusal(40002, 'invalid grant_type'));
    for (const appid of ['', 'wx0123456789ABCDEF', 'wx0123456789abcde', 'xx0123456789abcdef'])
      expect(await token({ appid })).toEqual(refusal(40013, 'invalid appid'));
    for (const secret of ['', 'x'.repeat(32), SECRET.slice(1)])
      expect(await token({ secret })).toEqual(refusal(40125, 'invalid appsecret'));
  });

  it('registers an app on first sight: later only that secret passes', async () => {
    const appid = 'wxfedcba9876543210';
    const first = 'f'.repeat(32);
    expect(await token({ appid, secret: first })).toHaveProperty('access_token');
    expect(await token({ appid, secret: 'e'.repeat(32) })).toEqual(refusal(40125, 'invalid appsecret'));
    expect(await token({ appid, secret: first })).toHaveProperty('access_token');
    // reset forgets messages, not apps
    sb.control.reset();
    expect(await token({ appid, secret: 'e'.repeat(32) })).toEqual(refusal(40125, 'invalid appsecret'));
  });

  it('keeps the previous token 5 minutes after a new one, then answers it is not the latest', async () => {
    const first = await newToken();
    clock += 60_000;
    const second = await newToken();
    clock += 4 * 60_000 + 59_000;
    expect(await send(first, message())).toMatchObject({ errcode: 0 });
    clock += 1000;
    expect(await send(first, message())).toEqual(invalidCredential);
    expect(await send(second, message())).toMatchObject({ errcode: 0 });
  });

  it('expires a token 7200 s after it was issued (42001)', async () => {
    const t = await newToken();
    clock += 7199_000;
    expect(await send(t, message())).toMatchObject({ errcode: 0 });
    clock += 1000;
    expect(await send(t, message())).toEqual(refusal(42001, 'access_token expired'));
  });

  it('a new token of one app leaves the tokens of another alone', async () => {
    const other = await newToken('wx1111111111111111', '1'.repeat(32));
    await newToken();
    clock += 6 * 60_000;
    expect(await send(other, message())).toMatchObject({ errcode: 0 });
  });
});

describe('GET /sns/jscode2session', () => {
  const session = (query: Record<string, string>) =>
    get('/sns/jscode2session', {
      appid: APPID,
      secret: SECRET,
      js_code: 'code-of-ann',
      grant_type: 'authorization_code',
      ...query,
    });

  it('answers the same openid for the same (appid, code), another for another code or app', async () => {
    const a = await session({});
    expect(a.type).toContain('text/plain');
    expect(a.body).toEqual({ openid, session_key: expect.stringMatching(/^[A-Za-z0-9+/]{22}==$/) });
    expect((await session({})).body.openid).toBe(openid);
    expect((await session({ js_code: 'code-of-bob' })).body.openid).not.toBe(openid);
    const other = await session({ appid: 'wx2222222222222222', secret: '2'.repeat(32) });
    expect(other.body.openid).not.toBe(openid);
  });

  it('the openid is o + base64url(sha256(appid:code)), 28 characters', () => {
    const digest = createHash('sha256').update(`${APPID}:code-of-ann`).digest('base64url');
    expect(openid).toBe(`o${digest.slice(0, 27)}`);
    expect(openid).toMatch(/^o[A-Za-z0-9_-]{27}$/);
  });

  it('refuses an empty code, a wrong grant_type, appid or secret', async () => {
    expect((await session({ js_code: '' })).body).toEqual(refusal(40029, 'invalid code'));
    expect((await session({ grant_type: 'client_credential' })).body).toEqual(
      refusal(40002, 'invalid grant_type'),
    );
    expect((await session({ appid: 'wx12' })).body).toEqual(refusal(40013, 'invalid appid'));
    expect((await session({ secret: 'a'.repeat(32) })).body).toEqual(refusal(40125, 'invalid appsecret'));
  });
});

describe('POST /cgi-bin/message/subscribe/send', () => {
  it('accepts a message and records it, newest last', async () => {
    const t = await newToken();
    const first = await send(t, message());
    expect(first).toEqual({ errcode: 0, errmsg: 'ok', msgid: expect.any(Number) });
    const second = await send(t, message({ page: undefined, miniprogram_state: undefined }));
    const res = await fetch(`${sb.url}/control/wechat-mp/messages`);
    const { messages } = (await res.json()) as { messages: Answer[] };
    expect(messages).toEqual([
      {
        appid: APPID,
        touser: openid,
        template_id: TEMPLATE,
        page: 'pages/order/detail?no=T1',
        data: message().data,
        miniprogram_state: 'developer',
        msgid: first.msgid,
        receivedAt: new Date(clock).toISOString(),
      },
      expect.objectContaining({ msgid: second.msgid, page: null, miniprogram_state: 'formal' }),
    ]);
    expect(second.msgid).not.toBe(first.msgid);
    expect(sb.control.subscribeMessages().map((m) => m.msgid)).toEqual([first.msgid, second.msgid]);
  });

  it('refuses a missing, unknown or expired token', async () => {
    expect(await send(null, message())).toEqual(refusal(41001, 'access_token missing'));
    expect(await send('not-a-token', message())).toEqual(invalidCredential);
    expect(sb.control.subscribeMessages()).toEqual([]);
  });

  it('refuses a bad openid (40003), template id (40037), malformed JSON (47001)', async () => {
    const t = await newToken();
    for (const touser of [undefined, '', 'o123', `x${openid.slice(1)}`, `${openid}A`, 'o' + '!'.repeat(27)])
      expect(await send(t, message({ touser }))).toEqual(refusal(40003, 'invalid openid'));
    for (const template_id of [undefined, 'short', 'a'.repeat(65), `${TEMPLATE}!`])
      expect(await send(t, message({ template_id }))).toEqual(refusal(40037, 'invalid template_id'));
    for (const body of ['{"touser":', '', '[1]', 'null'])
      expect(await send(t, body)).toEqual(refusal(47001, 'data format error'));
    expect(sb.control.subscribeMessages()).toEqual([]);
  });

  it('refuses data that is empty, a key not kind+number, a value over its kind limit (in characters)', async () => {
    const t = await newToken();
    expect(await send(t, message({ data: {} }))).toMatchObject(refusal(47003));
    expect(await send(t, message({ data: undefined }))).toMatchObject(refusal(47003));
    for (const key of ['thing', 'stuff1', 'Thing1', '1thing', 'thing1a'])
      expect(await send(t, message({ data: { [key]: { value: 'x' } } }))).toEqual(
        refusal(47003, `argument invalid! data.${key}.value invalid`),
      );
    for (const value of [undefined, 12, null])
      expect(await send(t, message({ data: { thing1: { value } } }))).toEqual(
        refusal(47003, 'argument invalid! data.thing1.value invalid'),
      );
    for (const [kind, limit] of Object.entries(MP_FIELD_LIMITS)) {
      const key = `${kind}12`;
      expect(await send(t, message({ data: { [key]: { value: '景'.repeat(limit) } } }))).toMatchObject({
        errcode: 0,
      });
      expect(await send(t, message({ data: { [key]: { value: '景'.repeat(limit + 1) } } }))).toEqual(
        refusal(47003, `argument invalid! data.${key}.value invalid`),
      );
    }
  });

  it('refuses a miniprogram_state other than developer, trial, formal', async () => {
    const t = await newToken();
    for (const miniprogram_state of ['trial', 'formal'])
      expect(await send(t, message({ miniprogram_state }))).toMatchObject({ errcode: 0 });
    for (const miniprogram_state of ['release', '', 1])
      expect(await send(t, message({ miniprogram_state }))).toMatchObject({ errcode: 47003 });
  });

  it('is POST only', async () => {
    const t = await newToken();
    expect(await send(t, null, 'GET')).toEqual(refusal(43002, 'require POST method'));
  });
});

describe('control: refusing openids, expiring tokens', () => {
  it('an openid marked refusing is answered 43101 until accepted again', async () => {
    const t = await newToken();
    const post = (path: string) => fetch(`${sb.url}/control/wechat-mp/${path}`, { method: 'POST' });
    expect((await post(`openids/${encodeURIComponent(openid)}/refuse`)).status).toBe(200);
    expect(await send(t, message())).toEqual(refusal(43101, 'user refuse to accept the msg'));
    const other = sandboxOpenid(APPID, 'code-of-bob');
    expect(await send(t, message({ touser: other }))).toMatchObject({ errcode: 0 });
    expect((await post(`openids/${encodeURIComponent(openid)}/accept`)).status).toBe(200);
    expect(await send(t, message())).toMatchObject({ errcode: 0 });
    sb.control.refuseSubscribeMessages(other);
    expect(await send(t, message({ touser: other }))).toMatchObject({ errcode: 43101 });
    sb.control.refuseSubscribeMessages(other, false);
    expect(await send(t, message({ touser: other }))).toMatchObject({ errcode: 0 });
    expect(sb.control.subscribeMessages().map((m) => m.touser)).toEqual([other, openid, other]);
  });

  it('expiring the tokens makes every token 42001 until the client asks a new one', async () => {
    // tokens outlive reset (as apps do): start from none live
    sb.control.expireAccessTokens();
    const older = await newToken();
    const t = await newToken();
    const res = await fetch(`${sb.url}/control/wechat-mp/tokens/expire`, { method: 'POST' });
    expect(await res.json()).toEqual({ ok: true, expired: 2 });
    expect(await send(t, message())).toEqual(refusal(42001, 'access_token expired'));
    expect(await send(older, message())).toEqual(refusal(42001, 'access_token expired'));
    const fresh = await newToken();
    expect(await send(fresh, message())).toMatchObject({ errcode: 0 });
    expect(sb.control.expireAccessTokens()).toBe(1);
    expect(await send(fresh, message())).toMatchObject({ errcode: 42001 });
  });

  it('the calls show in GET /control/received with their errcode; / names them', async () => {
    await send('nope', message());
    const received = sb.control.received().requests.filter((r) => r.provider === 'wechat-mp');
    expect(received.at(-1)).toMatchObject({
      path: '/cgi-bin/message/subscribe/send',
      status: 200,
      error: '40001',
    });
    const home = await (await fetch(`${sb.url}/`)).text();
    for (const path of ['/cgi-bin/token', '/sns/jscode2session', '/cgi-bin/message/subscribe/send'])
      expect(home).toContain(path);
  });
});
