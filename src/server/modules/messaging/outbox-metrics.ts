import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import type { MetricGauge } from '../../lib/metrics.ts';

/** `/metrics`: messages waiting in the outbox by status (0 queued, 1 being sent) and channel. */
export const outboxBacklog: MetricGauge = {
  name: 'outbox_backlog_messages',
  help: 'Outbox messages not sent yet, by status (queued, sending) and channel (1 SMS, 2 subscription, 3 e-mail)',
  labelNames: ['status', 'channel'],
  read: async (db) => {
    const rows = await queryRows<{ status: number; channel: number; n: number }>(
      db,
      sql`select status, channel, count(*)::int as n from outbox_messages where status in (0, 1) group by 1, 2`,
    );
    return rows.map((r) => ({
      labels: { status: Number(r.status) === 0 ? 'queued' : 'sending', channel: String(r.channel) },
      value: Number(r.n),
    }));
  },
};
