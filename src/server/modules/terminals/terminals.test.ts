import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalApi, terminalDeviceApi, type TerminalRow } from '../../../shared/api/terminals.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { secretGrant, type ActivatedDevice } from '../../test/credentials.ts';
import { scenicAreas } from '../scenic/index.ts';
import { runTerminalJobs } from './terminals.jobs.ts';
import { terminalEvents, terminals } from './terminals.table.ts';

let t: TestApp;
let db: Db;
const tok: Record<string, string> = {};
let firstArea: number;
let otherTerminal: number;

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);

async function register(serialNo: string, kind = 'gateDevice') {
  const res = await call('admin', 'POST', terminalApi.create, { kind, name: `T ${serialNo}`, serialNo });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { id: number; activationCode: string } }>().data;
}

async function activate(code: string) {
  return t.app.inject({ method: 'POST', url: terminalDeviceApi.activate, payload: { code } });
}

/** Client-credentials token of an activated device. */
async function deviceToken(clientId: string, secret: string): Promise<string> {
  const res = await secretGrant(t, clientId, secret);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}

/** Registers, activates and logs in a device: its id, token and headers. */
async function device(serialNo: string, kind = 'gateDevice') {
  const { id, activationCode } = await register(serialNo, kind);
  const res = await activate(activationCode);
  expect(res.statusCode, res.body).toBe(200);
  const done = res.json<{ data: ActivatedDevice }>().data;
  const token = await deviceToken(done.clientId, done.clientSecret);
  const headers = { 'x-scenic-id': String(done.scenicId) };
  return { id, token, headers, ...done };
}

const beat = (token: string, headers: Record<string, string>, body: unknown = { appVersion: '2.0.1' }) =>
  t.call(token, 'POST', terminalDeviceApi.heartbeat, body, headers);

const eventsOf = async (id: number) =>
  (await db.select().from(terminalEvents).where(eq(terminalEvents.terminalId, id))).map((e) => e.event);

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  db = t.database.db;
  await t.grant('yunling', ['admin:terminal:page', 'admin:terminal:create', 'admin:terminal:update']);
  await t.grant('staff', ['admin:terminal:page']);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  const areas = await db.select().from(scenicAreas);
  const ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
  firstArea = areas.find((a) => a.id !== ylgz)!.id;
  const [other] = await db
    .insert(terminals)
    .values({ scenicId: ylgz, kind: 'camera', name: '古镇摄像头', serialNo: 'YL-CAM' })
    .returning();
  otherTerminal = other!.id;
});
afterAll(() => t.close());

describe('terminal registry', () => {
  it('lists the demo terminals of the acting area with filters, not another area’s', async () => {
    const res = await call('admin', 'POST', terminalApi.page, { limit: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ data: { rows: TerminalRow[]; total: number } }>().data.rows;
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.map((r) => r.name)).not.toContain('古镇摄像头');
    const online = await call('admin', 'POST', terminalApi.page, { online: 2, kind: 'camera' });
    expect(online.json<{ data: { rows: TerminalRow[] } }>().data.rows.map((r) => r.serialNo)).toEqual([
      'CAM-001',
    ]);
    const byKeyword = await call('admin', 'POST', terminalApi.page, {
      keyword: 'self-00',
      sort: 'serialNo',
      order: 'asc',
    });
    expect(byKeyword.json<{ data: { rows: TerminalRow[] } }>().data.rows.map((r) => r.serialNo)).toEqual([
      'SELF-001',
      'SELF-002',
    ]);
    const theirs = await call('yunling', 'POST', terminalApi.page, {});
    // YLGZ's own (its demo gate devices, window, machine, face device and camera too), none of the first area's
    const theirNames = theirs.json<{ data: { rows: TerminalRow[] } }>().data.rows.map((r) => r.name);
    expect(theirNames).toContain('古镇摄像头');
    expect(theirNames.filter((n) => rows.some((r) => r.name === n))).toEqual([]);
  });

  it('refuses bad filters (400 naming the field) and callers without the permission (403)', async () => {
    const bad = await call('admin', 'POST', terminalApi.page, { kind: 'toaster' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('kind');
    expect(
      (await call('staff', 'POST', terminalApi.create, { kind: 'camera', name: 'x', serialNo: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('staff', 'POST', terminalApi.status, { id: otherTerminal, status: 2 })).statusCode,
    ).toBe(403);
    expect((await call('staff', 'POST', terminalApi.rotateSecret, { id: otherTerminal })).statusCode).toBe(
      403,
    );
    expect(
      (await call('staff', 'POST', terminalApi.update, { id: otherTerminal, name: 'x' })).statusCode,
    ).toBe(403);
    expect((await call('staff', 'GET', `${terminalApi.delete}?id=${otherTerminal}`)).statusCode).toBe(403);
  });

  it('exports the filtered list', async () => {
    const res = await call('admin', 'POST', terminalApi.export, { kind: 'winManagement' });
    expect(res.statusCode, res.body).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('WIN-001');
    expect(text).not.toContain('SELF-001');
    // terminals that never beat have no last-seen time: an empty cell, not a failure
    const never = await call('admin', 'POST', terminalApi.export, { online: 0 });
    expect(never.statusCode, never.body).toBe(200);
  });

  it('registers with a one-time code; serial unique per area; bad input names the field', async () => {
    const created = await register('NEW-001', 'winManagement');
    expect(created.activationCode).toMatch(/^[A-Z2-9]{12}$/);
    const dup = await call('admin', 'POST', terminalApi.create, {
      kind: 'camera',
      name: 'x',
      serialNo: 'NEW-001',
    });
    expect(dup.statusCode).toBe(409);
    // the same serial in another area is another terminal
    const theirs = await call('yunling', 'POST', terminalApi.create, {
      kind: 'camera',
      name: 'x',
      serialNo: 'NEW-001',
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const bad = await call('admin', 'POST', terminalApi.create, {
      kind: 'camera',
      name: 'x',
      serialNo: 'bad serial',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('serialNo');
    const [audit] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from audit_logs where target_type = 'terminal' and target_id = ${String(created.id)}`,
    );
    expect(audit!.n).toBe(1);
  });

  it('edits, queries and deletes only its own area’s, never-activated terminals', async () => {
    const { id } = await register('EDIT-001');
    const upd = await call('admin', 'POST', terminalApi.update, {
      id,
      name: '新名称',
      settings: { paper: 80 },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const q = await call('admin', 'GET', `${terminalApi.query}?id=${id}`);
    expect(q.json<{ data: TerminalRow }>().data).toMatchObject({
      name: '新名称',
      settings: { paper: 80 },
      activated: false,
    });
    expect((await call('admin', 'POST', terminalApi.update, { id, name: '' })).body).toContain('name');
    expect(
      (await call('admin', 'POST', terminalApi.update, { id: otherTerminal, name: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('admin', 'GET', `${terminalApi.query}?id=${otherTerminal}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `${terminalApi.delete}?id=${otherTerminal}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `${terminalApi.events}?id=${otherTerminal}`)).statusCode).toBe(404);
    expect(
      (await call('admin', 'POST', terminalApi.status, { id: otherTerminal, status: 2 })).statusCode,
    ).toBe(404);
    expect((await call('admin', 'POST', terminalApi.rotateSecret, { id: otherTerminal })).statusCode).toBe(
      404,
    );
    expect((await call('admin', 'GET', `${terminalApi.delete}?id=${id}`)).statusCode).toBe(200);
    const activated = await device('EDIT-002');
    const del = await call('admin', 'GET', `${terminalApi.delete}?id=${activated.id}`);
    expect(del.statusCode).toBe(409);
    expect((await call('admin', 'GET', `${terminalApi.delete}?id=x`)).body).toContain('id');
  });
});

describe('device flow', () => {
  it('activates once: a second use of the code is 401', async () => {
    const { id, activationCode } = await register('ACT-001');
    const first = await activate(activationCode);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ data: { clientId: string } }>().data.clientId).toBe(`term${id}`);
    expect((await activate(activationCode)).statusCode).toBe(401);
    expect((await activate('x')).statusCode).toBe(400);
    expect(await eventsOf(id)).toEqual(['activated']);
  });

  it('an expired code does not activate', async () => {
    const { id, activationCode } = await register('ACT-002');
    await db
      .update(terminals)
      .set({ activationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(terminals.id, id));
    expect((await activate(activationCode)).statusCode).toBe(401);
  });

  it('goes online on a heartbeat and offline after the timeout (controlled clock)', async () => {
    const d = await device('BEAT-001');
    const res = await beat(d.token, d.headers, { appVersion: '2.0.1', ip: '10.9.8.7' });
    expect(res.statusCode, res.body).toBe(200);
    let [row] = await db.select().from(terminals).where(eq(terminals.id, d.id));
    expect(row).toMatchObject({ online: 2, appVersion: '2.0.1', lastIp: '10.9.8.7' });
    // a second beat is no new event
    expect((await beat(d.token, d.headers)).statusCode).toBe(200);
    const seen = row!.lastSeenAt!.getTime();
    await runTerminalJobs(db, new Date(seen + 60_000));
    [row] = await db.select().from(terminals).where(eq(terminals.id, d.id));
    expect(row!.online).toBe(2);
    const pass = await runTerminalJobs(db, new Date(Date.now() + 91_000));
    expect(pass!.offline).toBeGreaterThanOrEqual(1);
    [row] = await db.select().from(terminals).where(eq(terminals.id, d.id));
    expect(row!.online).toBe(0);
    expect(await eventsOf(d.id)).toEqual(['activated', 'online', 'offline']);
    const events = await call('admin', 'GET', `${terminalApi.events}?id=${d.id}`);
    expect(events.json<{ data: { event: string }[] }>().data.map((e) => e.event)).toEqual([
      'offline',
      'online',
      'activated',
    ]);
    expect((await beat(d.token, d.headers, { appVersion: '' })).body).toContain('appVersion');
  });

  it('refuses a disabled device with 401 and logs it; enabling hands out a new code, never the old secret', async () => {
    const d = await device('DIS-001');
    expect((await beat(d.token, d.headers)).statusCode).toBe(200);
    const disabled = await call('admin', 'POST', terminalApi.status, { id: d.id, status: 2 });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data).toBeNull();
    const refused = await beat(d.token, d.headers);
    expect(refused.statusCode).toBe(401);
    const [row] = await db.select().from(terminals).where(eq(terminals.id, d.id));
    expect(row).toMatchObject({ status: 2, online: 0 });
    expect(await eventsOf(d.id)).toEqual(['activated', 'online', 'disabled', 'refused']);
    // its client cannot fetch a new token either
    expect((await secretGrant(t, d.clientId, d.clientSecret)).statusCode).toBe(401);
    // nor be handed a secret while disabled
    const rotate = await t.call(
      tok.admin!,
      'POST',
      terminalApi.rotateSecret,
      { id: d.id },
      { 'accept-language': 'en' },
    );
    expect(rotate.statusCode).toBe(409);
    expect(rotate.json().msg).toBe(
      'The terminal is disabled: enable it and activate it again with the new code',
    );

    // enabling: a new one-time code; the old secret and token stay refused
    const enabled = await call('admin', 'POST', terminalApi.status, { id: d.id, status: 1 });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { activationCode, activationExpireTime } = enabled.json<{
      data: { activationCode: string; activationExpireTime: string };
    }>().data;
    expect(activationCode).toMatch(/^[A-Z2-9]{12}$/);
    expect(Date.parse(activationExpireTime)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect((await secretGrant(t, d.clientId, d.clientSecret)).statusCode).toBe(401);
    expect((await beat(d.token, d.headers)).statusCode).toBe(401);
    const listed = (await call('admin', 'GET', `${terminalApi.query}?id=${d.id}`)).json<{
      data: TerminalRow;
    }>().data;
    expect(listed).toMatchObject({ status: 1, activated: true, activationExpireTime });
    // enabling what is enabled changes nothing and hands out nothing
    const again = await call('admin', 'POST', terminalApi.status, { id: d.id, status: 1 });
    expect(again.json().data).toBeNull();

    // the device activates again with the new code: the same client, a new secret
    const reactivated = await activate(activationCode);
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    const fresh = reactivated.json<{ data: { clientId: string; clientSecret: string } }>().data;
    expect(fresh.clientId).toBe(d.clientId);
    expect(fresh.clientSecret).not.toBe(d.clientSecret);
    expect((await activate(activationCode)).statusCode).toBe(401);
    expect((await secretGrant(t, d.clientId, d.clientSecret)).statusCode).toBe(401);
    const token = await deviceToken(fresh.clientId, fresh.clientSecret);
    expect((await beat(token, d.headers)).statusCode).toBe(200);
    expect((await eventsOf(d.id)).slice(3)).toEqual(['refused', 'enabled', 'refused', 'activated', 'online']);
    expect(
      (await call('admin', 'GET', `${terminalApi.query}?id=${d.id}`)).json<{ data: TerminalRow }>().data
        .activationExpireTime,
    ).toBeNull();

    const audit = await queryRows<{ after: Record<string, unknown> }>(
      db,
      sql`select after from audit_logs where module = 'terminals' and action = 'status'
          and target_id = ${String(d.id)} order by id`,
    );
    expect(audit.map((a) => a.after)).toEqual([
      { status: 2, credentialsVoided: true },
      { status: 1, credentialsVoided: true, activationExpireTime },
    ]);
    expect(JSON.stringify(audit)).not.toContain(activationCode);
    expect((await call('admin', 'POST', terminalApi.status, { id: d.id, status: 5 })).body).toContain(
      'status',
    );
  });

  it('a terminal disabled before it was activated gets a new code: the registration code is void', async () => {
    const { id, activationCode } = await register('DIS-002');
    expect((await call('admin', 'POST', terminalApi.status, { id, status: 2 })).statusCode).toBe(200);
    const enabled = await call('admin', 'POST', terminalApi.status, { id, status: 1 });
    const fresh = enabled.json<{ data: { activationCode: string } }>().data.activationCode;
    expect(fresh).not.toBe(activationCode);
    expect((await activate(activationCode)).statusCode).toBe(401);
    expect((await activate(fresh)).statusCode).toBe(200);
  });

  it('rotating the secret of a re-enabled terminal voids its pending code', async () => {
    const d = await device('DIS-003');
    await call('admin', 'POST', terminalApi.status, { id: d.id, status: 2 });
    const code = (await call('admin', 'POST', terminalApi.status, { id: d.id, status: 1 })).json<{
      data: { activationCode: string };
    }>().data.activationCode;
    const rotated = await call('admin', 'POST', terminalApi.rotateSecret, { id: d.id });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { clientSecret } = rotated.json<{ data: { clientSecret: string } }>().data;
    expect((await activate(code)).statusCode).toBe(401);
    const token = await deviceToken(d.clientId, clientSecret);
    expect((await beat(token, d.headers)).statusCode).toBe(200);
  });

  it('enabling and disabling need admin:terminal:update', async () => {
    const d = await device('DIS-004');
    expect((await call('staff', 'POST', terminalApi.status, { id: d.id, status: 2 })).statusCode).toBe(403);
    expect((await beat(d.token, d.headers)).statusCode).toBe(200);
  });

  it('refuses an unknown token and a client token that is no terminal', async () => {
    expect((await beat('nonsense', { 'x-scenic-id': String(firstArea) })).statusCode).toBe(401);
    const other = await t.clientToken('selfManagement');
    // the device routes admit registered terminals only: any other client is 403
    expect((await beat(other, { 'x-scenic-id': String(firstArea) })).statusCode).toBe(403);
    // a console session is not a device
    expect((await beat(tok.admin!, { 'x-scenic-id': String(firstArea) })).statusCode).toBe(403);
  });

  it('rotating the secret revokes the old tokens and answers a new secret once', async () => {
    const d = await device('ROT-001');
    const res = await call('admin', 'POST', terminalApi.rotateSecret, { id: d.id });
    expect(res.statusCode, res.body).toBe(200);
    const { clientSecret } = res.json<{ data: { clientSecret: string } }>().data;
    expect(clientSecret).not.toBe(d.clientSecret);
    expect((await beat(d.token, d.headers)).statusCode).toBe(401);
    expect((await eventsOf(d.id)).slice(-2)).toEqual(['rotated', 'refused']);
    const token = await deviceToken(d.clientId, clientSecret);
    expect((await beat(token, d.headers)).statusCode).toBe(200);
    const { id } = await register('ROT-002');
    expect((await call('admin', 'POST', terminalApi.rotateSecret, { id })).statusCode).toBe(409);
  });

  it('serves its configuration with an ETag that changes after a staff edit', async () => {
    const d = await device('CFG-001');
    const get = (etag?: string) =>
      t.call(d.token, 'GET', terminalDeviceApi.config, undefined, {
        ...d.headers,
        ...(etag ? { 'if-none-match': etag } : {}),
      });
    const first = await get();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ data: { kind: string; name: string } }>().data).toMatchObject({
      kind: 'gateDevice',
      name: 'T CFG-001',
    });
    const etag = first.headers.etag as string;
    expect((await get(etag)).statusCode).toBe(304);
    await call('admin', 'POST', terminalApi.update, { id: d.id, settings: { mode: 'entry' } });
    const changed = await get(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<{ data: { settings: unknown } }>().data.settings).toEqual({ mode: 'entry' });
  });

  it('a window sells as channel 1 with its own client; a gate device does not sell', async () => {
    const win = await device('SELL-WIN', 'winManagement');
    const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const products = await t.call(win.token, 'POST', '/api/open/products', { date }, win.headers);
    expect(products.statusCode, products.body).toBe(200);
    type Offer = { periodId: number | null; sessionId: number | null; left: number };
    type Sellable = { productId: number; productType: number; realNameType: number; offers: Offer[] };
    const product = products
      .json<{ data: Sellable[] }>()
      .data.find((p) => p.productType === 1 && p.realNameType !== 1 && p.offers.some((o) => o.left > 0))!;
    const offer = product.offers.find((o) => o.left > 0)!;
    const order = await t.call(
      win.token,
      'POST',
      '/api/open/order/create',
      {
        buyer: { name: '窗口游客' },
        lines: [
          {
            productId: product.productId,
            date,
            quantity: 1,
            ...(offer.periodId ? { periodId: offer.periodId } : {}),
          },
        ],
        payNow: { payWay: 1 },
      },
      { ...win.headers, 'idempotency-key': 'win-sale-1' },
    );
    expect(order.statusCode, order.body).toBe(200);
    const orderNo = order.json<{ data: { orderNo: string } }>().data.orderNo;
    const [placed] = await queryRows<{ channel: number; client_id: string }>(
      db,
      sql`select channel, client_id from ticket_orders where order_no = ${orderNo}`,
    );
    expect(placed).toEqual({ channel: 1, client_id: win.clientId });

    const gate = await device('SELL-GATE');
    const refused = await t.call(gate.token, 'POST', '/api/open/products', { date }, gate.headers);
    expect(refused.statusCode).toBe(403);
  });
});
