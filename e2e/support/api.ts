// The console's calls made from the test process: log in through the API (docs/product.md §7) instead of the
// form where the form is not what a test is about, revoke a token, restore what a test changed.
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './server.ts';

export type Account = 'admin' | 'staff' | 'shop' | 'agent' | 'yunling';

export function passwordOf(account: Account): string {
  return account === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  createTime: string;
  roles: string[];
  token_type: string;
  avatar: string;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

export async function clientCredential(baseUrl: string): Promise<string> {
  const body = await json<Envelope<null>>(
    await fetch(`${baseUrl}/web/api/ticket/auth/getClient?clientId=backstageManagement`),
    'getClient',
  );
  return body.msg;
}

/** RSA-OAEP/SHA-256 under the server's public key, as the console does (docs/product.md §5). */
export async function encrypt(baseUrl: string, plain: string): Promise<string> {
  const { data } = await json<Envelope<{ publicKey: string }>>(
    await fetch(`${baseUrl}/web/api/ticket/auth/getPublicKey`),
    'getPublicKey',
  );
  const key = createPublicKey({ key: Buffer.from(data.publicKey, 'base64'), format: 'der', type: 'spki' });
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain, 'utf8'),
  ).toString('base64');
}

/** Password grant; waits out the per-address login rate limit (HTTP 429) instead of failing. */
export async function apiLogin(
  baseUrl: string,
  account: Account,
  password = passwordOf(account),
): Promise<Tokens> {
  const basic = await clientCredential(baseUrl);
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${baseUrl}/login/oauth/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        username: account,
        password: await encrypt(baseUrl, password),
        grant_type: 'password',
        scope: 'all',
      }),
    });
    if (response.status === 429 && attempt < 3) {
      const wait = Number(response.headers.get('retry-after') ?? '10');
      await new Promise((resolve) => setTimeout(resolve, (wait + 1) * 1000));
      continue;
    }
    return json<Tokens>(response, `login ${account}`);
  }
}

export async function authGet<T>(baseUrl: string, token: string, url: string): Promise<Envelope<T>> {
  const response = await fetch(`${baseUrl}${url}`, { headers: { Authorization: `bearer ${token}` } });
  return { ...(await json<Envelope<T>>(response, url)) };
}

export async function authPost<T>(
  baseUrl: string,
  token: string,
  url: string,
  data: unknown,
): Promise<Envelope<T>> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { Authorization: `bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(data),
  });
  return json<Envelope<T>>(response, url);
}

/** docs/product.md §7 logout: revokes the token pair on the server. */
export async function revoke(baseUrl: string, token: string): Promise<void> {
  await authGet(baseUrl, token, '/web/api/ticket/auth/logout');
}

export async function changePassword(
  baseUrl: string,
  token: string,
  oldPassword: string,
  newPassword: string,
) {
  return authPost(baseUrl, token, '/web/api/ticket/auth/changePassword', {
    oldPassword: await encrypt(baseUrl, oldPassword),
    newPassword: await encrypt(baseUrl, newPassword),
  });
}

/** The console's local storage after a login (docs/product.md §3 keys, src/web/lib/storage.ts). */
export async function sessionStorageEntries(
  baseUrl: string,
  tokens: Tokens,
): Promise<{ name: string; value: string }[]> {
  const p = 'backstage_scenic_';
  return [
    { name: `${p}access_token`, value: tokens.access_token },
    { name: `${p}refresh_token`, value: tokens.refresh_token },
    { name: `${p}expires_in`, value: String(tokens.expires_in) },
    { name: `${p}create_time`, value: tokens.createTime },
    { name: `${p}roles`, value: JSON.stringify(tokens.roles) },
    { name: `${p}token_type`, value: tokens.token_type },
    { name: 'backstage_avatar', value: tokens.avatar },
    { name: 'backstage_msg', value: await clientCredential(baseUrl) },
  ];
}

/** The public branding (docs/product.md §7 getTerCopyRight). */
export async function publicBranding(
  baseUrl: string,
): Promise<{ siteIcon?: string; siteTitle?: string } | null> {
  const { data } = await json<Envelope<{ items: { copContent: string }[] }>>(
    await fetch(`${baseUrl}/web/api/ticket/copyRight/getTerCopyRight?clientId=backstageManagement`),
    'getTerCopyRight',
  );
  const text = data.items[0]?.copContent;
  return text ? (JSON.parse(text) as { siteIcon?: string; siteTitle?: string }) : null;
}

/**
 * A token of a channel's machine client (client credentials after a secret reset by the admin),
 * for the selling API (`/api/open/...`, with `X-Scenic-Id`).
 */
export async function clientToken(
  baseUrl: string,
  adminToken: string,
  clientId = 'weixinManagement',
): Promise<string> {
  const clients = await authPost<{ rows: { id: number; clientId: string }[] }>(
    baseUrl,
    adminToken,
    '/web/api/admin/oauth/page',
    { clientId },
  );
  const client = clients.data.rows.find((c) => c.clientId === clientId);
  if (!client) throw new Error(`no OAuth client ${clientId}`);
  const reset = await authPost<{ secret: string }>(baseUrl, adminToken, '/web/api/admin/oauth/resetSecret', {
    id: client.id,
  });
  const res = await fetch(`${baseUrl}/login/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${reset.data.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'all' }),
  });
  const body = await json<{ access_token: string }>(res, 'client token');
  return body.access_token;
}

/** A terminal after activation (docs/api.md "Terminals"): its own client token and its calls. */
export interface Device {
  token: string;
  scenicId: number;
  /** A POST as the device; answers `data`, throwing on any status but 200 */
  post<T>(url: string, body: unknown, headers?: Record<string, string>): Promise<T>;
}

/** The device's side of registration: activates with its one-time code, takes its own token. */
export async function activateDevice(baseUrl: string, code: string): Promise<Device> {
  const { data } = await json<Envelope<{ clientId: string; clientSecret: string; scenicId: number }>>(
    await fetch(`${baseUrl}/web/api/terminal/device/activate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    }),
    'activate',
  );
  const { access_token: token } = await json<{ access_token: string }>(
    await fetch(`${baseUrl}/login/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${data.clientId}:${data.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    }),
    'device token',
  );
  const headers = {
    authorization: `bearer ${token}`,
    'content-type': 'application/json',
    'x-scenic-id': String(data.scenicId),
  };
  return {
    token,
    scenicId: data.scenicId,
    async post<T>(url: string, body: unknown, extra: Record<string, string> = {}) {
      const response = await fetch(`${baseUrl}${url}`, {
        method: 'POST',
        headers: { ...headers, ...extra },
        body: JSON.stringify(body),
      });
      return (await json<Envelope<T>>(response, url)).data;
    },
  };
}
