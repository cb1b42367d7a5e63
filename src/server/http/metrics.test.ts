import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { startPeriodic } from '../lib/periodic-job.ts';
import { METRICS_PATH } from './metrics.ts';

const TOKEN = 'scrape-token-0123456789';
let open: TestApp;
let guarded: TestApp;

beforeAll(async () => {
  open = await createTestApp();
  guarded = await createTestApp({ metricsToken: TOKEN });
});
afterAll(async () => {
  await open.close();
  await guarded.close();
});

const scrape = (t: TestApp, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: METRICS_PATH, headers, remoteAddress });

/** The value of one sample line of the text format (`name{labels} value`). */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line ? Number(line.split(' ').at(-1)) : undefined;
}

describe('GET /metrics', () => {
  it('counts requests per route pattern and status, times them, and reads the outbox backlog', async () => {
    for (let i = 0; i < 3; i++) expect((await open.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await open.app.inject({ url: '/web/api/ticket/auth/getUserinfo' })).statusCode).toBe(401);
    await open.app.ctx.db.execute(
      sql`insert into outbox_messages (scenic_id, template, recipient, variables, event_key, channel) values (1, 1, '13800000000', '{}', 'metrics-test', 1)`,
    );
    const res = await scrape(open);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(sample(text, 'http_requests_total', 'route="/healthz",status="200"')).toBe(3);
    expect(sample(text, 'http_requests_total', 'route="/web/api/ticket/auth/getUserinfo",status="401"')).toBe(
      1,
    );
    expect(sample(text, 'http_request_duration_seconds_count', 'route="/healthz"')).toBe(3);
    expect(sample(text, 'outbox_backlog_messages', 'status="queued",channel="1"')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('process_resident_memory_bytes');
    // the scrape itself is not counted
    expect(text).not.toContain(`route="${METRICS_PATH}"`);
  });

  it("reads each job's time since its last pass", async () => {
    let passes = 0;
    const stop = startPeriodic(open.app.log, {
      name: 'metricsProbe',
      intervalMs: 5,
      run: async () => ++passes,
      worthLogging: () => false,
    });
    await expect.poll(() => passes).toBeGreaterThan(0);
    await stop();
    const age = sample((await scrape(open)).body, 'job_seconds_since_last_pass', 'job="metricsProbe"');
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
  });

  it('answers another machine only with METRICS_TOKEN, and nobody else', async () => {
    expect((await scrape(open, {}, '10.0.0.8')).statusCode).toBe(403);
    expect((await scrape(guarded)).statusCode).toBe(403);
    expect(
      (await scrape(guarded, { authorization: 'Bearer wrong-token-0000000' }, '10.0.0.8')).statusCode,
    ).toBe(403);
    expect((await scrape(guarded, { authorization: `Bearer ${TOKEN}` }, '10.0.0.8')).statusCode).toBe(200);
  });
});
