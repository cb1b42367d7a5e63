import { and, asc, eq, sql } from 'drizzle-orm';
import type { FaceObservation } from '../../../shared/api/face-devices.ts';
import type { Db } from '../../db/client.ts';
import { gates } from '../gates/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { terminals, type Terminal } from '../terminals/index.ts';
import { recordFaceEvents } from './face-devices.service.ts';
import { faceSettings } from './face-devices.table.ts';

/** The entry gate (type 10) named as the device's location, else the area's first, if it has one. */
async function entryGate(db: Db, scenicId: number, location: string): Promise<number | null> {
  const found = await db
    .select({ id: gates.id, name: gates.name })
    .from(gates)
    .where(and(eq(gates.scenicId, scenicId), eq(gates.gateType, 10)))
    .orderBy(asc(gates.code));
  return (found.find((g) => g.name === location) ?? found[0])?.id ?? null;
}

/**
 * The last hours of a device's passages: one every 9 minutes, mostly healthy and matched, with a
 * fever, a health code 1 and a failed liveness check among them (alarms by the device's settings).
 */
function demoObservations(serialNo: string, now: Date): FaceObservation[] {
  const names = ['张*', '李*', '王*', '赵*', '陈*', '刘*'];
  return Array.from({ length: 36 }, (_, i) => {
    const at = new Date(now.getTime() - (36 - i) * 9 * 60_000);
    const fever = i === 7 || i === 23;
    return {
      nonce: `${serialNo}-demo-${i}`,
      at: at.toISOString(),
      matched: i % 11 !== 5,
      score: i % 11 === 5 ? 42 : 80 + ((i * 7) % 19),
      livenessOk: i !== 15,
      temperature: fever ? 37.9 : 36.2 + ((i * 3) % 8) / 10,
      healthCode: i === 30 ? 1 : 0,
      personRef: `${names[i % names.length]} 3301****${String(1000 + i * 37).slice(-4)}`,
    };
  });
}

async function seedDevice(db: Db, t: Terminal, now: Date): Promise<void> {
  const gateId = await entryGate(db, t.scenicId, t.location);
  await db.update(terminals).set({ gateId }).where(eq(terminals.id, t.id));
  await db.insert(faceSettings).values({
    terminalId: t.id,
    direction: 0,
    matchThreshold: 80,
    livenessCheck: true,
    temperatureAlarm: true,
    temperatureThreshold: 373,
    admittedHealthCodes: [0, 4],
  });
  await recordFaceEvents(db, t, demoObservations(t.serialNo, now));
}

/**
 * Settings and recent passages of the first area's face devices, mounted on its first entry gate;
 * the second area (YLGZ) gets a face device of its own.
 */
export async function seedDemoFaceDevices(db: Db, scenicId: number): Promise<void> {
  const now = new Date();
  const devices = await db
    .select()
    .from(terminals)
    .where(and(eq(terminals.scenicId, scenicId), eq(terminals.kind, 'faceDevice')));
  for (const t of devices) await seedDevice(db, t, now);

  const [second] = await db
    .select({ id: scenicAreas.id })
    .from(scenicAreas)
    .where(eq(scenicAreas.code, 'YLGZ'));
  if (!second) return;
  const [t] = await db
    .insert(terminals)
    .values({
      scenicId: second.id,
      kind: 'faceDevice',
      serialNo: 'YL-FACE-001',
      name: '古镇东门人脸识别机',
      location: '古镇东门',
      appVersion: '1.4.2',
      online: 2,
      lastSeenAt: sql`now() - interval '12 seconds'`,
      lastIp: '10.0.2.21',
    })
    .returning();
  await seedDevice(db, t!, now);
}
