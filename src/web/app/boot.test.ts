import { describe, expect, it } from 'vitest';
import { CONSOLE_PUBLIC_PATHS, hashLocation, loginLocation, redirectOf } from './boot.ts';

describe('loginLocation', () => {
  it('sends a visitor without a session to the login form, remembering where they were going', () => {
    expect(loginLocation('', false)).toBe('/login');
    expect(loginLocation('#/', false)).toBe('/login');
    expect(loginLocation('#/dashboard', false)).toBe('/login?redirect=%2Fdashboard');
    expect(loginLocation('#/scenic/sceManage?id=3', false)).toBe(
      '/login?redirect=%2Fscenic%2FsceManage%3Fid%3D3',
    );
    expect(loginLocation('#/login?redirect=/x', false)).toBe('/login?redirect=/x');
  });

  it('opens the console with a session, and for the other public screens', () => {
    expect(loginLocation('#/login', true)).toBeNull();
    expect(loginLocation('#/dashboard', true)).toBeNull();
    for (const path of CONSOLE_PUBLIC_PATHS) expect(loginLocation(`#${path}?a=1`, false)).toBeNull();
  });
});

describe('hashLocation and redirectOf', () => {
  it('split the hash route into path and query', () => {
    expect(hashLocation('#/a/b?c=1')).toEqual({ path: '/a/b', search: '?c=1' });
    expect(hashLocation('')).toEqual({ path: '/', search: '' });
    expect(redirectOf('/login?redirect=%2Fscenic%2FsceManage')).toBe('/scenic/sceManage');
    expect(redirectOf('/login')).toBeNull();
  });
});

describe('the public routes', () => {
  it('are the router’s routes outside the session guard, /login aside', async () => {
    const { routes } = await import('./router.tsx');
    const publicPaths = routes.map((r) => r.path).filter((p) => p !== '/*' && p !== '/login');
    expect(publicPaths.sort()).toEqual([...CONSOLE_PUBLIC_PATHS].sort());
  });
});

describe('the boot script of index.html', () => {
  it('reads the session under the console’s own key and marks the document for the console', async () => {
    const { ACCESS_TOKEN_KEY, BOOT_SCRIPT } = await import('../../shared/boot-script.ts');
    const { StorageKey } = await import('../lib/storage.ts');
    expect(ACCESS_TOKEN_KEY).toBe(StorageKey.accessToken);
    const run = (hash: string, token: string | null) => {
      const attributes: Record<string, string> = {};
      const scope = {
        location: { hash },
        localStorage: { getItem: (key: string) => (key === ACCESS_TOKEN_KEY ? token : null) },
        document: { documentElement: { setAttribute: (k: string, v: string) => (attributes[k] = v) } },
      };
      new Function('location', 'localStorage', 'document', BOOT_SCRIPT)(
        scope.location,
        scope.localStorage,
        scope.document,
      );
      return attributes['data-boot'] ?? null;
    };
    expect(run('#/login', null)).toBeNull();
    expect(run('', null)).toBeNull();
    expect(run('#/dashboard', null)).toBeNull();
    expect(run('#/dashboard', 'token')).toBe('console');
    expect(run('#/copLogin?x=1', null)).toBe('console');
  });
});
