// `npm run bench:web [-- --no-build] [-- --check] [-- --json] [-- --runs N] [-- --no-timing]
//   [-- --no-screens] [-- --compare name=url ...]`: what the console's screens load, and how fast the
// login route paints.
// Builds the console into dist/web (or uses the existing build with --no-build), starts the server
// on a fresh database, opens the login route in headless Chromium with an empty cache and records
// every request; then logs in and records what the first screen after it (the dashboard) adds, and
// opens every screen of the route table on its own to record what it loads beyond the layout.
// Sizes come from the files on disk (gzip computed here with zlib, level 9), so they do not depend
// on the network or on what the server chose to compress. Timing: first contentful paint and
// blocking time of the login route, median of N fresh loads, on a desktop profile and on the
// mobile profile of issue 14 (4x CPU slowdown, 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency).
// --compare measures another console's login route (e.g. vue-element-admin served locally) with
// the same profiles in the same run. --check fails on the budgets below. docs/performance.md
// explains the numbers.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser } from '../e2e/support/chromium.ts';
import { ADMIN_PASSWORD, buildConsole, ROOT, startServer } from '../e2e/support/server.ts';

/** The budgets of docs/performance.md (issue 14), checked with --check; the one place they are set. */
export const BUDGET = {
  /** The login route's JavaScript, gzip, KiB. */
  loginJsKib: 115,
  /** Document, scripts, style sheets and API calls of the login route. */
  loginRequests: 8,
  /** What the first screen after the login (dashboard) adds, JavaScript gzip, KiB. */
  dashboardJsKib: 250,
} as const;

/** Libraries that may load only with the screens that use them, never with the login or the dashboard. */
export const HEAVY_PACKAGES = [
  /^@tiptap\//,
  /^prosemirror-/,
  /^write-excel-file$/,
  /^node-forge$/,
  /^qrcode/,
  /chart/,
  /^leaflet/,
  /^pdf/,
  /^xlsx$/,
  /^exceljs$/,
];

interface Profile {
  name: string;
  cpu: number;
  network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
}

const PROFILES: Profile[] = [
  { name: 'desktop', cpu: 1, network: null },
  {
    name: '4x CPU + Fast 3G (150 ms)',
    cpu: 4,
    network: { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
  },
];

const argv = process.argv.slice(2);
const args = new Set(argv);
/** The values of a repeated option: `--compare a=url --compare b=url`. */
const valuesOf = (name: string) =>
  argv.flatMap((arg, i) => (arg === name && argv[i + 1] ? [argv[i + 1]!] : []));
const RUNS = Math.max(1, Number(valuesOf('--runs')[0] ?? 5) || 5);
const WEB_DIR = path.join(ROOT, 'dist/web');

type Kind = 'document' | 'js' | 'css' | 'api' | 'other';

interface Loaded {
  url: string;
  kind: Kind;
  file: string | null;
  raw: number;
  gzip: number;
}

interface RouteReport {
  route: string;
  requests: number;
  byKind: Record<Kind, number>;
  files: Loaded[];
  js: { count: number; raw: number; gzip: number };
  css: { count: number; raw: number; gzip: number };
  /** Packages in the scripts loaded, bytes rendered (from the build's `.chunks.json`). */
  packages: Record<string, number>;
}

const gzipCache = new Map<string, { raw: number; gzip: number }>();
function sizesOf(file: string): { raw: number; gzip: number } {
  let sizes = gzipCache.get(file);
  if (!sizes) {
    const content = fs.readFileSync(file);
    sizes = { raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length };
    gzipCache.set(file, sizes);
  }
  return sizes;
}

function classify(request: Request, baseUrl: string): Loaded {
  const url = new URL(request.url());
  const type = request.resourceType();
  const kind: Kind =
    type === 'document'
      ? 'document'
      : type === 'script' || url.pathname.endsWith('.js')
        ? 'js'
        : type === 'stylesheet' || url.pathname.endsWith('.css')
          ? 'css'
          : type === 'fetch' || type === 'xhr'
            ? 'api'
            : 'other';
  let file: string | null = null;
  if (url.origin === new URL(baseUrl).origin && (kind === 'js' || kind === 'css' || kind === 'document')) {
    const candidate = path.join(
      WEB_DIR,
      url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname),
    );
    if (candidate.startsWith(WEB_DIR) && fs.existsSync(candidate)) file = candidate;
  }
  const sizes = file ? sizesOf(file) : { raw: 0, gzip: 0 };
  return { url: url.pathname + url.search, kind, file, ...sizes };
}

/** Records every request of the page until `stop()`; `idle()` waits until nothing is in flight for a while. */
function recorder(page: Page, baseUrl: string) {
  const requests: Request[] = [];
  let inFlight = 0;
  let lastChange = Date.now();
  const onRequest = (r: Request) => {
    requests.push(r);
    inFlight++;
    lastChange = Date.now();
  };
  const onDone = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  return {
    async idle(quietMs = 700, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error('the page did not go quiet within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop(): Loaded[] {
      page.off('request', onRequest);
      page.off('requestfinished', onDone);
      page.off('requestfailed', onDone);
      return requests.map((r) => classify(r, baseUrl));
    },
  };
}

function summarise(route: string, files: Loaded[]): RouteReport {
  const byKind: Record<Kind, number> = { document: 0, js: 0, css: 0, api: 0, other: 0 };
  for (const f of files) byKind[f.kind]++;
  const total = (kind: Kind) => {
    const of = files.filter((f) => f.kind === kind);
    return {
      count: of.length,
      raw: of.reduce((n, f) => n + f.raw, 0),
      gzip: of.reduce((n, f) => n + f.gzip, 0),
    };
  };
  const packages: Record<string, number> = {};
  for (const f of files) {
    if (f.kind !== 'js' || !f.file) continue;
    const name = path.relative(WEB_DIR, f.file).split(path.sep).join('/');
    for (const [pkg, bytes] of Object.entries(chunkPackages()[name] ?? {}))
      packages[pkg] = (packages[pkg] ?? 0) + bytes;
  }
  return { route, requests: files.length, byKind, files, js: total('js'), css: total('css'), packages };
}

let chunkReport: Record<string, Record<string, number>> | null = null;
function chunkPackages(): Record<string, Record<string, number>> {
  const file = `${WEB_DIR}.chunks.json`;
  chunkReport ??= fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, number>>)
    : {};
  return chunkReport;
}

const heavyIn = (report: RouteReport) =>
  Object.keys(report.packages).filter((pkg) => HEAVY_PACKAGES.some((re) => re.test(pkg)));

interface Timing {
  profile: string;
  fcpMs: number;
  blockingMs: number;
  /** The fastest and slowest of the runs, [fcp, blocking]. */
  range: { fcpMs: [number, number]; blockingMs: [number, number] };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

/**
 * First contentful paint and blocking time (the part of every long task beyond 50 ms, from the
 * start of the navigation until the page is quiet: before the paint too, as issue 14 measured it) of one fresh load of `url`, cache disabled, on `profile`.
 */
async function timeOnce(
  browser: Browser,
  url: string,
  profile: Profile,
): Promise<Omit<Timing, 'profile' | 'range'>> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const tasks: [number, number][] = [];
    (window as unknown as { __longTasks: [number, number][] }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network)
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  const quiet = recorder(page, url);
  await page.goto(url);
  const entry = await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    undefined,
    { timeout: 60_000 },
  );
  const fcpMs = Number(await entry.jsonValue());
  await quiet.idle(1000, 60_000);
  quiet.stop();
  const tasks = await page.evaluate(
    () => (window as unknown as { __longTasks: [number, number][] }).__longTasks,
  );
  const blockingMs = tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  await context.close();
  return { fcpMs: Math.round(fcpMs), blockingMs: Math.round(blockingMs) };
}

/** The medians of RUNS loads of `url` on every profile. */
async function measureTiming(browser: Browser, url: string): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const profile of PROFILES) {
    const runs: Omit<Timing, 'profile' | 'range'>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await timeOnce(browser, url, profile));
    const fcp = runs.map((r) => r.fcpMs);
    const blocking = runs.map((r) => r.blockingMs);
    timings.push({
      profile: profile.name,
      fcpMs: median(fcp),
      blockingMs: median(blocking),
      range: {
        fcpMs: [Math.min(...fcp), Math.max(...fcp)],
        blockingMs: [Math.min(...blocking), Math.max(...blocking)],
      },
    });
  }
  return timings;
}

/** What another console's first load weighs (sizes as sent, gzip or not): `--compare name=url`. */
async function measureOther(browser: Browser, name: string, url: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let requests = 0;
  let jsBytes = 0;
  page.on('request', () => requests++);
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    void request.sizes().then((sizes) => (jsBytes += sizes.responseBodySize));
  });
  const quiet = recorder(page, url);
  await page.goto(url);
  await quiet.idle(1000, 60_000);
  quiet.stop();
  await context.close();
  return { name, url, requests, jsKib: jsBytes / 1024, timing: await measureTiming(browser, url) };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

function printTable(reports: RouteReport[]) {
  const header = [
    'route',
    'requests',
    'JS files',
    'JS raw KiB',
    'JS gzip KiB',
    'CSS files',
    'CSS raw KiB',
    'CSS gzip KiB',
  ];
  const rows = reports.map((r) => [
    r.route,
    String(r.requests),
    String(r.js.count),
    kib(r.js.raw),
    kib(r.js.gzip),
    String(r.css.count),
    kib(r.css.raw),
    kib(r.css.gzip),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

function printFiles(report: RouteReport) {
  console.log(
    `\n${report.route}: ${report.requests} requests (${Object.entries(report.byKind)
      .filter(([, n]) => n)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')})`,
  );
  const files = report.files
    .filter((f) => f.kind === 'js' || f.kind === 'css')
    .sort((a, b) => b.gzip - a.gzip);
  for (const f of files) {
    console.log(`  ${kib(f.gzip).padStart(7)} KiB gzip ${kib(f.raw).padStart(7)} KiB raw  ${f.url}`);
  }
  for (const f of report.files.filter(
    (x) => x.kind === 'api' || x.kind === 'other' || x.kind === 'document',
  )) {
    console.log(`  ${''.padStart(7)} ${f.kind.padEnd(8)} ${''.padStart(16)}  ${f.url}`);
  }
}

/** Every screen of the route table, opened on its own (detail pages without a record: the chunk is the same). */
async function routePaths(): Promise<string[]> {
  const { WEB_MODULES } = await import('../src/web/app/modules.ts');
  return WEB_MODULES.flatMap((m) => m.routes.map((r) => r.path)).filter((p) => p !== '/dashboard');
}

/** Opens each screen in a fresh page of the signed-in context and records what it loads beyond `shell`. */
async function measureScreens(page: Page, baseUrl: string, shell: Set<string>): Promise<RouteReport[]> {
  const reports: RouteReport[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  for (const route of await routePaths()) {
    // a full load of the screen's URL (a hash change alone would be the router's navigation)
    await page.goto('about:blank');
    const recording = recorder(page, baseUrl);
    await page.goto(`${baseUrl}/#${route}`);
    await page.locator('[data-testid="active-pane"]').first().waitFor();
    await recording.idle();
    const files = recording.stop().filter((f) => f.kind !== 'document' && !shell.has(f.url));
    reports.push(summarise(route, files));
  }
  return reports;
}

function printHeavy(reports: RouteReport[]) {
  const lines = reports
    .map((r) => [r.route, heavyIn(r)] as const)
    .filter(([, heavy]) => heavy.length > 0)
    .map(([route, heavy]) => `  ${route}: ${heavy.join(', ')}`);
  console.log(`\nheavy libraries by screen:${lines.length ? `\n${lines.join('\n')}` : ' none'}`);
}

function printTimings(rows: { name: string; jsKib?: number; requests?: number; timing: Timing[] }[]) {
  console.log(
    '\n| login route | JS KiB | requests | ' +
      PROFILES.map((p) => `FCP ${p.name} | TBT ${p.name}`).join(' | ') +
      ' |',
  );
  console.log(`|---|---:|---:|${PROFILES.map(() => '---:|---:').join('|')}|`);
  for (const row of rows) {
    const cells = row.timing.flatMap((t) => [
      `${t.fcpMs} ms (${t.range.fcpMs.join('-')})`,
      `${t.blockingMs} ms (${t.range.blockingMs.join('-')})`,
    ]);
    console.log(
      `| ${row.name} | ${row.jsKib === undefined ? '' : row.jsKib.toFixed(1)} | ${row.requests ?? ''} | ${cells.join(' | ')} |`,
    );
  }
  console.log(`(medians of ${RUNS} fresh loads each; the fastest and slowest in brackets)`);
}

/** The budgets (--check): messages of those not met. */
function failures(login: RouteReport, dashboard: RouteReport): string[] {
  const found: string[] = [];
  const loginKib = login.js.gzip / 1024;
  const dashboardKib = dashboard.js.gzip / 1024;
  if (loginKib > BUDGET.loginJsKib)
    found.push(
      `the login route loads ${loginKib.toFixed(1)} KiB of JS (gzip), over ${BUDGET.loginJsKib} KiB`,
    );
  if (login.requests > BUDGET.loginRequests)
    found.push(`the login route makes ${login.requests} requests, over ${BUDGET.loginRequests}`);
  if (dashboardKib > BUDGET.dashboardJsKib)
    found.push(
      `the dashboard adds ${dashboardKib.toFixed(1)} KiB of JS (gzip), over ${BUDGET.dashboardJsKib} KiB`,
    );
  for (const report of [login, dashboard]) {
    const heavy = heavyIn(report);
    if (heavy.length)
      found.push(`${report.route} loads ${heavy.join(', ')}, which belong to the screens using them`);
  }
  return found;
}

async function main() {
  if (!args.has('--no-build')) {
    console.log('building the console into dist/web ...');
    await buildConsole(WEB_DIR);
  } else if (!fs.existsSync(path.join(WEB_DIR, 'index.html'))) {
    throw new Error('dist/web has no build: run `npm run build:web` or leave out --no-build');
  }

  const server = await startServer({ webDir: WEB_DIR });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();

    const login = recorder(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/#/login`);
    await page.locator('#username').waitFor();
    await login.idle();
    const loginReport = summarise('login (/#/login)', login.stop());

    const after = recorder(page, server.baseUrl);
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill(ADMIN_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForFunction(() => window.location.hash === '#/dashboard');
    await page.locator('[data-testid="active-pane"]').getByText('您好，').first().waitFor();
    await after.idle();
    const dashboardReport = summarise('+ dashboard after login', after.stop());

    const shell = new Set([...loginReport.files, ...dashboardReport.files].map((f) => f.url));
    const screens = args.has('--no-screens') ? [] : await measureScreens(page, server.baseUrl, shell);
    await context.close();

    const reports = [loginReport, dashboardReport];
    const timing = args.has('--no-timing') ? [] : await measureTiming(browser, `${server.baseUrl}/#/login`);
    const others = [];
    for (const spec of valuesOf('--compare')) {
      const at = spec.indexOf('=');
      others.push(await measureOther(browser, spec.slice(0, at), spec.slice(at + 1)));
    }

    if (args.has('--json')) {
      console.log(JSON.stringify({ reports, screens, timing, others }, null, 2));
    } else {
      console.log('');
      printTable(reports);
      for (const report of reports) printFiles(report);
      if (screens.length) {
        console.log(
          '\nEvery screen opened on its own, after the login: what it loads beyond the login route and the dashboard\n',
        );
        printTable(screens);
        printHeavy([...reports, ...screens]);
      }
      if (timing.length) {
        printTimings([
          { name: 'this console', jsKib: loginReport.js.gzip / 1024, requests: loginReport.requests, timing },
          ...others.map((o) => ({
            name: `${o.name} (JS as sent)`,
            jsKib: o.jsKib,
            requests: o.requests,
            timing: o.timing,
          })),
        ]);
      }
      console.log('');
    }

    console.log(
      `login route JS: ${kib(loginReport.js.gzip)} KiB gzip (budget ${BUDGET.loginJsKib}), requests: ` +
        `${loginReport.requests} (budget ${BUDGET.loginRequests}); dashboard adds ${kib(dashboardReport.js.gzip)} KiB ` +
        `(budget ${BUDGET.dashboardJsKib})`,
    );
    if (args.has('--check')) {
      for (const failure of failures(loginReport, dashboardReport)) {
        console.error(`FAIL: ${failure} (scripts/bench-web.ts, docs/performance.md)`);
        process.exitCode = 1;
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
