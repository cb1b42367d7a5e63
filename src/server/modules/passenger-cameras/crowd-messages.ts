import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { areaDateTime, areaTimeZone } from '../../lib/area-clock.ts';
import { queueMessage, type MessageKind } from '../messaging/index.ts';

/** SMS template 10 (spec §9 "crowd warning"), queued for a camera's recipients when its zone crosses the threshold. */
export const crowdWarningKind: MessageKind = {
  template: 10,
  variables: [
    { name: 'area', sample: '青山湖风景区' },
    { name: 'place', sample: '南门广场' },
    { name: 'count', sample: '1520' },
    { name: 'threshold', sample: '1500' },
    { name: 'time', sample: '2026-11-29 10:35' },
  ],
  text: '【${area}】客流预警：${place}当前${count}人，已达预警值${threshold}人（${time}），请及时疏导。',
};

/** Queues template 10 for each recipient of a warning; answers how many were queued. */
export async function queueCrowdMessages(
  tx: Db,
  scenicId: number,
  warningId: number,
  w: { zone: string; count: number; threshold: number; recipients: string[] },
  now: Date,
): Promise<number> {
  if (!w.recipients.length) return 0;
  const [area] = await queryRows<{ name: string }>(
    tx,
    sql`select name from scenic_areas where id = ${scenicId}`,
  );
  const time = areaDateTime(now, await areaTimeZone(tx, scenicId));
  let queued = 0;
  for (const phone of new Set(w.recipients)) {
    const id = await queueMessage(tx, {
      scenicId,
      template: 10,
      phone,
      variables: {
        area: area?.name ?? '',
        place: w.zone,
        count: String(w.count),
        threshold: String(w.threshold),
        time,
      },
      eventKey: `crowd:${warningId}:${phone}`,
      ref: w.zone.slice(0, 64),
    });
    if (id != null) queued += 1;
  }
  return queued;
}
