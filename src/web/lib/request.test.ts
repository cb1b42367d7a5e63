// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFeedback, type Feedback } from './feedback.ts';
import { StorageKey } from './storage.ts';

vi.mock('./navigation.ts', () => ({ reloadTo: vi.fn() }));
const { reloadTo } = await import('./navigation.ts');
const { request, post, RequestError } = await import('./request.ts');

type Call = { url: string; init: RequestInit };
let calls: Call[];
let modalError: ReturnType<typeof vi.fn>;
let messageError: ReturnType<typeof vi.fn>;

function reply(status: number, body: unknown) {
  return new Response(body === undefined ? 'not json' : JSON.stringify(body), { status });
}

function stubFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
}

beforeEach(() => {
  calls = [];
  localStorage.clear();
  modalError = vi.fn();
  messageError = vi.fn();
  setFeedback({
    message: { error: messageError, success: vi.fn(), warning: vi.fn() },
    modal: { error: modalError },
    notification: { error: vi.fn() },
  } as unknown as Feedback);
  vi.mocked(reloadTo).mockClear();
  localStorage.setItem(StorageKey.accessToken, 'tok');
  localStorage.setItem(StorageKey.tokenType, 'bearer');
  localStorage.setItem(StorageKey.createTime, new Date().toISOString());
  localStorage.setItem(StorageKey.expiresIn, '7200');
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('request layer (docs/product.md §8)', () => {
  it('sends the session token and the language, and resolves with data', async () => {
    stubFetch(() => reply(200, { code: 200, msg: 'ok', data: { n: 1 } }));
    await expect(post('/web/api/x', { a: 1 })).resolves.toEqual({ n: 1 });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('bearer tok');
    expect(headers['Accept-Language']).toBe('zh-CN');
    expect(calls[0]!.init.body).toBe('{"a":1}');
  });

  it("sends a platform account's chosen scenic area with every authenticated call", async () => {
    stubFetch(() => reply(200, { code: 200, msg: 'ok', data: null }));
    localStorage.setItem(StorageKey.actingScenicId, '2');
    await request('/web/api/x');
    await request('/web/api/ticket/auth/getPublicKey', { auth: false });
    expect((calls[0]!.init.headers as Record<string, string>)['X-Scenic-Id']).toBe('2');
    expect((calls[1]!.init.headers as Record<string, string>)['X-Scenic-Id']).toBeUndefined();
  });

  it('shows one 401 dialog however many calls fail at once, then clears the session and goes to login', async () => {
    stubFetch(() => reply(401, { code: 401, msg: '登录已过期，请重新登录', data: null }));
    const results = await Promise.allSettled([request('/a'), request('/b'), request('/c')]);
    await settle();
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(modalError).toHaveBeenCalledTimes(1);
    const dialog = modalError.mock.calls[0]![0];
    expect(dialog.title).toBe('错误');
    expect(dialog.content).toBe('登录已过期，请重新登录');
    dialog.onOk();
    expect(localStorage.getItem(StorageKey.accessToken)).toBeNull();
    expect(reloadTo).toHaveBeenCalledWith('/login?redirect=/dashboard');
  });

  it('keeps the session when the 401 is invalid_grant (a failed login)', async () => {
    stubFetch(() => reply(401, { code: 401, msg: '用户名或密码错误', data: 'invalid_grant' }));
    await expect(
      request('/login/oauth/token', { method: 'POST', raw: true, auth: false }),
    ).rejects.toBeInstanceOf(RequestError);
    await settle();
    modalError.mock.calls[0]![0].onOk();
    expect(reloadTo).not.toHaveBeenCalled();
    expect(localStorage.getItem(StorageKey.accessToken)).toBe('tok');
  });

  it("shows the server's message for other failures, or '连接错误' without one", async () => {
    stubFetch((url) =>
      url === '/with-msg' ? reply(409, { code: 409, msg: '库存不足', data: null }) : reply(502, undefined),
    );
    await expect(request('/with-msg')).rejects.toThrow('库存不足');
    await expect(request('/without')).rejects.toThrow('连接错误');
    await settle();
    expect(messageError.mock.calls.map((c) => c[0])).toEqual(['库存不足', '连接错误']);
  });

  it("says '服务器连接超时' for 60 s when no response comes", async () => {
    stubFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(request('/slow')).rejects.toThrow('服务器连接超时');
    await settle();
    expect(messageError).toHaveBeenCalledWith('服务器连接超时', 60);
  });

  it('aborts after the timeout', async () => {
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(request('/hang', { timeoutMs: 20 })).rejects.toThrow('服务器连接超时');
  });

  it('logs out on body code -1', async () => {
    stubFetch(() => reply(200, { code: -1, msg: '会话已失效', data: null }));
    await expect(request('/x')).rejects.toThrow('会话已失效');
    await settle();
    modalError.mock.calls.at(-1)![0].onOk();
    expect(reloadTo).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem(StorageKey.accessToken)).toBeNull();
  });

  it('stays quiet when asked (counts that fall back to 0)', async () => {
    stubFetch(() => reply(500, { code: 500, msg: 'boom', data: null }));
    await expect(request('/count', { silent: true })).rejects.toThrow('boom');
    await settle();
    expect(messageError).not.toHaveBeenCalled();
  });

  it('refreshes a token about to expire once, before the calls that need it', async () => {
    localStorage.setItem(StorageKey.createTime, new Date(Date.now() - 7100 * 1000).toISOString());
    localStorage.setItem(StorageKey.refreshToken, 'old-refresh');
    localStorage.setItem(StorageKey.msg, 'YmFzaWM=');
    stubFetch((url) =>
      url === '/login/oauth/token'
        ? reply(200, {
            access_token: 'new-tok',
            refresh_token: 'new-refresh',
            expires_in: 7200,
            refresh_expires_in: 604800,
            createTime: new Date().toISOString(),
            roles: [],
            token_type: 'bearer',
            avatar: '',
            scope: 'all',
          })
        : reply(200, { code: 200, msg: 'ok', data: null }),
    );
    await Promise.all([request('/a'), request('/b')]);
    expect(calls.filter((c) => c.url === '/login/oauth/token')).toHaveLength(1);
    const refresh = calls.find((c) => c.url === '/login/oauth/token')!;
    expect(String(refresh.init.body)).toBe('grant_type=refresh_token&refresh_token=old-refresh');
    expect((refresh.init.headers as Record<string, string>).Authorization).toBe('Basic YmFzaWM=');
    for (const call of calls.filter((c) => c.url !== '/login/oauth/token')) {
      expect((call.init.headers as Record<string, string>).Authorization).toBe('bearer new-tok');
    }
    expect(localStorage.getItem(StorageKey.refreshToken)).toBe('new-refresh');
  });
});
