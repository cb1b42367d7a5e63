import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FaceObservation, FaceSettings } from '../../../shared/api/face-devices.ts';
import { FACE_DEFAULTS, type FaceAlarmReasonCode } from '../../../shared/dict/face-devices.ts';
import type { Db } from '../../db/client.ts';
import { areaDay, areaDayStart, areaTimeZone } from '../../lib/area-clock.ts';
import { gates } from '../gates/index.ts';
import type { Terminal } from '../terminals/index.ts';
import { faceEvents, faceSettings } from './face-devices.table.ts';

type StoredSettings = typeof faceSettings.$inferSelect;

const tenths = (celsius: number) => Math.round(celsius * 10);

/** The settings of a device as the API shows them (°C), defaults when none were saved. */
export function settingsView(
  s: StoredSettings | undefined,
  gate: { id: number; name: string } | null,
): FaceSettings {
  return {
    gateId: gate?.id ?? null,
    gateName: gate?.name ?? null,
    direction: s?.direction ?? FACE_DEFAULTS.direction,
    matchThreshold: s?.matchThreshold ?? FACE_DEFAULTS.matchThreshold,
    livenessCheck: s?.livenessCheck ?? FACE_DEFAULTS.livenessCheck,
    temperatureAlarm: s?.temperatureAlarm ?? FACE_DEFAULTS.temperatureAlarm,
    temperatureThreshold: s ? s.temperatureThreshold / 10 : FACE_DEFAULTS.temperatureThreshold,
    admittedHealthCodes: s?.admittedHealthCodes ?? FACE_DEFAULTS.admittedHealthCodes,
  };
}

/** The saved settings of some devices, by terminal id. */
export async function storedSettings(db: Db, ids: readonly number[]): Promise<Map<number, StoredSettings>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(faceSettings)
    .where(inArray(faceSettings.terminalId, [...ids]));
  return new Map(rows.map((r) => [r.terminalId, r]));
}

/** Names of gates by id (of one area). */
export async function gateNames(
  db: Db,
  scenicId: number,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: gates.id, name: gates.name })
    .from(gates)
    .where(and(eq(gates.scenicId, scenicId), inArray(gates.id, wanted)));
  return new Map(rows.map((g) => [g.id, g.name]));
}

/** Why an observation is an alarm under the device's settings (empty: none). */
export function alarmReasons(s: FaceSettings, o: FaceObservation): FaceAlarmReasonCode[] {
  const reasons: FaceAlarmReasonCode[] = [];
  if (s.temperatureAlarm && o.temperature != null && tenths(o.temperature) > tenths(s.temperatureThreshold))
    reasons.push('fever');
  if (o.healthCode != null && !s.admittedHealthCodes.includes(o.healthCode)) reasons.push('healthCode');
  if (s.livenessCheck && !o.livenessOk) reasons.push('liveness');
  return reasons;
}

/**
 * Stores a batch of a device's observations, each once per (device, nonce), flagged by the server
 * from the device's settings now; a retried batch stores nothing new.
 */
export async function recordFaceEvents(db: Db, t: Terminal, events: readonly FaceObservation[]) {
  const settings = settingsView((await storedSettings(db, [t.id])).get(t.id), null);
  const stored = await db
    .insert(faceEvents)
    .values(
      events.map((o) => {
        const reasons = alarmReasons(settings, o);
        return {
          scenicId: t.scenicId,
          terminalId: t.id,
          nonce: o.nonce,
          at: new Date(o.at),
          direction: settings.direction,
          matched: o.matched,
          score: o.score,
          livenessOk: o.livenessOk,
          temperature: o.temperature == null ? null : tenths(o.temperature),
          healthCode: o.healthCode ?? null,
          personRef: o.personRef ?? '',
          alarm: reasons.length > 0,
          alarmReasons: reasons,
        };
      }),
    )
    .onConflictDoNothing({ target: [faceEvents.terminalId, faceEvents.nonce] })
    .returning({ alarm: faceEvents.alarm });
  return {
    accepted: stored.length,
    duplicates: events.length - stored.length,
    alarms: stored.filter((r) => r.alarm).length,
  };
}

/** Passages and alarms of today (the area's day) per device. */
export async function todayCounts(
  db: Db,
  scenicId: number,
  ids: readonly number[],
  now = new Date(),
): Promise<Map<number, { passages: number; alarms: number }>> {
  if (!ids.length) return new Map();
  const zone = await areaTimeZone(db, scenicId);
  const start = areaDayStart(areaDay(now, zone), zone);
  const rows = await db
    .select({
      id: faceEvents.terminalId,
      passages: sql<number>`count(*)::int`,
      alarms: sql<number>`(count(*) filter (where ${faceEvents.alarm}))::int`,
    })
    .from(faceEvents)
    .where(and(inArray(faceEvents.terminalId, [...ids]), gte(faceEvents.at, start)))
    .groupBy(faceEvents.terminalId);
  return new Map(rows.map((r) => [r.id, { passages: Number(r.passages), alarms: Number(r.alarms) }]));
}

/** `config.profile` of a face device: its settings and gate (part of the config ETag). */
export async function faceProfile(db: Db, t: Terminal): Promise<Record<string, unknown>> {
  const names = await gateNames(db, t.scenicId, [t.gateId]);
  const gate = t.gateId != null && names.has(t.gateId) ? { id: t.gateId, name: names.get(t.gateId)! } : null;
  return { ...settingsView((await storedSettings(db, [t.id])).get(t.id), gate) };
}
