import type { TokenResponse } from '../../shared/api/auth.ts';
import { oauthTokenApi } from '../../shared/api/endpoints.ts';
import { feedback } from './feedback.ts';
import { t } from './i18n.ts';
import { reloadTo } from './navigation.ts';
import { actingScenicId, authorizationHeader, clearSession, msUntilExpiry, saveTokens } from './session.ts';
import { settingsStore } from './settings.ts';
import { StorageKey, read } from './storage.ts';

/** docs/product.md §7/§9: every call times out after 60 s. */
export const TIMEOUT_MS = 60_000;
/** Refresh the access token when it has less than this left. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A failed call; `shown` says the request layer already told the user. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Partial<Envelope<unknown>> | null,
    readonly shown: boolean,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** The form field a refused call names (`data.field` of a 400/409), or null. */
export function errorField(error: unknown): string | null {
  if (!(error instanceof RequestError)) return null;
  const field = (error.body?.data as { field?: unknown } | null | undefined)?.field;
  return typeof field === 'string' ? field : null;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** JSON body (POST) */
  data?: unknown;
  /** Form body (the OAuth token endpoint) */
  form?: Record<string, string>;
  params?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  /** Send the session's Authorization header (default true). */
  auth?: boolean;
  /** Do not show an error message; the caller handles it (e.g. counts that fall back to 0). */
  silent?: boolean;
  timeoutMs?: number;
  /** The raw body is returned instead of the envelope's data (token endpoint). */
  raw?: boolean;
  /** A file download: a 200 that is not JSON resolves with `{ blob, fileName }` (see `Download`). */
  download?: boolean;
  /**
   * Handles an HTTP 401 instead of the console-session dialog and logout (the separate copyright
   * session, docs/product.md §6); the caller tells the user.
   */
  onUnauthorized?: (error: RequestError) => void;
}

/** What a `download` request resolves with. */
export interface Download {
  blob: Blob;
  /** From Content-Disposition (RFC 5987 `filename*` first), or null. */
  fileName: string | null;
}

function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

let unauthorizedDialogOpen = false;

/** docs/product.md §8 HTTP 401: one dialog however many calls failed; then, unless invalid_grant, back to login. */
async function handleUnauthorized(msg: string, data: unknown): Promise<void> {
  if (unauthorizedDialogOpen) return;
  unauthorizedDialogOpen = true;
  const { modal } = await feedback();
  modal.error({
    title: t('error'),
    content: msg,
    okText: t('ok'),
    onOk: () => {
      unauthorizedDialogOpen = false;
      if (data === 'invalid_grant') return;
      clearSession();
      reloadTo('/login?redirect=/dashboard');
    },
  });
}

/** docs/product.md §8 body code -1: the session is gone; show msg, log out, go to login. */
async function handleSessionGone(msg: string): Promise<void> {
  if (unauthorizedDialogOpen) return;
  unauthorizedDialogOpen = true;
  const { modal } = await feedback();
  modal.error({
    title: t('error'),
    content: msg || t('sessionEnded'),
    okText: t('ok'),
    onOk: () => {
      unauthorizedDialogOpen = false;
      clearSession();
      reloadTo('/login');
    },
  });
}

let refreshing: Promise<void> | null = null;

/** Silent refresh before expiry; concurrent callers share one refresh. */
async function refreshIfNeeded(): Promise<void> {
  const refreshToken = read(StorageKey.refreshToken);
  const basic = read(StorageKey.msg);
  if (!refreshToken || !basic || !read(StorageKey.accessToken)) return;
  const left = msUntilExpiry();
  if (left > REFRESH_MARGIN_MS) return;
  refreshing ??= (async () => {
    try {
      const token = await request<TokenResponse>(oauthTokenApi.token, {
        method: 'POST',
        form: { grant_type: 'refresh_token', refresh_token: refreshToken },
        headers: { Authorization: `Basic ${basic}` },
        auth: false,
        silent: true,
        raw: true,
      });
      saveTokens(token);
    } catch {
      // The next call meets the expired token and the 401 path takes over.
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function buildUrl(url: string, params: RequestOptions['params']): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/**
 * The one way the console calls the server (docs/product.md §8). Resolves with the envelope's data;
 * rejects with a RequestError after telling the user, unless `silent`.
 */
export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', auth = true, silent = false, timeoutMs = TIMEOUT_MS } = options;
  if (auth && !url.startsWith(oauthTokenApi.token)) await refreshIfNeeded();
  const headers: Record<string, string> = {
    'Accept-Language': settingsStore.get().lang === 'en' ? 'en' : 'zh-CN',
    ...options.headers,
  };
  const authorization = auth ? authorizationHeader() : null;
  if (authorization && !headers.Authorization) headers.Authorization = authorization;
  const scenicId = auth ? actingScenicId() : null;
  if (authorization && scenicId) headers['X-Scenic-Id'] = scenicId;
  let body: BodyInit | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form);
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  } else if (options.data instanceof FormData) {
    body = options.data;
  } else if (options.data !== undefined) {
    body = JSON.stringify(options.data);
    headers['Content-Type'] = 'application/json';
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(buildUrl(url, options.params), {
      method,
      headers,
      body,
      signal: controller.signal,
    });
  } catch {
    // docs/product.md §8: no response → '服务器连接超时', shown for 60 s
    if (!silent) void feedback().then(({ message }) => message.error(t('timeout'), 60));
    throw new RequestError(t('timeout'), 0, null, !silent);
  } finally {
    clearTimeout(timer);
  }

  if (
    options.download &&
    response.status === 200 &&
    !/json/i.test(response.headers.get('content-type') ?? '')
  ) {
    const download: Download = {
      blob: await response.blob(),
      fileName: fileNameOf(response.headers.get('content-disposition')),
    };
    return download as T;
  }

  let parsed: Partial<Envelope<unknown>> | null;
  try {
    parsed = (await response.json()) as Partial<Envelope<unknown>>;
  } catch {
    parsed = null;
  }
  const msg = typeof parsed?.msg === 'string' && parsed.msg ? parsed.msg : t('connectionError');

  if (response.status === 401) {
    const error = new RequestError(msg, 401, parsed, true);
    if (options.onUnauthorized) options.onUnauthorized(error);
    else if (!silent || parsed?.data !== 'invalid_grant') void handleUnauthorized(msg, parsed?.data);
    throw error;
  }
  if (response.status !== 200) {
    if (!silent) void feedback().then(({ message }) => message.error(msg));
    throw new RequestError(msg, response.status, parsed, !silent);
  }
  if (options.raw) return parsed as T;
  if (parsed?.code === -1) {
    void handleSessionGone(msg);
    throw new RequestError(msg, 200, parsed, true);
  }
  if (parsed?.code !== 200) {
    if (!silent) void feedback().then(({ message }) => message.error(msg));
    throw new RequestError(msg, 200, parsed, !silent);
  }
  return parsed.data as T;
}

export const get = <T>(url: string, params?: RequestOptions['params'], options: RequestOptions = {}) =>
  request<T>(url, { ...options, method: 'GET', params });

export const post = <T>(url: string, data?: unknown, options: RequestOptions = {}) =>
  request<T>(url, { ...options, method: 'POST', data });
