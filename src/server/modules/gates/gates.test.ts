import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateApi, type GateDetail, type GateRow } from '../../../shared/api/gates.ts';
import { terminalApi, terminalDeviceApi } from '../../../shared/api/terminals.ts';
import type { Db } from '../../db/client.ts';
import { DEFAULT_TIME_ZONE, areaInstant } from '../../lib/area-clock.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { demoAreas, type DemoAreas } from '../../test/areas.ts';
import { activateDevice, secretGrant, type ActivatedDevice } from '../../test/credentials.ts';
import { auditLogs } from '../audit/index.ts';
import { checkinMessages } from '../checkin/checkin.messages.ts';
import { createTestProduct, createTestTicket } from '../checkin/checkin.fixture.ts';
import { terminalEvents, terminals } from '../terminals/index.ts';
import { gateAdmissions, gates } from './gates.table.ts';

let t: TestApp;
let db: Db;
const tok: Record<string, string> = {};
let { qsh, ylgz } = {} as DemoAreas;
const gate: Record<string, number> = {};
let product: number;
let otherProduct: number;
let ylProduct: number;

const DAY = '2030-06-01';
const at = (time: string) => areaInstant(DAY, time, DEFAULT_TIME_ZONE).toISOString();
const nonce = () => crypto.randomBytes(8).toString('hex');

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);
const page = async (who: string, body: unknown = {}) => {
  const res = await call(who, 'POST', gateApi.page, { limit: 100, ...(body as object) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { rows: GateRow[]; total: number } }>().data;
};
const codes = (rows: GateRow[]) => rows.map((r) => r.code).sort();

/** Registers, activates and logs in a device of `kind`: its terminal id, token and headers. */
async function device(serialNo: string, kind = 'gateDevice') {
  const created = await call('admin', 'POST', terminalApi.create, { kind, name: `T ${serialNo}`, serialNo });
  expect(created.statusCode, created.body).toBe(200);
  const { id, activationCode } = created.json<{ data: { id: number; activationCode: string } }>().data;
  const act = await activateDevice(t, activationCode);
  expect(act.statusCode, act.body).toBe(200);
  const done = act.json<{ data: ActivatedDevice }>().data;
  const login = await secretGrant(t, done.clientId, done.clientSecret);
  expect(login.statusCode, login.body).toBe(200);
  const token = login.json<{ access_token: string }>().access_token;
  const headers = { 'x-scenic-id': String(done.scenicId) };
  const scan = (value: string, extra: Record<string, unknown> = {}) =>
    t.call(
      token,
      'POST',
      terminalDeviceApi.scan,
      { nonce: nonce(), readMode: 1, value, scannedAt: at('10:00'), ...extra },
      headers,
    );
  const config = (etag?: string) =>
    t.app.inject({
      method: 'GET',
      url: terminalDeviceApi.config,
      headers: { authorization: `Bearer ${token}`, ...headers, ...(etag ? { 'if-none-match': etag } : {}) },
    });
  return { id, token, headers, scan, config, clientId: done.clientId };
}

const ticket = (productId = product) =>
  createTestTicket(db, { scenicId: qsh, productId, visitDate: DAY, status: 301 });

async function newGate(body: Record<string, unknown>) {
  const res = await call('admin', 'POST', gateApi.create, {
    code: `G-${crypto.randomBytes(3).toString('hex')}`,
    name: '测试闸机',
    gateType: 10,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: GateDetail }>().data;
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  db = t.database.db;
  ({ qsh, ylgz } = await demoAreas(db));
  for (const g of await db.select().from(gates).where(eq(gates.scenicId, qsh))) gate[g.code] = g.id;
  await t.grant('yunling', ['admin:gate:page', 'admin:gate:create', 'admin:gate:update']);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  product = (await createTestProduct(db, qsh)).id;
  otherProduct = (await createTestProduct(db, qsh)).id;
  ylProduct = (await createTestProduct(db, ylgz)).id;
});
afterAll(() => t.close());

describe('gate list', () => {
  it('lists the twelve demo gates of the acting area with devices and admissions', async () => {
    const { rows, total } = await page('admin', { sort: 'code', order: 'asc' });
    expect(total).toBe(12);
    expect(new Set(rows.map((r) => r.gateType))).toEqual(new Set([10, 11, 20, 21]));
    const south = rows.find((r) => r.code === 'S-IN-01')!;
    // its gate device and the face device mounted beside it; the form's device ids are gate devices only
    expect(south.devices.map((d) => d.serialNo)).toEqual(['FACE-001', 'GATE-S-IN-01']);
    expect(south.deviceIds).toEqual(south.devices.filter((d) => d.kind === 'gateDevice').map((d) => d.id));
    expect(south).toMatchObject({ devicesOnline: 2, online: 2, passState: 0, openFrom: null });
    expect(rows.find((r) => r.code === 'CAR-01')!.admissions).toEqual({ product: 2, card: 0, booking: 0 });
    expect(rows.find((r) => r.code === 'W-IN-01')!.admissions.card).toBe(2);
    expect(rows.find((r) => r.code === 'SPOT-IN-01')).toMatchObject({ openFrom: '08:00', openTo: '17:30' });
  });

  it('filters by name, type, status, pass state and online', async () => {
    expect(codes((await page('admin', { name: '南门' })).rows)).toEqual(['S-IN-01', 'S-OUT-01']);
    expect(codes((await page('admin', { gateType: 20 })).rows)).toEqual(['BUS-01', 'CAR-01']);
    expect((await page('admin', { status: 2 })).total).toBe(0);
    expect(codes((await page('admin', { passState: 1 })).rows)).toEqual(['W-OUT-01']);
    expect(codes((await page('admin', { online: 2 })).rows)).toEqual(['S-IN-01']);
    expect((await page('admin', { online: 0 })).total).toBe(11);
  });

  it('refuses bad input naming the field', async () => {
    for (const [body, field] of [
      [{ gateType: 12 }, 'gateType'],
      [{ status: 3 }, 'status'],
      [{ passState: 2 }, 'passState'],
      [{ online: 1 }, 'online'],
      [{ sort: 'location' }, 'sort'],
      [{ color: 'red' }, 'color'],
    ] as const) {
      const res = await call('admin', 'POST', gateApi.page, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.field).toBe(field);
    }
  });

  it('needs admin:gate:page', async () => {
    expect((await call('staff', 'POST', gateApi.page, {})).statusCode).toBe(403);
    expect((await call('staff', 'POST', gateApi.export, {})).statusCode).toBe(403);
    expect((await call('staff', 'GET', gateApi.options)).statusCode).toBe(403);
    expect(
      (await call('staff', 'POST', gateApi.create, { code: 'X', name: 'x', gateType: 10 })).statusCode,
    ).toBe(403);
  });

  it('shows another area only its own gates', async () => {
    const { rows } = await page('yunling');
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.code.startsWith('YL-'))).toBe(true);
    const res = await call('yunling', 'GET', `${gateApi.query}?id=${gate['S-IN-01']}`);
    expect(res.statusCode).toBe(404);
  });

  it('exports the filter as .xlsx and answers the options', async () => {
    const res = await call('admin', 'POST', gateApi.export, { passState: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('西门出口');
    expect(text).not.toContain('南门入口');
    const opts = await call('admin', 'GET', gateApi.options);
    expect(opts.statusCode).toBe(200);
    expect(opts.json().data).toHaveLength(12);
    const choices = await call('admin', 'GET', gateApi.choices);
    expect(choices.statusCode).toBe(200);
    expect(choices.json().data.products.map((p: { id: number }) => p.id)).toContain(product);
    expect(choices.json().data.products.map((p: { id: number }) => p.id)).not.toContain(ylProduct);
    expect(choices.json().data.devices.map((d: { serialNo: string }) => d.serialNo)).toContain(
      'GATE-S-IN-01',
    );
    expect((await call('staff', 'GET', gateApi.choices)).statusCode).toBe(403);
  });
});

describe('gate edits', () => {
  it('creates a gate with admissions and devices, edits it, audits both', async () => {
    const d = await device(`GD-${nonce()}`);
    const g = await newGate({ productIds: [product], deviceIds: [d.id], openFrom: '09:00', openTo: '17:00' });
    expect(g).toMatchObject({
      productIds: [product],
      deviceIds: [d.id],
      openFrom: '09:00',
      status: 1,
      passState: 0,
    });
    expect(g.admissions.product).toBe(1);
    const res = await call('admin', 'POST', gateApi.update, { id: g.id, productIds: [], name: '改名闸机' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: '改名闸机', productIds: [], deviceIds: [d.id] });
    const audits = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'gate'), eq(auditLogs.targetId, String(g.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
  });

  it('refuses bad input naming the field', async () => {
    for (const [body, field] of [
      [{ code: 'A B', name: 'x', gateType: 10 }, 'code'],
      [{ code: 'AB', name: '', gateType: 10 }, 'name'],
      [{ code: 'AB', name: 'x', gateType: 12 }, 'gateType'],
      [{ code: 'AB', name: 'x', gateType: 10, openFrom: '09:00' }, 'openTo'],
      [{ code: 'AB', name: 'x', gateType: 10, openFrom: '18:00', openTo: '09:00' }, 'openTo'],
      [{ code: 'AB', name: 'x', gateType: 10, openFrom: '9:00', openTo: '18:00' }, 'openFrom'],
      [{ code: 'AB', name: 'x', gateType: 10, productIds: [ylProduct] }, 'productIds'],
      [{ code: 'AB', name: 'x', gateType: 10, cardIds: [999999] }, 'cardIds'],
    ] as const) {
      const res = await call('admin', 'POST', gateApi.create, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.field, JSON.stringify(body)).toBe(field);
    }
    const camera = await db
      .select({ id: terminals.id })
      .from(terminals)
      .where(and(eq(terminals.scenicId, qsh), eq(terminals.kind, 'camera')));
    const res = await call('admin', 'POST', gateApi.update, {
      id: gate['N-IN-01'],
      deviceIds: [camera[0]!.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.field).toBe('deviceIds');
  });

  it('refuses a taken code with 409', async () => {
    const res = await call('admin', 'POST', gateApi.create, { code: 'S-IN-01', name: 'x', gateType: 10 });
    expect(res.statusCode).toBe(409);
  });

  it('needs admin:gate:update and admin:gate:create', async () => {
    const id = gate['N-IN-01']!;
    expect((await call('staff', 'POST', gateApi.update, { id, name: 'x' })).statusCode).toBe(403);
    expect((await call('staff', 'POST', gateApi.passState, { id, passState: 1 })).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${gateApi.delete}?id=${id}`)).statusCode).toBe(403);
  });

  it('does not edit another area’s gate', async () => {
    const id = gate['N-IN-01']!;
    expect((await call('yunling', 'POST', gateApi.update, { id, name: 'x' })).statusCode).toBe(404);
    expect((await call('yunling', 'POST', gateApi.passState, { id, passState: 1 })).statusCode).toBe(404);
    expect((await call('yunling', 'GET', `${gateApi.delete}?id=${id}`)).statusCode).toBe(404);
    const [g] = await db.select().from(gates).where(eq(gates.id, id));
    expect(g).toMatchObject({ name: '北门入口', passState: 0 });
  });

  it('toggles the pass state (audited)', async () => {
    const g = await newGate({});
    const res = await call('admin', 'POST', gateApi.passState, { id: g.id, passState: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await db.select().from(gates).where(eq(gates.id, g.id)))[0]!.passState).toBe(1);
    const audits = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, String(g.id)));
    expect(audits.map((a) => a.action)).toContain('passState');
    const bad = await call('admin', 'POST', gateApi.passState, { id: g.id, passState: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('passState');
  });

  it('deletes an unused gate; a gate staff cards name or with scans is 409', async () => {
    const g = await newGate({ productIds: [product] });
    expect((await call('admin', 'GET', `${gateApi.delete}?id=${g.id}`)).statusCode).toBe(200);
    expect(await db.select().from(gateAdmissions).where(eq(gateAdmissions.gateId, g.id))).toHaveLength(0);
    // the demo staff cards name the south gates
    expect((await call('admin', 'GET', `${gateApi.delete}?id=${gate['S-IN-01']}`)).statusCode).toBe(409);
    const scanned = await newGate({});
    const d = await device(`GD-${nonce()}`);
    await call('admin', 'POST', gateApi.update, { id: scanned.id, deviceIds: [d.id] });
    expect((await d.scan('nothing-here')).statusCode).toBe(200);
    expect((await call('admin', 'GET', `${gateApi.delete}?id=${scanned.id}`)).statusCode).toBe(409);
  });
});

describe('gate device scan', () => {
  it('checks in at the mounted gate; a retried nonce is answered once', async () => {
    const d = await device(`GD-${nonce()}`);
    const g = await newGate({ deviceIds: [d.id], productIds: [product] });
    const tk = await ticket();
    const body = { nonce: nonce(), readMode: 1, value: tk.code, scannedAt: at('10:00'), healthCode: 0 };
    const first = await t.call(d.token, 'POST', terminalDeviceApi.scan, body, d.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ allowed: true, duplicate: false });
    expect(first.json().data.event).toMatchObject({ gateId: g.id, deviceId: d.clientId, healthCode: 0 });
    const again = await t.call(d.token, 'POST', terminalDeviceApi.scan, body, d.headers);
    expect(again.json().data).toMatchObject({ allowed: true, duplicate: true });
    // the gate's row shows the scan and the device online (its heartbeat)
    await t.call(d.token, 'POST', terminalDeviceApi.heartbeat, { appVersion: '1.0.0' }, d.headers);
    const row = (await page('admin', { name: '测试闸机', limit: 100 })).rows.find((r) => r.id === g.id)!;
    expect(row).toMatchObject({ lastScanResult: 'ok', online: 2, devicesOnline: 1 });
    expect(row.lastScanTime).toBe(at('10:00'));
  });

  it('refuses a ticket of a product the gate does not admit', async () => {
    const d = await device(`GD-${nonce()}`);
    await newGate({ deviceIds: [d.id], productIds: [product] });
    const res = await d.scan((await ticket(otherProduct)).code!);
    expect(res.json().data).toMatchObject({ allowed: false, reason: 'notAdmitted' });
  });

  it('refuses every scan while the pass is off, and entries outside the gate’s hours', async () => {
    const d = await device(`GD-${nonce()}`);
    const g = await newGate({ deviceIds: [d.id] });
    await call('admin', 'POST', gateApi.passState, { id: g.id, passState: 1 });
    const tk = await ticket();
    expect((await d.scan(tk.code!)).json().data).toMatchObject({ allowed: false, reason: 'gateClosed' });
    // an offline upload is a passage that happened: recorded, not refused
    expect((await d.scan(tk.code!, { offline: true })).json().data).toMatchObject({ allowed: true });
    await call('admin', 'POST', gateApi.update, {
      id: g.id,
      passState: 0,
      openFrom: '11:00',
      openTo: '12:00',
    });
    const tk2 = await ticket();
    expect((await d.scan(tk2.code!)).json().data).toMatchObject({
      allowed: false,
      reason: 'gateOutsideHours',
    });
    expect((await d.scan(tk2.code!, { scannedAt: at('11:30') })).json().data).toMatchObject({
      allowed: true,
    });
  });

  it('is 409 for a device not mounted on a gate', async () => {
    const d = await device(`GD-${nonce()}`);
    const res = await d.scan('whatever');
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(checkinMessages.terminalNoGate.zh);
  });

  it('is 401 for a disabled device, 403 for another kind of terminal (logged on it)', async () => {
    const d = await device(`GD-${nonce()}`);
    await newGate({ deviceIds: [d.id] });
    await db.update(terminals).set({ status: 2 }).where(eq(terminals.id, d.id));
    expect((await d.scan('x')).statusCode).toBe(401);
    const cam = await device(`CAM-${nonce()}`, 'camera');
    expect((await cam.scan('x')).statusCode).toBe(403);
    const events = await db.select().from(terminalEvents).where(eq(terminalEvents.terminalId, cam.id));
    expect(events.some((e) => e.event === 'refused' && e.detail.endsWith('caller refused'))).toBe(true);
  });

  it('changes the device configuration ETag when its gate is edited', async () => {
    const d = await device(`GD-${nonce()}`);
    const g = await newGate({ deviceIds: [d.id] });
    const first = await d.config();
    expect(first.statusCode, first.body).toBe(200);
    const etag = String(first.headers.etag);
    expect(first.json().data.profile.gate).toMatchObject({ id: g.id, passState: 0 });
    expect((await d.config(etag)).statusCode).toBe(304);
    await call('admin', 'POST', gateApi.update, { id: g.id, productIds: [product] });
    const after = await d.config(etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().data.profile.products).toEqual([{ id: product, name: expect.any(String) }]);
  });
});

describe('entry/exit log filters', () => {
  it('filters by gate, read mode and health code', async () => {
    const d = await device(`GD-${nonce()}`);
    const g = await newGate({ deviceIds: [d.id] });
    await d.scan((await ticket()).code!, { healthCode: 1 });
    await d.scan('110101199001011234', { readMode: 2, healthCode: 0 });
    const log = async (body: Record<string, unknown>) => {
      const res = await call('admin', 'POST', '/web/api/admin/gardenLog/page', { gateId: g.id, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { rows: { readMode: number; healthCode: number | null }[] } }>().data.rows;
    };
    expect(await log({})).toHaveLength(2);
    expect((await log({ healthCode: 1 })).map((r) => r.healthCode)).toEqual([1]);
    expect((await log({ readMode: 2 })).map((r) => r.readMode)).toEqual([2]);
    const bad = await call('admin', 'POST', '/web/api/admin/gardenLog/page', { healthCode: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('healthCode');
    const badMode = await call('admin', 'POST', '/web/api/admin/gardenLog/page', { readMode: 7 });
    expect(badMode.json().data.field).toBe('readMode');
  });
});
