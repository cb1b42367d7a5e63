import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { jobRuns, metricGauges } from '../lib/metrics.ts';
import { PUBLIC } from './access.ts';
import { forbidden } from './errors.ts';
import { isLocalCaller } from './local-only.ts';

export const METRICS_PATH = '/metrics';

/** METRICS_TOKEN as a bearer token, or (without one) a caller on this machine. */
function mayScrape(req: FastifyRequest, token: string | null): boolean {
  if (token) return req.headers.authorization === `Bearer ${token}`;
  return isLocalCaller(req);
}

/**
 * `GET /metrics` in Prometheus' text format (prom-client): requests per route and status, their
 * latency, the process (memory, event-loop lag, CPU), the database pool, each job's time since its
 * last pass, and the gauges modules plug in (`metricGauges`: the outbox backlog). One registry per
 * server instance. docs/operations.md "Metrics".
 */
export function registerMetrics(app: FastifyInstance): void {
  const register = new Registry();
  collectDefaultMetrics({ register });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'],
    registers: [register],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the answer, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
    registers: [register],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'Answers with a 5xx status, by route pattern',
    labelNames: ['route'],
    registers: [register],
  });
  const { database, db } = app.ctx;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting callers); none on the embedded database',
    labelNames: ['state'],
    registers: [register],
    collect() {
      const pool = database.poolState?.();
      if (!pool) return;
      for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
    },
  });
  new Gauge({
    name: 'job_seconds_since_last_pass',
    help: "Seconds since this instance's runner of each background job last finished a pass",
    labelNames: ['job'],
    registers: [register],
    collect() {
      const now = Date.now();
      for (const [job, run] of jobRuns) this.set({ job }, (now - run.lastEnd) / 1000);
    },
  });
  for (const gauge of metricGauges.items)
    new Gauge({
      name: gauge.name,
      help: gauge.help,
      labelNames: [...(gauge.labelNames ?? [])],
      registers: [register],
      async collect() {
        for (const { labels, value } of await gauge.read(db)) this.set(labels ?? {}, value);
      },
    });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === METRICS_PATH) return;
    const labels = { method: req.method, route };
    requests.inc({ ...labels, status: String(reply.statusCode) });
    latency.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ route });
  });

  // hand-registered: an operations endpoint in Prometheus' format, not the JSON envelope
  app.get(
    METRICS_PATH,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics: with METRICS_TOKEN as a bearer token, or from this machine without one',
      },
    },
    async (req, reply) => {
      if (!mayScrape(req, app.ctx.config.metricsToken)) throw forbidden();
      return reply.header('content-type', register.contentType).send(await register.metrics());
    },
  );
}
