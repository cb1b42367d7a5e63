import { and, eq, inArray, sql } from 'drizzle-orm';
import { CROWD_WARNING_SMS_TEMPLATE } from '../../../shared/dict/passenger-cameras.ts';
import type { Db } from '../../db/client.ts';
import { addDays, areaDateTime, areaDay, areaInstant, areaTimeZone } from '../../lib/area-clock.ts';
import { messageText, writeDemoSends, type DemoSend } from '../messaging/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { terminals, type Terminal } from '../terminals/index.ts';
import { warningStep } from './passenger-cameras.service.ts';
import { cameraSettings, crowdWarnings, passengerCounts } from './passenger-cameras.table.ts';

interface DemoCamera {
  zone: string;
  capacity: number;
  threshold: number;
  /** People entering in an ordinary weekday's busiest hour */
  peak: number;
  recipients: string[];
}

/** Share of the day's visitors entering (`in`) and leaving (`out`) per hour, 08:00-18:00. */
const IN_CURVE = [
  0, 0, 0, 0, 0, 0, 0, 0, 0.35, 0.75, 1, 0.9, 0.6, 0.5, 0.35, 0.2, 0.1, 0.05, 0, 0, 0, 0, 0, 0,
];
const OUT_CURVE = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0.1, 0.25, 0.4, 0.55, 0.6, 0.7, 0.85, 0.9, 0.6, 0.45, 0, 0, 0, 0, 0,
];

/** A small deterministic wobble (±10%), so the days differ but the demo is reproducible. */
const wobble = (seed: number) => 0.9 + ((((Math.sin(seed * 12.9898) * 43758.5453) % 1) + 1) % 1) * 0.2;

/**
 * A week of hourly readings up to the current hour: a day curve (morning arrivals, afternoon
 * departures, empty at night), weekends half as busy again; the live count, warned state and the
 * warnings follow from the readings exactly as uploads would make them.
 */
async function seedCamera(db: Db, t: Terminal, cam: DemoCamera, zone: string, now: Date): Promise<void> {
  const today = areaDay(now, zone);
  const start = addDays(today, -7);
  const readings: (typeof passengerCounts.$inferInsert)[] = [];
  const warnings: (typeof crowdWarnings.$inferInsert)[] = [];
  let count = 0;
  let warned = false;
  for (let d = 0; d <= 7; d++) {
    const day = addDays(start, d);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const factor = weekday === 0 || weekday === 6 ? 1.5 : 1;
    for (let h = 0; h < 24; h++) {
      const at = areaInstant(day, `${String(h).padStart(2, '0')}:00`, zone);
      if (at.getTime() + 3600_000 > now.getTime()) break;
      const w = wobble(t.id * 1000 + d * 24 + h);
      const countIn = Math.round(cam.peak * factor * IN_CURVE[h]! * w);
      // everyone leaves by closing time: the last open hour takes who is left
      const countOut =
        h === 18
          ? count + countIn
          : Math.min(count + countIn, Math.round(cam.peak * factor * OUT_CURVE[h]! * w));
      count = Math.max(0, count + countIn - countOut);
      const step = warningStep(warned, count, cam.threshold);
      warned = step.warned;
      if (step.raise)
        warnings.push({
          scenicId: t.scenicId,
          terminalId: t.id,
          zone: cam.zone,
          count,
          threshold: cam.threshold,
          recipients: cam.recipients,
          smsTemplate: CROWD_WARNING_SMS_TEMPLATE,
          status: 'recorded',
          createdAt: new Date(at.getTime() + 3600_000),
        });
      readings.push({
        scenicId: t.scenicId,
        terminalId: t.id,
        nonce: `demo-${day}-${h}`,
        intervalStart: at,
        countIn,
        countOut,
        count,
      });
    }
  }
  await db.insert(passengerCounts).values(readings);
  if (warnings.length) await seedWarnings(db, warnings, zone, now);
  await db.insert(cameraSettings).values({
    terminalId: t.id,
    zone: cam.zone,
    capacity: cam.capacity,
    threshold: cam.threshold,
    recipients: cam.recipients,
    intervalSeconds: 3600,
    liveCount: count,
    warned,
    lastReadingAt: readings.at(-1)?.intervalStart ?? null,
  });
}

/**
 * The warnings with the SMS they sent (template 10 to each recipient, in the send log as the worker
 * left them) where the area has the template on; `queued` then, else `recorded` as the live path does.
 */
async function seedWarnings(
  db: Db,
  warnings: (typeof crowdWarnings.$inferInsert)[],
  zone: string,
  now: Date,
): Promise<void> {
  const saved = await db.insert(crowdWarnings).values(warnings).returning();
  const scenicId = saved[0]!.scenicId;
  const [area] = await db
    .select({ name: scenicAreas.name })
    .from(scenicAreas)
    .where(eq(scenicAreas.id, scenicId));
  const on = await messageText(db, { scenicId, template: 10, variables: {} });
  if (!on) return;
  const sends: DemoSend[] = saved.flatMap((w) =>
    w.recipients.map((phone) => ({
      template: 10 as const,
      phone,
      variables: {
        area: area?.name ?? '',
        place: w.zone,
        count: String(w.count),
        threshold: String(w.threshold),
        time: areaDateTime(w.createdAt, zone),
      },
      eventKey: `crowd:${w.id}:${phone}`,
      ref: w.zone,
      use: 2,
      at: w.createdAt,
    })),
  );
  await writeDemoSends(db, scenicId, sends, now);
  await db
    .update(crowdWarnings)
    .set({ status: 'queued' })
    .where(
      inArray(
        crowdWarnings.id,
        saved.map((w) => w.id),
      ),
    );
}

const QSH: Record<string, DemoCamera> = {
  'CAM-001': {
    zone: '南门广场',
    capacity: 2500,
    threshold: 1500,
    peak: 620,
    recipients: ['13800138000', '13900139000'],
  },
  'CAM-002': { zone: '湖心岛', capacity: 800, threshold: 600, peak: 180, recipients: ['13800138000'] },
  'CAM-003': { zone: '观景台', capacity: 300, threshold: 240, peak: 70, recipients: ['13700137000'] },
};

async function seedArea(db: Db, scenicId: number, cams: Record<string, DemoCamera>): Promise<void> {
  const zone = await areaTimeZone(db, scenicId);
  const now = new Date();
  const rows = await db
    .select()
    .from(terminals)
    .where(and(eq(terminals.scenicId, scenicId), eq(terminals.kind, 'camera')));
  for (const t of rows) {
    const cam = cams[t.serialNo];
    if (cam) await seedCamera(db, t, cam, zone, now);
  }
}

/**
 * The first area's cameras (CAM-001/002 of the terminal seed and a third one here) with a week of
 * hourly counts and the warning a busy weekend raised; the second area gets one camera.
 */
export async function seedDemoPassengerCameras(db: Db, scenicId: number): Promise<void> {
  await db.insert(terminals).values({
    scenicId,
    kind: 'camera',
    serialNo: 'CAM-003',
    name: '观景台客流摄像头',
    location: '观景台',
    appVersion: '1.4.2',
    online: 0,
    lastSeenAt: sql`now() - interval '3 hours'`,
    lastIp: '10.0.1.30',
  });
  await seedArea(db, scenicId, QSH);

  const [second] = await db
    .select({ id: scenicAreas.id })
    .from(scenicAreas)
    .where(eq(scenicAreas.code, 'YLGZ'));
  if (!second) return;
  await db.insert(terminals).values({
    scenicId: second.id,
    kind: 'camera',
    serialNo: 'YL-CAM-001',
    name: '古镇主街客流摄像头',
    location: '古镇主街',
    appVersion: '1.4.2',
    online: 2,
    lastSeenAt: sql`now() - interval '8 seconds'`,
    lastIp: '10.0.2.22',
  });
  await seedArea(db, second.id, {
    'YL-CAM-001': {
      zone: '古镇主街',
      capacity: 1200,
      threshold: 900,
      peak: 300,
      recipients: ['13600136000'],
    },
  });
}
