import { createHash, randomBytes } from 'node:crypto';
import { WECHAT_FIELD_LIMITS } from '../shared/dict/subscriptions.ts';
import type { SandboxContext } from './context.ts';
import { json } from './http.ts';
import type { Reply, SandboxRequest } from './http.ts';
import type { MiniprogramState, MpMessage } from './state.ts';

/**
 * WeChat's mini-program server API (api.weixin.qq.com) as documented: the access token, the login
 * code's session and subscription messages. Every answer is HTTP 200; a refusal is
 * `{errcode, errmsg}`. An app is registered the first time its appid comes with a well-formed
 * secret; from then on only that secret is accepted.
 */

/** Seconds an access token lives (WeChat's expires_in) */
export const MP_TOKEN_TTL_S = 7200;
/** How long the previous token still works once a new one is issued (WeChat's overlap) */
export const MP_TOKEN_OVERLAP_MS = 5 * 60_000;

/** WeChat's documented limits of each kind of template field (the key's name without its number), in characters. */
export const MP_FIELD_LIMITS = WECHAT_FIELD_LIMITS;

const FIELD_KEY = new RegExp(`^(${Object.keys(MP_FIELD_LIMITS).join('|')})\\d+$`);
const APPID_RE = /^wx[0-9a-f]{16}$/;
const SECRET_RE = /^[0-9a-fA-F]{32}$/;
const OPENID_RE = /^o[A-Za-z0-9_-]{27}$/;
const TEMPLATE_ID_RE = /^[A-Za-z0-9_-]{20,64}$/;
const STATES: readonly MiniprogramState[] = ['developer', 'trial', 'formal'];

/** A refusal in WeChat's words: answered `{errcode, errmsg}` with HTTP 200. */
class MpRefusal extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(errmsg);
  }
}

/**
 * The openid the sandbox gives (appid, login code): the same code logs the same person in again.
 * 'o' and the base64url SHA-256 of `appid:code`, 28 characters in all.
 */
export function sandboxOpenid(appid: string, jsCode: string): string {
  return `o${createHash('sha256').update(`${appid}:${jsCode}`).digest('base64url')}`.slice(0, 28);
}

/** The app's credentials: a new appid is registered with this secret, a known one must bring the same. */
function checkApp(ctx: SandboxContext, appid: string, secret: string): void {
  if (!APPID_RE.test(appid)) throw new MpRefusal(40013, 'invalid appid');
  const known = ctx.state.wechatMp.secrets.get(appid);
  if (!SECRET_RE.test(secret) || (known !== undefined && known !== secret))
    throw new MpRefusal(40125, 'invalid appsecret');
  if (known === undefined) ctx.state.wechatMp.secrets.set(appid, secret);
}

/** GET /cgi-bin/token: a new token; the app's earlier ones die within the overlap. */
function issueToken(ctx: SandboxContext, q: URLSearchParams): Reply {
  if (q.get('grant_type') !== 'client_credential') throw new MpRefusal(40002, 'invalid grant_type');
  const appid = q.get('appid') ?? '';
  checkApp(ctx, appid, q.get('secret') ?? '');
  const now = ctx.now().getTime();
  const { tokens } = ctx.state.wechatMp;
  for (const t of tokens.values())
    if (t.appid === appid && t.expiresAt > now + MP_TOKEN_OVERLAP_MS) {
      t.expiresAt = now + MP_TOKEN_OVERLAP_MS;
      t.replaced = true;
    }
  const token = randomBytes(64).toString('base64url');
  tokens.set(token, { appid, expiresAt: now + MP_TOKEN_TTL_S * 1000, replaced: false });
  return json(200, { access_token: token, expires_in: MP_TOKEN_TTL_S });
}

/** GET /sns/jscode2session: the person behind a login code (no single use, so a code logs in again). */
function codeToSession(ctx: SandboxContext, q: URLSearchParams): Reply {
  if (q.get('grant_type') !== 'authorization_code') throw new MpRefusal(40002, 'invalid grant_type');
  const appid = q.get('appid') ?? '';
  checkApp(ctx, appid, q.get('secret') ?? '');
  const code = q.get('js_code') ?? '';
  if (!code) throw new MpRefusal(40029, 'invalid code');
  return json(200, { openid: sandboxOpenid(appid, code), session_key: randomBytes(16).toString('base64') });
}

/** The app an access token belongs to, or WeChat's refusal: missing, unknown or replaced, expired. */
function tokenApp(ctx: SandboxContext, token: string | null): string {
  if (!token) throw new MpRefusal(41001, 'access_token missing');
  const t = ctx.state.wechatMp.tokens.get(token);
  if (!t) throw new MpRefusal(40001, 'invalid credential, access_token is invalid or not latest');
  if (ctx.now().getTime() >= t.expiresAt)
    throw t.replaced
      ? new MpRefusal(40001, 'invalid credential, access_token is invalid or not latest')
      : new MpRefusal(42001, 'access_token expired');
  return t.appid;
}

const badArgument = (what: string) => new MpRefusal(47003, `argument invalid! ${what} invalid`);

/** The template's data: every key a field kind and number, every value a string within its kind's limit. */
function checkData(data: unknown): Record<string, { value: string }> {
  if (!data || typeof data !== 'object' || Array.isArray(data) || !Object.keys(data).length)
    throw badArgument('data');
  const out: Record<string, { value: string }> = {};
  for (const [key, field] of Object.entries(data as Record<string, unknown>)) {
    const kind = FIELD_KEY.exec(key)?.[1] as keyof typeof MP_FIELD_LIMITS | undefined;
    const value = (field as { value?: unknown } | null)?.value;
    // characters, not bytes: 20 Chinese characters fit a thing
    if (!kind || typeof value !== 'string' || [...value].length > MP_FIELD_LIMITS[kind])
      throw badArgument(`data.${key}.value`);
    out[key] = { value };
  }
  return out;
}

/** POST /cgi-bin/message/subscribe/send: checks the message as WeChat does and records it. */
function sendSubscribe(ctx: SandboxContext, req: SandboxRequest): Reply {
  const appid = tokenApp(ctx, req.query.get('access_token'));
  let body: Record<string, unknown>;
  try {
    const v: unknown = JSON.parse(req.rawBody);
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
    body = v as Record<string, unknown>;
  } catch {
    throw new MpRefusal(47001, 'data format error');
  }
  const { touser, template_id: templateId, page, miniprogram_state: state } = body;
  if (typeof touser !== 'string' || !OPENID_RE.test(touser)) throw new MpRefusal(40003, 'invalid openid');
  if (typeof templateId !== 'string' || !TEMPLATE_ID_RE.test(templateId))
    throw new MpRefusal(40037, 'invalid template_id');
  const data = checkData(body.data);
  if (page !== undefined && typeof page !== 'string') throw badArgument('page');
  if (state !== undefined && !STATES.includes(state as MiniprogramState))
    throw badArgument('miniprogram_state');
  const mp = ctx.state.wechatMp;
  if (mp.refusing.has(touser)) throw new MpRefusal(43101, 'user refuse to accept the msg');
  const message: MpMessage = {
    appid,
    touser,
    template_id: templateId,
    page: page ?? null,
    data,
    miniprogram_state: (state as MiniprogramState | undefined) ?? 'formal',
    msgid: mp.nextMsgId(),
    receivedAt: ctx.now(),
  };
  mp.messages.push(message);
  return json(200, { errcode: 0, errmsg: 'ok', msgid: message.msgid });
}

interface MpRoute {
  method: 'GET' | 'POST';
  /** WeChat's own content types: jscode2session answers its JSON as text/plain */
  contentType: string;
  answer: (ctx: SandboxContext, req: SandboxRequest) => Reply;
}

const CGI_JSON = 'application/json; encoding=utf-8';
const ROUTES: Record<string, MpRoute> = {
  '/cgi-bin/token': {
    method: 'GET',
    contentType: CGI_JSON,
    answer: (ctx, req) => issueToken(ctx, req.query),
  },
  '/sns/jscode2session': {
    method: 'GET',
    contentType: 'text/plain',
    answer: (ctx, req) => codeToSession(ctx, req.query),
  },
  '/cgi-bin/message/subscribe/send': { method: 'POST', contentType: CGI_JSON, answer: sendSubscribe },
};

/** Answers a WeChat mini-program API call, or null when the path is not one. */
export function handleWechatMp(ctx: SandboxContext, req: SandboxRequest): Reply | null {
  const route = ROUTES[req.path];
  if (!route) return null;
  let reply: Reply;
  let errcode = 0;
  try {
    if (req.method !== route.method)
      throw new MpRefusal(route.method === 'GET' ? 43001 : 43002, `require ${route.method} method`);
    reply = route.answer(ctx, req);
  } catch (err) {
    if (!(err instanceof MpRefusal)) throw err;
    errcode = err.errcode;
    reply = json(200, { errcode, errmsg: err.message });
  }
  reply = { ...reply, headers: { ...reply.headers, 'content-type': route.contentType } };
  ctx.state.received.push({
    provider: 'wechat-mp',
    method: req.method,
    path: req.path,
    api: req.path,
    status: reply.status,
    error: errcode ? String(errcode) : null,
    at: ctx.now(),
  });
  return reply;
}

/** Every live access token expires now (42001 from here on); answers how many were live. */
export function expireAccessTokens(ctx: SandboxContext): number {
  const now = ctx.now().getTime();
  let expired = 0;
  for (const t of ctx.state.wechatMp.tokens.values())
    if (t.expiresAt > now) {
      t.expiresAt = now;
      t.replaced = false;
      expired++;
    }
  return expired;
}
