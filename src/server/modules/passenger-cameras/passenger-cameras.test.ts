import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cameraApi,
  crowdWarningApi,
  type CameraHour,
  type CameraRow,
  type CrowdWarningRow,
} from '../../../shared/api/passenger-cameras.ts';
import { terminalDeviceApi } from '../../../shared/api/terminals.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { auditLogs } from '../audit/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { terminalEvents, terminals } from '../terminals/index.ts';
import { rearmBelow, warningStep } from './passenger-cameras.service.ts';
import { cameraSettings, crowdWarnings, passengerCounts } from './passenger-cameras.table.ts';

let t: TestApp;
let db: Db;
const tok: Record<string, string> = {};
let qsh = 0;
let cam = 0;
let otherCam = 0;
let camToken = '';
const headers = () => ({ 'x-scenic-id': String(qsh) });
let seq = 0;
const base = Date.parse('2026-11-20T02:00:00Z');

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);

/** A reading `n` intervals after the base time. */
const reading = (countIn: number, countOut = 0, nonce = `r${++seq}`) => ({
  nonce,
  at: new Date(base + seq * 300_000).toISOString(),
  in: countIn,
  out: countOut,
});
const upload = (counts: unknown[], token = camToken) =>
  t.call(token, 'POST', terminalDeviceApi.counts, { counts }, headers());

const settings = (over: Record<string, unknown> = {}) => ({
  id: cam,
  zone: '测试区',
  capacity: 200,
  threshold: 100,
  recipients: ['13800138000'],
  intervalSeconds: 300,
  ...over,
});

const warningsOf = async (id: number) =>
  db.select().from(crowdWarnings).where(eq(crowdWarnings.terminalId, id));

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  db = t.database.db;
  await t.grant('staff', ['admin:camera:page']);
  await t.grant('yunling', ['admin:camera:page', 'admin:camera:update']);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  const areas = await db.select().from(scenicAreas);
  qsh = areas.find((a) => a.code === 'QSH')!.id;
  const [c] = await db
    .insert(terminals)
    .values({ scenicId: qsh, kind: 'camera', name: '测试摄像头', serialNo: 'CAM-T1', clientId: 'termCamT1' })
    .returning();
  cam = c!.id;
  camToken = await t.clientToken('termCamT1');
  otherCam = (await db.select().from(terminals).where(eq(terminals.serialNo, 'YL-CAM-001')))[0]!.id;
});
afterAll(() => t.close());

describe('warning state', () => {
  it('warns once at the threshold and re-arms below 90% of it', () => {
    expect(rearmBelow(100)).toBe(90);
    expect(warningStep(false, 99, 100)).toEqual({ warned: false, raise: false });
    expect(warningStep(false, 100, 100)).toEqual({ warned: true, raise: true });
    expect(warningStep(true, 150, 100)).toEqual({ warned: true, raise: false });
    expect(warningStep(true, 90, 100)).toEqual({ warned: true, raise: false });
    expect(warningStep(true, 89, 100)).toEqual({ warned: false, raise: false });
    expect(warningStep(false, 500, null)).toEqual({ warned: false, raise: false });
  });
});

describe('camera list, settings and history', () => {
  it('lists the demo cameras with a week of counts and a past warning, not another area’s', async () => {
    const res = await call('staff', 'POST', cameraApi.page, { limit: 100, sort: 'name', order: 'asc' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ data: { rows: CameraRow[] } }>().data.rows;
    expect(rows.map((r) => r.serialNo)).toEqual(expect.arrayContaining(['CAM-001', 'CAM-002', 'CAM-003']));
    expect(rows.map((r) => r.serialNo)).not.toContain('YL-CAM-001');
    const south = rows.find((r) => r.serialNo === 'CAM-001')!;
    expect(south).toMatchObject({ zone: '南门广场', capacity: 2500, threshold: 1500 });
    expect(south.warnings).toBeGreaterThanOrEqual(1);
    const hours = await call(
      'staff',
      'GET',
      `${cameraApi.history}?id=${south.id}&from=${new Date(Date.now() - 7 * 86400_000).toISOString()}&to=${new Date().toISOString()}`,
    );
    expect(hours.statusCode, hours.body).toBe(200);
    const series = hours.json<{ data: CameraHour[] }>().data;
    expect(series.length).toBeGreaterThan(100);
    expect(Math.max(...series.map((h) => h.count))).toBeGreaterThanOrEqual(1500);
    const theirs = await call('yunling', 'POST', cameraApi.page, {});
    expect(theirs.json<{ data: { rows: CameraRow[] } }>().data.rows.map((r) => r.serialNo)).toEqual([
      'YL-CAM-001',
    ]);
    const warnings = await call('staff', 'POST', crowdWarningApi.page, { cameraId: south.id });
    const w = warnings.json<{ data: { rows: CrowdWarningRow[] } }>().data.rows;
    expect(w[0]).toMatchObject({ smsTemplate: 10, status: 'queued', zone: '南门广场' });
    const exported = await call('staff', 'POST', cameraApi.export, {});
    expect(exported.statusCode, exported.body).toBe(200);
    expect(xlsxText(exported.rawPayload)).toContain('南门广场');
    const wx = await call('staff', 'POST', crowdWarningApi.export, {});
    expect(wx.statusCode, wx.body).toBe(200);
    expect(xlsxText(wx.rawPayload)).toContain('13800138000');
  });

  it('sorts by zone and by live count (the settings table), every camera included', async () => {
    const all = (await call('staff', 'POST', cameraApi.page, { limit: 100 })).json<{
      data: { rows: CameraRow[] };
    }>().data.rows;
    const page = async (sort: string, order: string) => {
      const res = await call('staff', 'POST', cameraApi.page, { limit: 100, sort, order });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json<{ data: { rows: CameraRow[] } }>().data.rows;
      expect(rows).toHaveLength(all.length);
      return rows;
    };
    const counts = (await page('liveCount', 'desc')).map((r) => r.liveCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // the database's collation orders the zones: descending is ascending reversed
    const zones = [...new Set((await page('zone', 'asc')).map((r) => r.zone))];
    expect(zones.length).toBeGreaterThan(1);
    expect([...new Set((await page('zone', 'desc')).map((r) => r.zone))]).toEqual(zones.toReversed());
    const bad = await call('staff', 'POST', cameraApi.page, { sort: 'warned' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses bad input (400 naming the field), without permission (403), another area’s camera (404)', async () => {
    const bad = await call('admin', 'POST', cameraApi.update, settings({ recipients: ['12345'] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('recipients');
    const tooMany = await call(
      'admin',
      'POST',
      cameraApi.update,
      settings({
        recipients: Array.from({ length: 11 }, (_, i) => `138001380${String(i).padStart(2, '0')}`),
      }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('recipients');
    const over = await call('admin', 'POST', cameraApi.update, settings({ threshold: 300 }));
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain('threshold');
    const badPage = await call('admin', 'POST', cameraApi.page, { online: 1 });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.body).toContain('online');
    const badRange = await call(
      'admin',
      'GET',
      `${cameraApi.history}?id=${cam}&from=2026-11-20T00:00:00Z&to=2026-11-10T00:00:00Z`,
    );
    expect(badRange.statusCode).toBe(400);
    expect(badRange.body).toContain('to');
    expect((await call('staff', 'POST', cameraApi.update, settings())).statusCode).toBe(403);
    expect((await call('admin', 'POST', cameraApi.update, settings({ id: otherCam }))).statusCode).toBe(404);
    expect((await call('admin', 'GET', `${cameraApi.query}?id=${otherCam}`)).statusCode).toBe(404);
    const theirWarnings = await call('yunling', 'POST', crowdWarningApi.page, { limit: 100 });
    const names = theirWarnings
      .json<{ data: { rows: CrowdWarningRow[] } }>()
      .data.rows.map((r) => r.cameraName);
    expect(names.every((n) => n === '古镇主街客流摄像头')).toBe(true);
  });

  it('saves settings, audited, and the camera’s configuration ETag changes', async () => {
    const config = () => t.call(camToken, 'GET', terminalDeviceApi.config, undefined, headers());
    const before = await config();
    expect(before.statusCode, before.body).toBe(200);
    const res = await call('admin', 'POST', cameraApi.update, settings());
    expect(res.statusCode, res.body).toBe(200);
    const after = await config();
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<{ data: { profile: unknown } }>().data.profile).toEqual({
      zone: '测试区',
      capacity: 200,
      threshold: 100,
      intervalSeconds: 300,
    });
    const audits = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, String(cam)));
    expect(audits.some((a) => a.action === 'cameraSettings')).toBe(true);
  });
});

describe('camera uploads', () => {
  it('stores readings once per nonce and moves the live count', async () => {
    // offline (the settings test fetched its configuration, which counts as being seen)
    await db.update(terminals).set({ online: 0 }).where(eq(terminals.id, cam));
    await db.delete(terminalEvents).where(eq(terminalEvents.terminalId, cam));
    const first = [reading(30), reading(20, 5)];
    const res = await upload(first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: unknown }>().data).toEqual({
      accepted: 2,
      duplicates: 0,
      liveCount: 45,
      warned: false,
    });
    const again = await upload(first);
    expect(again.json<{ data: unknown }>().data).toEqual({
      accepted: 0,
      duplicates: 2,
      liveCount: 45,
      warned: false,
    });
    const row = (await call('staff', 'GET', `${cameraApi.query}?id=${cam}`)).json<{ data: CameraRow }>().data;
    expect(row).toMatchObject({ liveCount: 45, warned: false });
    expect(row.lastReadingTime).not.toBeNull();
    // an upload shows the camera is alive, as a heartbeat does: online, the change logged once
    const after = (await db.select().from(terminals).where(eq(terminals.id, cam)))[0]!;
    expect(after.online).toBe(2);
    expect(after.lastSeenAt).not.toBeNull();
    const events = await db.select().from(terminalEvents).where(eq(terminalEvents.terminalId, cam));
    expect(events.filter((e) => e.event === 'online')).toHaveLength(1);
    expect(await db.select().from(passengerCounts).where(eq(passengerCounts.terminalId, cam))).toHaveLength(
      2,
    );
  });

  it('a count above the threshold raises one warning, not one per reading, and re-arms below 90%', async () => {
    const up = await upload([reading(40), reading(30), reading(10)]);
    expect(up.json<{ data: { liveCount: number; warned: boolean } }>().data).toEqual({
      accepted: 3,
      duplicates: 0,
      liveCount: 125,
      warned: true,
    });
    for (let i = 0; i < 3; i++) {
      const more = await upload([reading(5)]);
      expect(more.json<{ data: { warned: boolean } }>().data.warned).toBe(false);
    }
    let warnings = await warningsOf(cam);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      count: 115,
      threshold: 100,
      recipients: ['13800138000'],
      smsTemplate: 10,
      status: 'queued',
    });
    // SMS template 10 queued for the recipient in the reading's transaction
    const [sms] = rowsOf<{ recipient: string; variables: Record<string, string> }>(
      await db.execute(
        sql`select recipient, variables from outbox_messages where event_key = ${`crowd:${warnings[0]!.id}:13800138000`}`,
      ),
    );
    expect(sms).toMatchObject({ recipient: '13800138000' });
    expect(sms!.variables).toMatchObject({ count: '115', threshold: '100' });
    // 140 down to 95: still warned (above 90% of 100); a rise again does not warn twice
    await upload([reading(0, 45)]);
    await upload([reading(20)]);
    expect(await warningsOf(cam)).toHaveLength(1);
    // below 90: re-armed, the next crossing warns again
    await upload([reading(0, 40)]);
    expect(
      (await db.select().from(cameraSettings).where(eq(cameraSettings.terminalId, cam)))[0]!.warned,
    ).toBe(false);
    const again = await upload([reading(30)]);
    expect(again.json<{ data: { warned: boolean } }>().data.warned).toBe(true);
    warnings = await warningsOf(cam);
    expect(warnings).toHaveLength(2);
    const listed = await call('staff', 'POST', crowdWarningApi.page, {
      cameraId: cam,
      sort: 'count',
      order: 'asc',
    });
    expect(listed.json<{ data: { rows: CrowdWarningRow[] } }>().data.rows.map((r) => r.count)).toEqual([
      105, 115,
    ]);
  });

  it('judges the live count against a new threshold at once: re-arms below 90%, warns once at or above it', async () => {
    const warned = async () =>
      (await db.select().from(cameraSettings).where(eq(cameraSettings.terminalId, cam)))[0]!.warned;
    const save = (threshold: number) => call('admin', 'POST', cameraApi.update, settings({ threshold }));
    // the zone holds 105 and has warned at 100
    expect(await warned()).toBe(true);
    const before = (await warningsOf(cam)).length;
    expect((await save(150)).statusCode).toBe(200);
    expect(await warned()).toBe(false);
    expect(await warningsOf(cam)).toHaveLength(before);
    // back to 100: the zone is over it now, so it warns at once, and only once
    expect((await save(100)).statusCode).toBe(200);
    expect((await save(100)).statusCode).toBe(200);
    expect(await warned()).toBe(true);
    const warnings = await warningsOf(cam);
    expect(warnings).toHaveLength(before + 1);
    expect(warnings.toSorted((a, b) => a.id - b.id).at(-1)).toMatchObject({
      count: 105,
      threshold: 100,
      zone: '测试区',
      smsTemplate: 10,
    });
  });

  it('refuses a bad batch (400 naming the field), another kind (403) and a disabled camera (401, logged)', async () => {
    const bad = await upload([{ ...reading(1), in: -1 }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('in');
    const empty = await upload([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('counts');
    await db
      .insert(terminals)
      .values({ scenicId: qsh, kind: 'faceDevice', name: 'f', serialNo: 'F-CX', clientId: 'termFaceCX' });
    const faceToken = await t.clientToken('termFaceCX');
    // another kind of terminal: refused by the guard (403)
    expect((await upload([reading(1)], faceToken)).statusCode).toBe(403);
    await db.update(terminals).set({ status: 2 }).where(eq(terminals.id, cam));
    expect((await upload([reading(1)])).statusCode).toBe(401);
    const events = await db.select().from(terminalEvents).where(eq(terminalEvents.terminalId, cam));
    expect(events.some((e) => e.event === 'refused')).toBe(true);
    await db.update(terminals).set({ status: 1 }).where(eq(terminals.id, cam));
  });
});
