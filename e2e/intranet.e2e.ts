// Design "security model": over plain HTTP on an intranet host name `crypto.subtle` is missing, and
// the console encrypts the password with its pure-JS fallback (node-forge) instead.
import { describe, expect, inject, it } from 'vitest';
import { snap, useConsole } from './support/browser.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { loginWithForm } from './support/ui.ts';

const HOST = 'scenic.intranet';
const { openPage } = useConsole([`--host-resolver-rules=MAP ${HOST} 127.0.0.1`]);

describe('intranet host name over plain HTTP', () => {
  it('has no crypto.subtle and still logs in with the encrypted password', async () => {
    const { port } = new URL(inject('baseUrl'));
    const { page, go } = await openPage({ origin: `http://${HOST}:${port}` });
    await go('/login');
    await page.locator('#username').waitFor();
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    expect(await page.evaluate(() => typeof window.crypto.subtle)).toBe('undefined');
    await snap(page, 'login-intranet');

    const tokenRequest = page.waitForRequest((r) => r.url().endsWith('/login/oauth/token'));
    await loginWithForm(page, 'admin', ADMIN_PASSWORD, '/dashboard');
    const password = new URLSearchParams((await tokenRequest).postData() ?? '').get('password') ?? '';
    expect(password).not.toContain(ADMIN_PASSWORD);
    expect(Buffer.from(password, 'base64').length).toBeGreaterThanOrEqual(256);
    await page.getByText('您好，').first().waitFor();
    expect(new URL(page.url()).host).toBe(`${HOST}:${port}`);
  });
});
