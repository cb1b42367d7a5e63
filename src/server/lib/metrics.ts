import type { Db } from '../db/client.ts';
import { extensionPoint } from './extension-point.ts';

/**
 * A gauge a module adds to `/metrics` (docs/operations.md "Metrics"): read at each scrape, e.g. the
 * outbox's backlog. Plugged through the module's manifest; the metrics route imports no module.
 */
export interface MetricGauge {
  /** Prometheus name, `snake_case` with the unit last */
  name: string;
  help: string;
  labelNames?: readonly string[];
  read(db: Db): Promise<{ labels?: Record<string, string>; value: number }[]>;
}

export const metricGauges = extensionPoint<MetricGauge>('metrics.gauges');

/** When each background job last finished a pass (lib/periodic-job.ts records it): the job-lag gauge. */
export const jobRuns = new Map<string, { lastEnd: number; intervalMs: number }>();
