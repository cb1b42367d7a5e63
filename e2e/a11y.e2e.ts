// Issue 14 (docs/accessibility.md): axe-core on every screen of the route table and the public
// screens, in Chinese and English, at 1440 px and 800 px (each screen in each language at one of
// them, alternating; A11Y_FULL=1 for all four); no serious or critical violation.
import { distributorApi } from '../src/shared/api/distribution.ts';
import fs from 'node:fs';
import path from 'node:path';
import type Axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { announcementApi } from '../src/shared/api/content.ts';
import { couponApi } from '../src/shared/api/coupons.ts';
import { copyrightApi, scenicApi } from '../src/shared/api/endpoints.ts';
import { memberLevelApi, userApi } from '../src/shared/api/members.ts';
import { orderApi } from '../src/shared/api/orders.ts';
import { otaChannelApi } from '../src/shared/api/ota.ts';
import { printTemplateApi } from '../src/shared/api/print-templates.ts';
import { productApi } from '../src/shared/api/products.ts';
import { refundApplyApi } from '../src/shared/api/refunds.ts';
import { noticeApi } from '../src/shared/api/notices.ts';
import { theatreApi } from '../src/shared/api/theatres.ts';
import { WEB_MODULES } from '../src/web/app/modules.ts';
import { authPost, encrypt, type Tokens } from './support/api.ts';
import { NARROW, settle, useConsole, WIDE, type ConsolePage } from './support/browser.ts';
import { ADMIN_PASSWORD, ROOT } from './support/server.ts';
import { shopOrderApi } from '../src/shared/api/shop-orders.ts';
import { shopGoodApi } from '../src/shared/api/shop.ts';
import { faceDeviceApi } from '../src/shared/api/face-devices.ts';
import { machineApi } from '../src/shared/api/sales-terminals.ts';
import { cardApi, cardKindApi } from '../src/shared/api/cards.ts';
import { mapRouteApi, tourMapApi } from '../src/shared/api/map-guide.ts';

const { openPage } = useConsole();

const AXE_SOURCE = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const LANGS = ['zh', 'en'] as const;
const WIDTHS = [WIDE, NARROW] as const;
/** The screens outside the layout (src/web/app/router.tsx), opened without a console session. */
const PUBLIC_ROUTES = ['/login', '/404', '/401', '/copLogin', '/changePassword'];

/**
 * Exceptions: one rule for one selector, each with its reason (listed in docs/accessibility.md).
 * Empty unless a violation comes from a library and cannot be fixed from outside.
 */
const EXCEPTIONS: { rule: string; selector: string; why: string }[] = [];

type Lookup = (baseUrl: string, tokens: Tokens) => Promise<string>;

async function firstId(
  baseUrl: string,
  tokens: Tokens,
  url: string,
  body: object = { page: 1, limit: 10 },
): Promise<number> {
  const { data } = await authPost<unknown>(baseUrl, tokens.access_token, url, body);
  const rows = Array.isArray(data) ? data : (data as { rows: { id: number }[] }).rows;
  const id = (rows[0] as { id?: number } | undefined)?.id;
  if (!id) throw new Error(`${url}: no row to open a detail page with`);
  return id;
}

/**
 * The query string each hidden route of the route table is opened with: a real record from the
 * demo data. A new hidden route fails the sweep until it is listed here.
 */
const HIDDEN_QUERIES: Record<string, Lookup | null> = {
  '/scenic/announDetail': async (b, t) => `?id=${await firstId(b, t, announcementApi.page)}`,
  '/scenic/sceManageDetail': async (b, t) => `?id=${await firstId(b, t, scenicApi.page)}`,
  '/disManage/details': async (b, t) => `?id=${await firstId(b, t, distributorApi.page)}`,
  '/ticket/detailPage': async (b, t) => `?id=${await firstId(b, t, orderApi.page)}`,
  '/ticket/disOrderPage': async (b, t) => `?id=${await firstId(b, t, orderApi.page)}`,
  '/disManage/disOrderPage': async (b, t) =>
    `?id=${await firstId(b, t, orderApi.page, { page: 1, limit: 10, channel: 13 })}`,
  '/ticket/printer': async (b, t) => `?id=${await firstId(b, t, printTemplateApi.page)}`,
  '/ticket/scenicTicDetail': async (b, t) => `?id=${await firstId(b, t, productApi.page)}`,
  '/ticket/productDetail': async (b, t) => `?id=${await firstId(b, t, productApi.page)}`,
  '/ticket/refTicCheDet': async (b, t) => `?id=${await firstId(b, t, refundApplyApi.page)}`,
  '/ticket/instructionsDetailPage': async (b, t) => `?id=${await firstId(b, t, noticeApi.page)}`,
  '/ticket/seatsManage': async (b, t) => `?id=${await firstId(b, t, theatreApi.page)}`,
  '/ticket/theaterTicDetail': async (b, t) => `?productId=${await firstId(b, t, theatreApi.products, {})}`,
  '/promotion/couponCodes': async (b, t) =>
    `?couponId=${await firstId(b, t, couponApi.page, { page: 1, limit: 10, couponType: 2 })}`,
  '/user/userDetail': async (b, t) => `?id=${await firstId(b, t, userApi.page)}`,
  '/user/memberRankDetail': async (b, t) => `?id=${await firstId(b, t, memberLevelApi.page)}`,
  '/ota/otaDetails': async (b, t) => `?id=${await firstId(b, t, otaChannelApi.page, {})}`,
  '/shop/goodQuery': async (b, t) => `?id=${await firstId(b, t, shopGoodApi.page)}`,
  '/shop/orderQuery': async (b, t) => `?id=${await firstId(b, t, shopOrderApi.page)}`,
  '/terminal/faceConfig': async (b, t) => `?id=${await firstId(b, t, faceDeviceApi.page)}`,
  '/terminal/autoSellTicketMange': async (b, t) => `?id=${await firstId(b, t, machineApi.page)}`,
  '/VipCard/vipUse': async (b, t) => `?id=${await firstId(b, t, cardKindApi.page)}`,
  '/VipCard/EnjSelfCardListDetail': async (b, t) => `?id=${await firstId(b, t, cardApi.page)}`,
  '/VipCard/cardCodes': async (b, t) => `?kindId=${await firstId(b, t, cardKindApi.page)}`,
  '/mapGuide/spotGuideDetail': async (b, t) => `?id=${await firstId(b, t, tourMapApi.list)}`,
  '/mapGuide/tourRouteDetail': async (b, t) => `?id=${await firstId(b, t, mapRouteApi.list)}`,
  // these pick their own record, or need none
  '/ticket/priceCalendar': null,
  '/ticket/theatreManage': null,
  '/profile/password': null,
  '/statAnalyse/origin': null,
  '/shop/storeInvoiceSet': null,
  '/shop/accountManage': null,
  '/sys/smsDetailPage': null,
  '/invoice/disInvoicePage': null,
};

/** Every screen behind the layout, from the modules' manifests (the route table's source). */
const LAYOUT_ROUTES = WEB_MODULES.flatMap((m) =>
  m.routes.map((r) => ({ path: r.path, hidden: Boolean(r.hidden) })),
);

interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Counts the page's pending requests, so a screen is read only once its data has arrived. */
function trackRequests(page: Page): () => number {
  const pending = new Set<unknown>();
  page.on('request', (r) => pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return () => pending.size;
}

/**
 * Waits until nothing loads: no request in flight, no page fallback, spinner or skeleton, and no
 * colour transition half-way, on two polls in a row (a page may start more after its first data:
 * the price calendar picks its product when the list arrives, and its buttons fade in).
 */
async function waitForData(page: Page, pending: () => number): Promise<void> {
  const busy = '.page-loading, .ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading';
  let quiet = 0;
  await expect
    .poll(
      async () => {
        if (pending() > 0) {
          quiet = 0;
          return false;
        }
        await settle(page);
        const idle = await page.evaluate(
          (selector) =>
            !document.querySelector(selector) &&
            !document
              .getAnimations()
              .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity),
          busy,
        );
        quiet = idle && pending() === 0 ? quiet + 1 : 0;
        return quiet >= 2;
      },
      { timeout: 15_000, interval: 50 },
    )
    .toBe(true);
}

async function runAxe(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    // the other open tabs stay mounted, hidden (src/web/layout/page-host.tsx): only the shown one counts
    const context = { exclude: [['[data-active="false"]']] };
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.map((n) => {
          const contrast = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number };
          const colours = contrast?.fgColor
            ? ` [${contrast.fgColor} on ${contrast.bgColor}: ${contrast.contrastRatio}]`
            : '';
          return `${n.target.join(' ')}${colours}  ${n.html.replace(/\s+/g, ' ').slice(0, 120)}`;
        }),
      }));
  });
}

function excepted(finding: Finding): Finding | null {
  const targets = finding.targets.filter(
    (target) => !EXCEPTIONS.some((e) => e.rule === finding.rule && target.includes(e.selector)),
  );
  return targets.length ? { ...finding, targets } : null;
}

/**
 * The widths a language sweeps its `i`-th route at: one each, alternating, so every screen is read
 * in both languages and at both widths (Chinese wide and English narrow, then the other way round)
 * at half the cost of all four. `A11Y_FULL=1` sweeps every screen at both widths in both languages.
 */
function widthsOf(lang: string, i: number): readonly number[] {
  if (process.env.A11Y_FULL) return WIDTHS;
  return (i + LANGS.indexOf(lang as (typeof LANGS)[number])) % 2 === 0 ? [WIDE] : [NARROW];
}

/**
 * Opens each route in turn (`open`: by its hash, staying in the page), at its widths, and collects
 * the findings as report lines.
 */
async function sweep(
  { page, errors }: ConsolePage,
  routes: string[],
  lang: string,
  open: (route: string) => Promise<void>,
  ready: (route: string) => Promise<void>,
) {
  const report: string[] = [];
  for (const [i, route] of routes.entries()) {
    const widths = widthsOf(lang, i);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      try {
        if (width === widths[0]) await open(route);
        await ready(route);
      } catch (error) {
        report.push(`${route} [${lang}, ${width}px] did not render: ${(error as Error).message}`);
        // a broken console would fail every screen, slowly: stop at the first error in the page
        if (errors.length) return [...report, ...errors];
        break;
      }
      report.push(...(await axeReport(page, `${route} [${lang}, ${width}px]`)));
    }
  }
  return report;
}

/** axe's serious and critical findings on the page as it is, as report lines under `where`. */
async function axeReport(page: Page, where: string): Promise<string[]> {
  return (await runAxe(page))
    .map(excepted)
    .filter((finding) => finding !== null)
    .map(
      (finding) =>
        `${where} ${finding.rule} (${finding.impact}): ${finding.help}\n` +
        finding.targets.map((t) => `    ${t}`).join('\n'),
    );
}

/** One language's sweep of the screens behind the layout, by hash in one page. */
async function sweepLayout(page: ConsolePage, routes: string[], lang: string): Promise<string[]> {
  const pending = trackRequests(page.page);
  await page.go('/dashboard');
  const open = async (hash: string) => {
    // the tabs of the screens already swept would stay mounted and slow axe down: close them
    const active = page.page.locator('[data-testid="tags-view"] [role="tab"][aria-selected="true"]');
    if (await active.count()) {
      await active.click({ button: 'right' });
      const item = page.page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [data-menu-id$="closeOthers"]');
      await item.click();
      await item.waitFor({ state: 'hidden' });
      // and the pointer off the page, so no control is read in its hover colour
      await page.page.mouse.move(NARROW - 1, 899);
    }
    await page.page.evaluate((h) => void (window.location.hash = h), hash);
  };
  const report = await sweep(page, routes, lang, open, async (route) => {
    // a page may add to its query (the price calendar picks a product): compare the path only
    const want = route.split('?')[0];
    await page.page.waitForFunction((p) => window.location.hash.slice(1).split('?')[0] === p, want);
    await page.page.locator('[data-testid="active-pane"]').waitFor();
    await waitForData(page.page, pending);
  });
  // then at 800 px: the mobile layout's menu, which lives in a drawer, opened
  await page.page.setViewportSize({ width: NARROW, height: 900 });
  await page.page.locator('[data-testid="sidebar-toggle"]').click();
  await page.page.locator('.ant-drawer-open .ant-menu-root').waitFor();
  await waitForData(page.page, pending);
  return [...report, ...(await axeReport(page.page, `menu drawer [${lang}, ${NARROW}px]`))];
}

/** One language's sweep of the public screens, each in a document of its own; then /copyright. */
async function sweepPublic(page: ConsolePage, lang: string, copyrightToken: string): Promise<string[]> {
  const pending = trackRequests(page.page);
  const open = async (route: string) => {
    await page.page.goto('about:blank');
    await page.go(route);
  };
  const ready = async (route: string) => {
    await page.page.waitForFunction((want) => window.location.hash.startsWith(`#${want}`), route);
    await page.page.waitForFunction(() => !!document.querySelector('#root')?.childElementCount);
    await waitForData(page.page, pending);
  };
  const report = await sweep(page, PUBLIC_ROUTES, lang, open, ready);
  await page.page.evaluate((token) => localStorage.setItem('backstage_copToken', token), copyrightToken);
  return [...report, ...(await sweep(page, ['/copyright'], lang, open, ready))];
}

// The two languages run side by side, each in its own page: the sweep waits on the browser and
// the server far more than on either CPU.
describe('accessibility sweep (axe-core)', () => {
  it('knows how to open every hidden route of the route table', () => {
    const hidden = LAYOUT_ROUTES.filter((r) => r.hidden).map((r) => r.path);
    expect(hidden.filter((p) => !(p in HIDDEN_QUERIES))).toEqual([]);
  });

  // one test per menu group (a group's screens in both languages side by side), so each stays well
  // inside its time limit however many screens the product grows
  const groups = [...new Set(LAYOUT_ROUTES.map((r) => r.path.split('/')[1]!))];
  it.each(groups)(
    'every screen of /%s in the route table, in Chinese and English, at 1440 and 800 px',
    async (group) => {
      const baseUrl = inject('baseUrl');
      const tokens = inject('adminTokens');
      const routes: string[] = [];
      for (const { path: route } of LAYOUT_ROUTES.filter((r) => r.path.split('/')[1] === group)) {
        const lookup = HIDDEN_QUERIES[route];
        routes.push(lookup ? `${route}${await lookup(baseUrl, tokens)}` : route);
      }
      const started = Date.now();
      const reports = await Promise.all(
        LANGS.map(async (lang) =>
          sweepLayout(await openPage({ tokens, storage: [{ name: 'language', value: lang }] }), routes, lang),
        ),
      );
      console.error(
        `a11y sweep /${group}: ${routes.length} routes × 2 languages in ${Date.now() - started} ms`,
      );
      expect(reports.flat().join('\n')).toBe('');
    },
    300_000,
  );

  it('the public screens, in Chinese and English, at 1440 and 800 px', async () => {
    const baseUrl = inject('baseUrl');
    // the copyright screen is behind its own login (a copyright session, without the console's)
    const response = await fetch(`${baseUrl}${copyrightApi.loginCheck}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: await encrypt(baseUrl, ADMIN_PASSWORD) }),
    });
    const { data } = (await response.json()) as { data: { token: string } };
    const reports = await Promise.all(
      LANGS.map(async (lang) =>
        sweepPublic(await openPage({ storage: [{ name: 'language', value: lang }] }), lang, data.token),
      ),
    );
    expect(reports.flat().join('\n')).toBe('');
  }, 120_000);
});
