import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CameraHour, CountReading } from '../../../shared/api/passenger-cameras.ts';
import {
  CAMERA_DEFAULT_INTERVAL_SECONDS,
  CROWD_REARM_RATIO,
  CROWD_WARNING_SMS_TEMPLATE,
} from '../../../shared/dict/passenger-cameras.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { areaTimeZone } from '../../lib/area-clock.ts';
import type { Terminal } from '../terminals/index.ts';
import { queueCrowdMessages } from './crowd-messages.ts';
import { cameraSettings, crowdWarnings, passengerCounts } from './passenger-cameras.table.ts';

export type CameraSettingsRow = typeof cameraSettings.$inferSelect;

/** The zone of a camera not set up yet. */
export const defaultZone = (t: Pick<Terminal, 'location' | 'name'>) => (t.location || t.name).slice(0, 50);

/** Below this the warned camera is re-armed (90% of the threshold). */
export const rearmBelow = (threshold: number) => Math.ceil(threshold * CROWD_REARM_RATIO);

/** A camera's settings row, created (defaults) when it has none; locked with `lock`. */
export async function cameraRow(db: Db, t: Terminal, lock = false): Promise<CameraSettingsRow> {
  await db
    .insert(cameraSettings)
    .values({ terminalId: t.id, zone: defaultZone(t) })
    .onConflictDoNothing({ target: cameraSettings.terminalId });
  const q = db.select().from(cameraSettings).where(eq(cameraSettings.terminalId, t.id));
  const [row] = lock ? await q.for('update') : await q;
  return row!;
}

/**
 * One step of the warning state: at or above the threshold an armed camera warns (once), below 90%
 * of it a warned camera is re-armed; between the two nothing changes.
 */
export function warningStep(
  warned: boolean,
  count: number,
  threshold: number | null,
): { warned: boolean; raise: boolean } {
  if (threshold == null) return { warned: false, raise: false };
  if (!warned && count >= threshold) return { warned: true, raise: true };
  if (warned && count < rearmBelow(threshold)) return { warned: false, raise: false };
  return { warned, raise: false };
}

/**
 * A crowd warning of a camera's zone; the caller has turned the camera's warned flag on by
 * compare-and-set. Each recipient gets SMS template 10, queued in this transaction: the warning is
 * `queued` when at least one message was, else `recorded` (no recipient, or the template off).
 */
export async function recordWarning(
  tx: Db,
  t: Terminal,
  w: { zone: string; count: number; threshold: number; recipients: string[] },
  now = new Date(),
): Promise<void> {
  const [warning] = await tx
    .insert(crowdWarnings)
    .values({
      scenicId: t.scenicId,
      terminalId: t.id,
      zone: w.zone,
      count: w.count,
      threshold: w.threshold,
      recipients: w.recipients,
      smsTemplate: CROWD_WARNING_SMS_TEMPLATE,
      status: 'recorded',
      createdAt: now,
    })
    .returning({ id: crowdWarnings.id });
  if (await queueCrowdMessages(tx, t.scenicId, warning!.id, w, now))
    await tx.update(crowdWarnings).set({ status: 'queued' }).where(eq(crowdWarnings.id, warning!.id));
}

/**
 * Stores a batch of a camera's interval counts (once per nonce, in time order), moves the zone's
 * live count and raises a crowd warning when it crosses the threshold, all in one transaction on
 * the locked camera row; the warned flag changes by compare-and-set, so a warning is raised once per
 * crossing whatever the number of readings or concurrent uploads.
 */
export async function recordCounts(db: Db, t: Terminal, readings: readonly CountReading[], now = new Date()) {
  return db.transaction(async (tx) => {
    const cam = await cameraRow(tx, t, true);
    const nonces = [...new Set(readings.map((r) => r.nonce))];
    const known = new Set(
      (
        await tx
          .select({ nonce: passengerCounts.nonce })
          .from(passengerCounts)
          .where(and(eq(passengerCounts.terminalId, t.id), inArray(passengerCounts.nonce, nonces)))
      ).map((r) => r.nonce),
    );
    const fresh: CountReading[] = [];
    for (const r of readings) {
      if (known.has(r.nonce)) continue;
      known.add(r.nonce);
      fresh.push(r);
    }
    fresh.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    let count = cam.liveCount;
    let warned = cam.warned;
    let peak: number | null = null;
    const rows = fresh.map((r) => {
      count = Math.max(0, count + r.in - r.out);
      const step = warningStep(warned, count, cam.threshold);
      warned = step.warned;
      if (step.raise && peak == null) peak = count;
      return {
        scenicId: t.scenicId,
        terminalId: t.id,
        nonce: r.nonce,
        intervalStart: new Date(r.at),
        countIn: r.in,
        countOut: r.out,
        count,
      };
    });
    if (!rows.length)
      return { accepted: 0, duplicates: readings.length, liveCount: cam.liveCount, warned: false };
    await tx.insert(passengerCounts).values(rows);
    const lastAt = rows[rows.length - 1]!.intervalStart;
    // compare-and-set from the state read under the lock: only one upload turns it on
    const [moved] = await tx
      .update(cameraSettings)
      .set({
        liveCount: count,
        warned,
        lastReadingAt: sql`greatest(${cameraSettings.lastReadingAt}, ${lastAt.toISOString()}::timestamptz)`,
      })
      .where(and(eq(cameraSettings.terminalId, t.id), eq(cameraSettings.warned, cam.warned)))
      .returning({ id: cameraSettings.terminalId });
    const raised = moved != null && peak != null;
    if (raised) await recordWarning(tx, t, { ...cam, count: peak!, threshold: cam.threshold! }, now);
    return {
      accepted: rows.length,
      duplicates: readings.length - rows.length,
      liveCount: count,
      warned: raised,
    };
  });
}

/** Hourly sums of a camera over [from, to) on the area's clock, with the count after each hour. */
export async function cameraHistory(db: Db, t: Terminal, from: Date, to: Date): Promise<CameraHour[]> {
  const zone = await areaTimeZone(db, t.scenicId);
  const rows = await queryRows<{ hour: Date | string; in: number; out: number; count: number }>(
    db,
    sql`select (date_trunc('hour', interval_start at time zone ${zone}) at time zone ${zone}) as hour,
               sum(count_in)::int as in, sum(count_out)::int as out,
               (array_agg(count order by interval_start desc, id desc))[1] as count
        from passenger_counts
        where terminal_id = ${t.id} and interval_start >= ${from.toISOString()}::timestamptz
          and interval_start < ${to.toISOString()}::timestamptz
        group by 1 order by 1`,
  );
  return rows.map((r) => ({
    hour: new Date(r.hour).toISOString(),
    in: Number(r.in),
    out: Number(r.out),
    count: Number(r.count),
  }));
}

/** `config.profile` of a camera: its zone, capacity, threshold and counting interval (in the ETag). */
export async function cameraProfile(db: Db, t: Terminal): Promise<Record<string, unknown>> {
  const [s] = await db.select().from(cameraSettings).where(eq(cameraSettings.terminalId, t.id));
  return {
    zone: s?.zone ?? defaultZone(t),
    capacity: s?.capacity ?? null,
    threshold: s?.threshold ?? null,
    intervalSeconds: s?.intervalSeconds ?? CAMERA_DEFAULT_INTERVAL_SECONDS,
  };
}
