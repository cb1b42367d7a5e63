// The per-test page fixture of the e2e files and helpers to look at the console.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { apiLogin, sessionStorageEntries, type Account, type Tokens } from './api.ts';
import { ARTIFACTS, launchBrowser, NARROW, WIDE } from './chromium.ts';

export { ARTIFACTS, NARROW, WIDE };

export interface OpenOptions {
  /** Signed in through the API before the page opens (local storage seeded), instead of the form. */
  account?: Account;
  /** An existing token pair to seed (e.g. the shared admin session). */
  tokens?: Tokens;
  /** Origin to open instead of the server's own (the intranet host name test). */
  origin?: string;
  width?: number;
  /** Extra local storage entries (settings such as `language`). */
  storage?: { name: string; value: string }[];
}

export interface ConsolePage {
  page: Page;
  context: BrowserContext;
  origin: string;
  /** Opens a console route (hash router): `go('/dashboard')`. */
  go(route: string): Promise<void>;
  /** The current route (the part after `#`). */
  route(): string;
  /** Uncaught errors in the page so far. */
  errors: string[];
}

/**
 * Registers the hooks of an e2e file: one browser for the file, a fresh context per page, every
 * context closed after its test and no uncaught page error allowed.
 */
export function useConsole(browserArgs: string[] = []) {
  let browser: Browser | null = null;
  const open: ConsolePage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser(browserArgs);
  });
  afterEach(async () => {
    const pages = open.splice(0);
    await Promise.all(pages.map((p) => p.context.close()));
    for (const p of pages) expect(p.errors, 'uncaught errors in the page').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openPage(options: OpenOptions = {}): Promise<ConsolePage> {
    if (!browser) throw new Error('browser not launched');
    const baseUrl = inject('baseUrl');
    const origin = options.origin ?? baseUrl;
    const tokens = options.tokens ?? (options.account ? await apiLogin(baseUrl, options.account) : null);
    const localStorage = [
      ...(tokens ? await sessionStorageEntries(baseUrl, tokens) : []),
      ...(options.storage ?? []),
    ];
    const context = await browser.newContext({
      viewport: { width: options.width ?? WIDE, height: 900 },
      locale: 'zh-CN',
      storageState: localStorage.length ? { cookies: [], origins: [{ origin, localStorage }] } : undefined,
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const consolePage: ConsolePage = {
      page,
      context,
      origin,
      errors,
      go: async (route) => {
        await page.goto(`${origin}/#${route}`);
      },
      route: () => decodeURIComponent(new URL(page.url()).hash.replace(/^#/, '')),
    };
    open.push(consolePage);
    return consolePage;
  }

  return { openPage };
}

/** Waits until the console shows the given route (hash). */
export async function waitForRoute(page: Page, route: string | RegExp): Promise<void> {
  const want =
    typeof route === 'string'
      ? { exact: route, source: '', flags: '' }
      : { exact: null, source: route.source, flags: route.flags };
  await page.waitForFunction(({ exact, source, flags }) => {
    const hash = decodeURIComponent(window.location.hash.replace(/^#/, ''));
    return exact === null ? new RegExp(source, flags).test(hash) : hash === exact;
  }, want);
}

/**
 * Screenshots of the current screen at 1440 px and 800 px wide into e2e/artifacts/<name>-<width>.png
 * for people to look at (tests never compare them); the page is left at its previous width.
 */
export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const original = page.viewportSize() ?? { width: WIDE, height: 900 };
  for (const width of [WIDE, NARROW]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), animations: 'disabled' });
  }
  await page.setViewportSize(original);
  await settle(page);
}

/** Two animation frames: enough for a media-query re-render to reach the screen. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
