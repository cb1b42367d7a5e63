import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  faceDeviceApi,
  faceEventApi,
  type FaceDeviceRow,
  type FaceEventRow,
  type FaceObservation,
} from '../../../shared/api/face-devices.ts';
import { terminalDeviceApi } from '../../../shared/api/terminals.ts';
import type { Db } from '../../db/client.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { auditLogs } from '../audit/index.ts';
import { gates } from '../gates/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { terminalEvents, terminals } from '../terminals/index.ts';
import { faceEvents } from './face-devices.table.ts';

let t: TestApp;
let db: Db;
const tok: Record<string, string> = {};
let qsh = 0;
let ylgz = 0;
let device = 0;
let otherDevice = 0;
let entryGate = 0;
let exitGate = 0;
let devToken = '';
const devHeaders = () => ({ 'x-scenic-id': String(qsh) });

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);

const settings = (over: Record<string, unknown> = {}) => ({
  id: device,
  gateId: entryGate,
  direction: 0,
  matchThreshold: 80,
  livenessCheck: true,
  temperatureAlarm: true,
  temperatureThreshold: 37.3,
  admittedHealthCodes: [0],
  ...over,
});

const obs = (nonce: string, over: Partial<FaceObservation> = {}): FaceObservation => ({
  nonce,
  at: new Date().toISOString(),
  matched: true,
  score: 90,
  livenessOk: true,
  temperature: 36.5,
  healthCode: 0,
  personRef: '张* 3301****1234',
  ...over,
});

const upload = (events: unknown[], token = devToken) =>
  t.call(token, 'POST', terminalDeviceApi.faceEvents, { events }, devHeaders());

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  db = t.database.db;
  await t.grant('staff', ['admin:face:page']);
  await t.grant('yunling', ['admin:face:page', 'admin:face:update']);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  const areas = await db.select().from(scenicAreas);
  ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
  qsh = areas.find((a) => a.code === 'QSH')!.id;
  const qshGates = await db.select().from(gates).where(eq(gates.scenicId, qsh));
  entryGate = qshGates.find((g) => g.code === 'S-IN-01')!.id;
  exitGate = qshGates.find((g) => g.code === 'S-OUT-01')!.id;
  const [d] = await db
    .insert(terminals)
    .values({
      scenicId: qsh,
      kind: 'faceDevice',
      name: '测试人脸机',
      serialNo: 'FACE-T1',
      clientId: 'termFaceT1',
    })
    .returning();
  device = d!.id;
  devToken = await t.clientToken('termFaceT1');
  otherDevice = (await db.select().from(terminals).where(eq(terminals.serialNo, 'YL-FACE-001')))[0]!.id;
});
afterAll(() => t.close());

describe('face device list and settings', () => {
  it('lists the area’s face devices with gate, direction and today’s passages, not another area’s', async () => {
    const res = await call('staff', 'POST', faceDeviceApi.page, { limit: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ data: { rows: FaceDeviceRow[] } }>().data.rows;
    const demo = rows.find((r) => r.serialNo === 'FACE-001')!;
    expect(demo.gateName).toBe('南门入口');
    expect(demo.admittedHealthCodes).toEqual([0, 4]);
    expect(rows.map((r) => r.serialNo)).not.toContain('YL-FACE-001');
    const theirs = await call('yunling', 'POST', faceDeviceApi.page, {});
    expect(theirs.json<{ data: { rows: FaceDeviceRow[] } }>().data.rows.map((r) => r.serialNo)).toEqual([
      'YL-FACE-001',
    ]);
    const byGate = await call('admin', 'POST', faceDeviceApi.page, { gateId: entryGate, direction: 0 });
    expect(byGate.json<{ data: { rows: FaceDeviceRow[] } }>().data.rows.map((r) => r.serialNo)).toEqual([
      'FACE-001',
    ]);
  });

  it('refuses bad filters and settings (400 naming the field), without permission (403), another area’s (404)', async () => {
    const bad = await call('admin', 'POST', faceDeviceApi.page, { direction: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('direction');
    const badSettings = await call('admin', 'POST', faceDeviceApi.update, settings({ matchThreshold: 30 }));
    expect(badSettings.statusCode).toBe(400);
    expect(badSettings.body).toContain('matchThreshold');
    const badCodes = await call(
      'admin',
      'POST',
      faceDeviceApi.update,
      settings({ admittedHealthCodes: [0, 9] }),
    );
    expect(badCodes.statusCode).toBe(400);
    expect(badCodes.body).toContain('admittedHealthCodes');
    const [theirGate] = await db
      .insert(gates)
      .values({ scenicId: ylgz, code: 'YL-T', name: '古镇闸机', gateType: 10 })
      .returning();
    const foreignGate = await call(
      'admin',
      'POST',
      faceDeviceApi.update,
      settings({ gateId: theirGate!.id }),
    );
    expect(foreignGate.statusCode).toBe(400);
    expect(foreignGate.body).toContain('gateId');
    expect((await call('staff', 'POST', faceDeviceApi.update, settings())).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${faceEventApi.page}`)).statusCode).not.toBe(200);
    expect((await call('admin', 'GET', `${faceDeviceApi.query}?id=${otherDevice}`)).statusCode).toBe(404);
    expect(
      (await call('admin', 'POST', faceDeviceApi.update, settings({ id: otherDevice, gateId: null })))
        .statusCode,
    ).toBe(404);
  });

  it('saves settings and the gate, audited, and the device’s configuration ETag changes', async () => {
    const config = (etag?: string) =>
      t.call(devToken, 'GET', terminalDeviceApi.config, undefined, {
        ...devHeaders(),
        ...(etag ? { 'if-none-match': etag } : {}),
      });
    const first = await config();
    expect(first.statusCode, first.body).toBe(200);
    const etag = first.headers.etag as string;
    expect((await config(etag)).statusCode).toBe(304);

    const res = await call(
      'admin',
      'POST',
      faceDeviceApi.update,
      settings({ gateId: exitGate, direction: 1, temperatureThreshold: 37.5 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const changed = await config(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const profile = changed.json<{ data: { profile: Record<string, unknown> } }>().data.profile;
    expect(profile).toMatchObject({
      direction: 1,
      gateId: exitGate,
      gateName: '南门出口',
      temperatureThreshold: 37.5,
    });

    const row = (await call('staff', 'GET', `${faceDeviceApi.query}?id=${device}`)).json<{
      data: FaceDeviceRow;
    }>().data;
    expect(row).toMatchObject({
      direction: 1,
      gateId: exitGate,
      temperatureThreshold: 37.5,
      admittedHealthCodes: [0],
    });
    const audits = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, String(device)));
    expect(audits.some((a) => a.action === 'faceSettings')).toBe(true);
    const gatesRes = await call('staff', 'GET', faceDeviceApi.gates);
    expect(gatesRes.json<{ data: { id: number }[] }>().data.map((g) => g.id)).toContain(entryGate);
  });
});

describe('face device uploads', () => {
  it('stores observations once per nonce and flags alarms from the device’s settings', async () => {
    await call(
      'admin',
      'POST',
      faceDeviceApi.update,
      settings({ temperatureThreshold: 37.3, admittedHealthCodes: [0, 4] }),
    );
    const batch = [
      obs('n1'),
      obs('n2', { temperature: 37.4 }),
      obs('n3', { healthCode: 2 }),
      obs('n4', { livenessOk: false }),
      obs('n5', { healthCode: 4, temperature: 37.3 }),
    ];
    const res = await upload(batch);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: unknown }>().data).toEqual({ accepted: 5, duplicates: 0, alarms: 3 });
    const again = await upload([...batch, obs('n6')]);
    expect(again.json<{ data: unknown }>().data).toEqual({ accepted: 1, duplicates: 5, alarms: 0 });
    const stored = await db.select().from(faceEvents).where(eq(faceEvents.terminalId, device));
    const today = (await call('staff', 'GET', `${faceDeviceApi.query}?id=${device}`)).json<{
      data: FaceDeviceRow;
    }>().data;
    expect(today).toMatchObject({ todayPassages: 6, todayAlarms: 3 });
    expect(stored).toHaveLength(6);
    const reasons = Object.fromEntries(stored.map((e) => [e.nonce, e.alarmReasons]));
    expect(reasons).toMatchObject({ n1: [], n2: ['fever'], n3: ['healthCode'], n4: ['liveness'], n5: [] });

    const list = await call('staff', 'POST', faceEventApi.page, {
      terminalId: device,
      alarm: true,
      sort: 'time',
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<{ data: { rows: FaceEventRow[]; total: number } }>().data;
    expect(rows.total).toBe(3);
    const byCode = await call('staff', 'POST', faceEventApi.page, { terminalId: device, healthCode: 2 });
    expect(byCode.json<{ data: { rows: FaceEventRow[] } }>().data.rows.map((r) => r.healthCode)).toEqual([2]);
    const theirs = await call('yunling', 'POST', faceEventApi.page, { terminalId: device });
    expect(theirs.json<{ data: { total: number } }>().data.total).toBe(0);
    const exported = await call('staff', 'POST', faceEventApi.export, { terminalId: device, alarm: true });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(xlsxText(exported.rawPayload)).toContain('体温超限');
    const devices = await call('staff', 'POST', faceDeviceApi.export, {});
    expect(devices.statusCode, devices.body).toBe(200);
    expect(xlsxText(devices.rawPayload)).toContain('测试人脸机');
  });

  it('refuses a bad batch (400 naming the field), another kind of terminal (403) and a disabled device (401, logged)', async () => {
    const bad = await upload([obs('x1', { score: 120 })]);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('score');
    const tooMany = await upload(Array.from({ length: 201 }, (_, i) => obs(`m${i}`)));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('events');
    await db
      .insert(terminals)
      .values({ scenicId: qsh, kind: 'camera', name: 'cam', serialNo: 'CAM-FX', clientId: 'termCamX' });
    const camToken = await t.clientToken('termCamX');
    // another kind of terminal: refused by the guard (403)
    expect((await upload([obs('c1')], camToken)).statusCode).toBe(403);
    await db.update(terminals).set({ status: 2 }).where(eq(terminals.id, device));
    const refused = await upload([obs('d1')]);
    expect(refused.statusCode).toBe(401);
    const events = await db.select().from(terminalEvents).where(eq(terminalEvents.terminalId, device));
    expect(events.some((e) => e.event === 'refused')).toBe(true);
    await db.update(terminals).set({ status: 1 }).where(eq(terminals.id, device));
  });
});
