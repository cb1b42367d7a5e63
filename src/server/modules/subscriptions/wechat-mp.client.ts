import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { egressRequest } from '../../lib/egress.ts';
import { open, seal } from '../../lib/secret-box.ts';
import { mpAccessTokens } from './subscriptions.table.ts';

/** WeChat's server API; an app's `apiBase` points elsewhere (a local server in tests and the demo). */
export const WECHAT_API = 'https://api.weixin.qq.com';
/** A token this close to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export interface MpCredentials {
  appId: string;
  secret: string;
  /** '' = WeChat's own */
  apiBase: string;
}

/** WeChat's answer: errcode 0 (or absent) on success, with the call's own fields. */
export interface WechatAnswer {
  errcode: number;
  errmsg: string;
  [field: string]: unknown;
}

/** errcodes after which a later call may succeed: busy, throttled, a token that went stale. */
const PASSING = new Set([-1, 45009, 40001, 42001]);
export const isPassing = (errcode: number) => PASSING.has(errcode);
const STALE_TOKEN = new Set([40001, 42001]);

/** One call of WeChat's server API under the egress rule; an answer that is not JSON counts as errcode -1. */
export async function wechatCall(
  credentials: Pick<MpCredentials, 'apiBase'>,
  path: string,
  query: Record<string, string>,
  body?: unknown,
): Promise<WechatAnswer> {
  const url = `${credentials.apiBase || WECHAT_API}${path}?${new URLSearchParams(query).toString()}`;
  const res = await egressRequest(url, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const raw = res.body.toString('utf8');
  try {
    const answer = JSON.parse(raw) as Partial<WechatAnswer>;
    // a msgid may pass 2^53: kept as the digits sent
    const msgid = /"msgid"\s*:\s*"?(\d+)/.exec(raw)?.[1];
    return {
      ...answer,
      ...(msgid ? { msgid } : {}),
      errcode: Number(answer.errcode ?? 0),
      errmsg: String(answer.errmsg ?? 'ok'),
    };
  } catch {
    return { errcode: -1, errmsg: `HTTP ${res.status}: not JSON` };
  }
}

/** Asks WeChat for a new access token (`cgi-bin/token`). */
export function fetchAccessToken(credentials: MpCredentials): Promise<WechatAnswer> {
  return wechatCall(credentials, '/cgi-bin/token', {
    grant_type: 'client_credential',
    appid: credentials.appId,
    secret: credentials.secret,
  });
}

const tokenOf = (db: Db, credentials: MpCredentials) =>
  db
    .select()
    .from(mpAccessTokens)
    .where(and(eq(mpAccessTokens.appId, credentials.appId), eq(mpAccessTokens.apiBase, credentials.apiBase)));

/** How long an instance that took the refresh is left to finish it before another may. */
const REFRESH_LEASE_MS = 30_000;

/**
 * Takes the app's refresh lease by compare-and-set on `updated_at` (a row made for it when there is
 * none): the instance that gets it fetches the new token; the others go on with the stored one.
 */
async function takeRefreshLease(db: Db, credentials: MpCredentials, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - REFRESH_LEASE_MS);
  const taken = await db
    .insert(mpAccessTokens)
    .values({ ...keyOf(credentials), tokenSealed: '', expiresAt: new Date(0), updatedAt: now })
    .onConflictDoUpdate({
      target: [mpAccessTokens.appId, mpAccessTokens.apiBase],
      set: { updatedAt: now },
      setWhere: lt(mpAccessTokens.updatedAt, cutoff),
    })
    .returning({ appId: mpAccessTokens.appId });
  return taken.length > 0;
}

const keyOf = (c: MpCredentials) => ({ appId: c.appId, apiBase: c.apiBase });

/**
 * The app's access token, one for every instance: the stored one while it has more than 5 minutes
 * left; else the instance that takes the refresh lease fetches a new one (outside any transaction:
 * no connection waits on WeChat) while the others keep using the stored one as long as it lives. A
 * token that has died is fetched at once by whoever needs it. `force` fetches a new one anyway
 * ("test" in the console). Answers the token, or WeChat's refusal.
 */
export async function accessToken(
  db: Db,
  credentials: MpCredentials,
  now: Date,
  force = false,
): Promise<{ token: string } | { refusal: WechatAnswer }> {
  if (!force) {
    const [row] = await tokenOf(db, credentials);
    const left = row ? row.expiresAt.getTime() - now.getTime() : 0;
    const stored = row && left > 0 ? open(row.tokenSealed) : null;
    if (stored && left > REFRESH_MARGIN_MS) return { token: stored };
    // another instance is refreshing it: the stored token still lives
    if (stored && !(await takeRefreshLease(db, credentials, now))) return { token: stored };
  }
  const answer = await fetchAccessToken(credentials);
  const token = typeof answer.access_token === 'string' ? answer.access_token : '';
  if (answer.errcode !== 0 || !token) return { refusal: answer };
  const expiresAt = new Date(now.getTime() + Number(answer.expires_in ?? 7200) * 1000);
  const values = { tokenSealed: seal(token), expiresAt, updatedAt: now };
  await db
    .insert(mpAccessTokens)
    .values({ ...keyOf(credentials), ...values })
    .onConflictDoUpdate({ target: [mpAccessTokens.appId, mpAccessTokens.apiBase], set: values });
  return { token };
}

/** Forgets a token WeChat called stale (compare-and-set: a newer one another instance stored stays). */
async function dropToken(db: Db, credentials: MpCredentials, token: string): Promise<void> {
  for (const row of await tokenOf(db, credentials))
    if (open(row.tokenSealed) === token)
      await db
        .update(mpAccessTokens)
        .set({ expiresAt: new Date(0) })
        .where(
          and(
            eq(mpAccessTokens.appId, credentials.appId),
            eq(mpAccessTokens.apiBase, credentials.apiBase),
            eq(mpAccessTokens.tokenSealed, row.tokenSealed),
          ),
        );
}

/**
 * A call that takes the access token (`?access_token=`): a token WeChat calls stale (40001, 42001)
 * is dropped and the call made once more with a new one.
 */
export async function callWithToken(
  db: Db,
  credentials: MpCredentials,
  path: string,
  body: unknown,
  now: Date,
): Promise<WechatAnswer> {
  for (let attempt = 0; ; attempt++) {
    const got = await accessToken(db, credentials, now);
    if ('refusal' in got) return got.refusal;
    const answer = await wechatCall(credentials, path, { access_token: got.token }, body);
    if (!STALE_TOKEN.has(answer.errcode) || attempt > 0) return answer;
    await dropToken(db, credentials, got.token);
  }
}

/** The member's openid for a wx.login code (`sns/jscode2session`). */
export async function openidOfCode(
  credentials: MpCredentials,
  code: string,
): Promise<{ openid: string } | { refusal: WechatAnswer }> {
  const answer = await wechatCall(credentials, '/sns/jscode2session', {
    appid: credentials.appId,
    secret: credentials.secret,
    js_code: code,
    grant_type: 'authorization_code',
  });
  const openid = typeof answer.openid === 'string' ? answer.openid : '';
  return answer.errcode === 0 && openid ? { openid } : { refusal: answer };
}
