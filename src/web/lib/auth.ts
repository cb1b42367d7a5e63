import type { TokenResponse, Userinfo } from '../../shared/api/auth.ts';
import { authApi, oauthTokenApi } from '../../shared/api/endpoints.ts';
import { CONSOLE_CLIENT_ID } from '../../shared/dict/terminal-client.ts';
import { encryptWithPublicKey } from './crypto.ts';
import { feedback } from './feedback.ts';
import { t } from './i18n.ts';
import { RequestError, get, request } from './request.ts';
import { clearSession, saveTokens, saveUser } from './session.ts';
import { StorageKey, write } from './storage.ts';

/** The console client's basic credential (docs/product.md §7 getClient: msg carries it). */
export async function fetchClientCredential(): Promise<string> {
  try {
    const body = await request<{ msg: string }>(authApi.getClient, {
      params: { clientId: CONSOLE_CLIENT_ID },
      auth: false,
      silent: true,
      raw: true,
    });
    write(StorageKey.msg, body.msg);
    return body.msg;
  } catch (error) {
    // docs/product.md §8: client fetch failure shows the server's message for 5 s
    const { message } = await feedback();
    message.error(error instanceof RequestError ? error.message : t('connectionError'), 5);
    throw error;
  }
}

export async function fetchPublicKey(): Promise<string> {
  const { publicKey } = await get<{ publicKey: string }>(authApi.getPublicKey, undefined, { auth: false });
  write(StorageKey.publicKey, publicKey);
  return publicKey;
}

/** Encrypts a sensitive value with a fresh copy of the server's public key (docs/product.md §5). */
export async function encryptSensitive(plain: string): Promise<string> {
  return encryptWithPublicKey(await fetchPublicKey(), plain);
}

/** docs/product.md §5 and §7: trimmed user name, encrypted password, password grant with the basic credential. */
export async function login(username: string, password: string): Promise<TokenResponse> {
  const [basic, publicKey] = await Promise.all([fetchClientCredential(), fetchPublicKey()]);
  const encrypted = await encryptWithPublicKey(publicKey, password);
  const token = await request<TokenResponse>(oauthTokenApi.token, {
    method: 'POST',
    form: { username: username.trim(), password: encrypted, grant_type: 'password', scope: 'all' },
    headers: { Authorization: `Basic ${basic}` },
    auth: false,
    raw: true,
  });
  saveTokens(token);
  return token;
}

/** Loads the signed-in user; user info without a scenic id is refused with the spec's notice. */
export async function loadUser(): Promise<Userinfo> {
  const user = await get<Userinfo>(authApi.getUserinfo);
  if (user.scenicId == null) {
    const { notification } = await feedback();
    notification.error({ title: t('error'), description: t('scenicIdMissing') });
    throw new RequestError(t('scenicIdMissing'), 200, null, true);
  }
  saveUser(user);
  return user;
}

/** docs/product.md §7 logout: a failure still resolves; the local session is cleared either way. */
export async function logout(): Promise<void> {
  try {
    await get(authApi.logout, undefined, { silent: true });
  } catch {
    // the server session may already be gone
  } finally {
    clearSession();
  }
}
