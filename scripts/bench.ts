// `npm run bench [-- --orders N] [--db pglite|pg|both] [--runs R] [--checkins C]`: the order list
// and check-in at scale (issue 6). For each database it builds a fresh one (PGlite in memory, or a
// new PostgreSQL database at BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test,
// dropped afterwards), seeds the demo and N orders of history, then times the order-list calls
// through the HTTP layer (token check included) and the check-in service. Results: docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { seedDemoOrders } from '../src/server/modules/order-admin/demo-history/demo-orders.ts';
import { benchCheckin } from '../src/server/modules/checkin/checkin.bench.ts';
import { salesBenchCases } from '../src/server/modules/statistics/sales.bench.ts';
import { gateOriginBenchCases } from '../src/server/modules/statistics/gate-origin.bench.ts';
import { moneyDetailBenchCases } from '../src/server/modules/statistics/money-detail.bench.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { createTestApp, type TestApp } from '../src/server/test/harness.ts';
import { rowsOf } from '../src/server/db/rows.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '40' },
    checkins: { type: 'string', default: '2000' },
    // an existing database set up by `npm run seed -- --orders N` (a postgres:// URL, or a PGlite
    // data directory), measured as it is instead of a fresh one; the admin password comes from
    // BENCH_ADMIN_PASSWORD. The check-in part adds a product and its tickets to it.
    database: { type: 'string' },
  },
});
const ORDERS = Number(values.orders);
const RUNS = Number(values.runs);
const CHECKINS = Number(values.checkins);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// the pool of a production instance (src/server/db/client.ts), and as many gates scanning at once
process.env.TEST_DB_POOL_SIZE = '10';
const GATES_AT_ONCE = 10;
const EXISTING = values.database;
const targets = EXISTING
  ? [EXISTING.startsWith('postgres') ? 'pg' : 'pglite']
  : values.db === 'both'
    ? ['pglite', 'pg']
    : [String(values.db)];

/**
 * CPU milliseconds used so far by the PostgreSQL server's processes, when it runs on this machine
 * (read from /proc; the bench's Node process is measured with process.cpuUsage). Undefined elsewhere.
 */
function postgresCpuMs(): number | undefined {
  if (!fs.existsSync('/proc/self/stat')) return undefined;
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime + stime
    } catch {
      // the process ended while we looked
    }
  }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function time(t: TestApp, token: string, url: string, body: unknown) {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const started = performance.now();
    const res = await t.call(token, 'POST', url, body);
    const ms = performance.now() - started;
    if (res.statusCode !== 200)
      throw new Error(`${url} ${JSON.stringify(body)}: ${res.statusCode} ${res.body}`);
    if (i >= 3) samples.push(ms); // the first calls warm caches and plans
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples.at(-1) ?? NaN };
}

async function benchTarget(target: string) {
  if (target === 'pg') process.env.TEST_DATABASE_URL = PG_URL;
  else delete process.env.TEST_DATABASE_URL;
  const existing = EXISTING
    ? await openDatabase(
        EXISTING.startsWith('postgres') ? { url: EXISTING, poolSize: 10 } : { dataDir: EXISTING },
      )
    : undefined;
  const t = await createTestApp({ loginRateLimit: 1_000_000 }, existing);
  try {
    const db = t.database.db;
    let started = performance.now();
    if (!existing)
      await seedDemoOrders(db, {
        scenicId: 1,
        orders: ORDERS,
        onProgress: (done, total) => process.stderr.write(`\r${target}: ${done} / ${total} orders`),
      });
    const seedSeconds = (performance.now() - started) / 1000;
    process.stderr.write('\n');
    // the steady state of a live database: statistics and the visibility map (index-only counts)
    await db.execute(sql`vacuum analyze`);
    const [counts] = rowsOf<{ orders: number; tickets: number }>(
      await db.execute(
        sql`select (select count(*)::int from ticket_orders) as orders, (select count(*)::int from order_tickets) as tickets`,
      ),
    );
    const [sample] = rowsOf<{ phone: string; order_no: string }>(
      await db.execute(
        sql`select buyer_phone as phone, order_no from ticket_orders order by id desc limit 1`,
      ),
    );
    const token = (await t.login('admin', existing ? process.env.BENCH_ADMIN_PASSWORD : undefined))
      .access_token;
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const cases: [string, string, unknown][] = [
      ['list, first page', '/web/api/admin/order/page', { page: 1, limit: 20 }],
      ['list, page 100', '/web/api/admin/order/page', { page: 100, limit: 20 }],
      ['list, status + channel', '/web/api/admin/order/page', { status: 402, channel: 1 }],
      ['list, last 30 days', '/web/api/admin/order/page', { ordStartTime: monthAgo }],
      ['list, phone', '/web/api/admin/order/page', { phone: sample?.phone }],
      ['list, order number', '/web/api/admin/order/page', { orderNo: sample?.order_no }],
      ['totals, no filter', '/web/api/admin/order/totals', {}],
      ['totals, status + channel', '/web/api/admin/order/totals', { status: 402, channel: 1 }],
      ...(await salesBenchCases(db)),
      ...(await gateOriginBenchCases(db)),
      ...(await moneyDetailBenchCases(db)),
    ];
    const results: { name: string; p50: number; p95: number; max: number }[] = [];
    for (const [name, url, body] of cases) {
      const result = { name, ...(await time(t, token, url, body)) };
      results.push(result);
      process.stderr.write(
        `${target}: ${name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, max ${result.max.toFixed(1)} ms\n`,
      );
    }
    started = performance.now();
    const pgCpu = target === 'pg' ? postgresCpuMs : undefined;
    const checkin = await benchCheckin(db, 1, {
      n: CHECKINS,
      concurrency: GATES_AT_ONCE,
      ...(pgCpu?.() !== undefined ? { pgCpu: () => pgCpu()! } : {}),
    });
    return {
      target,
      seedSeconds,
      counts,
      results,
      checkin,
      totalSeconds: (performance.now() - started) / 1000,
    };
  } finally {
    await t.close();
  }
}

const all = [];
for (const target of targets) all.push(await benchTarget(target));

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `\nMachine: ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}\n`,
);
for (const r of all) {
  console.log(
    `## ${r.target === 'pg' ? 'PostgreSQL' : 'PGlite (embedded)'}: ${r.counts?.orders.toLocaleString('en')} orders, ${r.counts?.tickets.toLocaleString('en')} tickets (${EXISTING ? 'an existing database' : `seeded in ${r.seedSeconds.toFixed(0)} s`})\n`,
  );
  console.log('| call | p50 ms | p95 ms | max ms |\n| --- | ---: | ---: | ---: |');
  for (const x of r.results)
    console.log(`| ${x.name} | ${x.p50.toFixed(1)} | ${x.p95.toFixed(1)} | ${x.max.toFixed(1)} |`);
  console.log(
    `\nCheck-in: ${r.checkin.n} scans (${GATES_AT_ONCE} at a time, service level) in ${(r.checkin.ms / 1000).toFixed(2)} s: **${r.checkin.perSecond.toFixed(0)} per second** (${r.checkin.allowed} let in); CPU per scan: Node ${(r.checkin.nodeCpuMs / r.checkin.n).toFixed(2)} ms${r.checkin.dbCpuMs == null ? '' : `, PostgreSQL ${(r.checkin.dbCpuMs / r.checkin.n).toFixed(2)} ms`}\n`,
  );
}
