import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  otaChannelApi,
  otaLogApi,
  otaMappingApi,
  type OtaChannelRow,
  type OtaLogRow,
  type OtaMappingRow,
} from '../../../shared/api/ota.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { runOtaJobs } from './ota.jobs.ts';
import { notifyRedemptions } from './ota-redemptions.service.ts';
import { redactForLog } from './ota.service.ts';
import { OtaSimulator } from './simulator.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);
const SECRET = 'ctrip-test-secret-0123456789abcdef';
let sim: OtaSimulator;
let channel: OtaChannelRow;
let mapping: OtaMappingRow;
const tomorrow = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

async function logs(body: Record<string, unknown> = {}) {
  const res = await call('admin', 'POST', otaLogApi.page, { limit: 100, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { rows: OtaLogRow[]; total: number };
}

const order = (orderId: string, extra: Record<string, unknown> = {}) => ({
  orderId,
  productCode: mapping.externalCode,
  date: tomorrow,
  quantity: 2,
  unitPrice: mapping.price,
  buyer: { name: '张三', phone: '13800000000' },
  ...extra,
});

beforeAll(async () => {
  // the platform's listener on 127.0.0.1, allow-listed as EGRESS_ALLOW would
  sim = await new OtaSimulator('ctrip', 'ctrip-test', SECRET).listen();
  t = await createTestApp({ loginRateLimit: 1000, egressAllow: [sim.allowEntry] });
  sim.attach(t.app);
  await t.grant('yunling', ['admin:ota:page', 'admin:ota:edit', 'admin:ota:log']);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  const res = await call('admin', 'POST', otaChannelApi.save, {
    platform: 'ctrip',
    appKey: 'ctrip-test',
    secret: SECRET,
    callbackUrl: sim.callbackUrl,
    status: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
  channel = res.json().data;
  const maps = await call('admin', 'POST', otaMappingApi.page, { channelId: channel.id });
  mapping = (maps.json().data as { rows: OtaMappingRow[] }).rows[0]!;
});
afterAll(async () => {
  await sim?.close();
  await t?.close();
});

describe('OTA channels (/ota/otaManage)', () => {
  it('lists the four platforms; the secret is only "set", never answered by any route', async () => {
    const res = await call('admin', 'POST', otaChannelApi.page, {});
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.rows as OtaChannelRow[];
    expect(rows.map((r) => r.platform)).toEqual(['ctrip', 'meituan', 'zowoyoo', 'pft']);
    expect(rows.every((r) => r.secretSet)).toBe(true);
    // the demo's logged messages: the latest of each platform
    expect(rows.every((r) => r.lastMessageTime != null && [1, 2, 3].includes(r.lastMessageResult!))).toBe(
      true,
    );
    expect(res.body).not.toContain(SECRET);
    const one = await call('admin', 'GET', `${otaChannelApi.query}?id=${channel.id}`);
    expect(one.body).not.toContain(SECRET);
    expect(one.body).not.toContain('secretSealed');
    // stored sealed, not in clear
    const [row] = await queryRows<{ secret_sealed: string }>(
      t.database.db,
      sql`select secret_sealed from ota_channels where id = ${channel.id}`,
    );
    expect(row!.secret_sealed.startsWith('v2.')).toBe(true);
    expect(row!.secret_sealed).not.toContain(SECRET);
    // editing without a secret keeps it
    const kept = await call('admin', 'POST', otaChannelApi.save, {
      platform: 'ctrip',
      appKey: 'ctrip-test',
      callbackUrl: sim.callbackUrl,
      status: 1,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.secretSet).toBe(true);
    const audit = await queryRows<{ after: unknown }>(
      t.database.db,
      sql`select after from audit_logs where target_type = 'otaChannel'`,
    );
    expect(JSON.stringify(audit)).not.toContain(SECRET);
  });

  it('refuses bad input naming the field, missing permission, and another area', async () => {
    const bad = await call('admin', 'POST', otaChannelApi.save, {
      platform: 'ctrip',
      appKey: '',
      callbackUrl: '',
      status: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('appKey');
    const badMap = await call('admin', 'POST', otaMappingApi.create, {
      channelId: channel.id,
      externalCode: 'X',
      productId: mapping.productId,
      price: -1,
      status: 1,
    });
    expect(badMap.statusCode).toBe(400);
    expect(badMap.json().data.field).toBe('price');
    expect((await call('staff', 'POST', otaChannelApi.page, {})).statusCode).toBe(403);
    expect((await call('staff', 'POST', otaLogApi.page, {})).statusCode).toBe(403);
    // the other area sees its own (empty) channels, not area 1's
    const other = await call('yunling', 'POST', otaChannelApi.page, {});
    expect(other.statusCode).toBe(200);
    expect((other.json().data.rows as OtaChannelRow[]).every((r) => r.id == null)).toBe(true);
    expect((await call('yunling', 'GET', `${otaChannelApi.query}?id=${channel.id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', otaMappingApi.page, { channelId: channel.id })).statusCode).toBe(
      404,
    );
    expect((await call('yunling', 'GET', `${otaMappingApi.delete}?id=${mapping.id}`)).statusCode).toBe(404);
    const theirs = await call('yunling', 'POST', otaLogApi.page, { limit: 100 });
    expect(theirs.json().data.total).toBe(0);
  });

  it('refuses a mapping to another area’s product, creates, edits and deletes one', async () => {
    const [foreign] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from ticket_products where scenic_id <> 1 order by id limit 1`,
    );
    if (foreign) {
      const res = await call('admin', 'POST', otaMappingApi.create, {
        channelId: channel.id,
        externalCode: 'FOREIGN',
        productId: Number(foreign.id),
        price: 100,
        status: 1,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().data.field).toBe('productId');
    }
    const created = await call('admin', 'POST', otaMappingApi.create, {
      channelId: channel.id,
      externalCode: 'CT-NEW',
      productId: mapping.productId,
      price: 1234,
      status: 1,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const dup = await call('admin', 'POST', otaMappingApi.create, {
      channelId: channel.id,
      externalCode: 'CT-NEW',
      productId: mapping.productId,
      price: 1,
      status: 1,
    });
    expect(dup.statusCode).toBe(409);
    const options = await call('admin', 'GET', otaMappingApi.products);
    expect(options.statusCode, options.body).toBe(200);
    const products = options.json().data as { id: number; name: string }[];
    expect(products.map((p) => p.id)).toContain(mapping.productId);
    const theirs = await call('yunling', 'GET', otaMappingApi.products);
    expect((theirs.json().data as { id: number }[]).map((p) => p.id)).not.toContain(mapping.productId);
    expect((await call('staff', 'GET', otaMappingApi.products)).statusCode).toBe(403);
    const edited = await call('admin', 'POST', otaMappingApi.update, { id, price: 999 });
    expect(edited.json().data.price).toBe(999);
    expect((await call('admin', 'GET', `${otaMappingApi.delete}?id=${id}`)).statusCode).toBe(200);
  });
});

describe('OTA inbound calls', () => {
  it('refuses a bad signature or an old timestamp (401) and logs it', async () => {
    const wrong = await sim.send('order', order('SIG-1'), { secret: 'not-the-secret-0000000000' });
    expect(wrong.statusCode).toBe(401);
    const old = await sim.send('order', order('SIG-2'), { at: Date.now() - 6 * 60_000 });
    expect(old.statusCode).toBe(401);
    const logged = await logs({ externalOrderId: 'SIG-1' });
    expect(logged.rows).toHaveLength(1);
    expect(logged.rows[0]).toMatchObject({ direction: 1, type: 'order', result: 2 });
    const orders = await queryRows(
      t.database.db,
      sql`select id from ticket_orders where external_no in ('SIG-1', 'SIG-2')`,
    );
    expect(orders).toHaveLength(0);
  });

  it('places a mapped order once for a repeated call, under the platform’s client and channel', async () => {
    const first = await sim.send('order', order('CT-A1'));
    expect(first.statusCode, first.body).toBe(200);
    const again = await sim.send('order', order('CT-A1'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await queryRows<{ client_id: string; channel: number; order_no: string }>(
      t.database.db,
      sql`select client_id, channel, order_no from ticket_orders where external_no = 'CT-A1'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ client_id: 'ctripManagement', channel: 16 });
    expect(first.json().orderNo).toBe(rows[0]!.order_no);
    expect((await logs({ externalOrderId: 'CT-A1', result: 1 })).total).toBe(2);
  });

  it('refuses an unmapped product and a price other than the agreed one with a clear message', async () => {
    const res = await sim.send('order', order('CT-U1', { productCode: 'NOPE-1' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('NOPE-1');
    expect(res.json().message).toContain('not mapped');
    const price = await sim.send('order', order('CT-U2', { unitPrice: mapping.price + 1 }));
    expect(price.statusCode).toBe(409);
    expect((await logs({ externalOrderId: 'CT-U1' })).rows[0]!.result).toBe(2);
  });

  it('cancels an unpaid order, and refunds a paid one by an auto-approved request', async () => {
    expect((await sim.send('order', order('CT-C1'))).statusCode).toBe(200);
    const cancelled = await sim.send('cancel', { orderId: 'CT-C1' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().outcome).toBe('cancelled');
    const paid = await sim.send('order', order('CT-P1', { paid: true }));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payStatus).toBe(201);
    const refunded = await sim.send('cancel', { orderId: 'CT-P1', reason: 'plans changed' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().outcome).toBe('refunded');
    const requests = await queryRows<{ status: number }>(
      t.database.db,
      sql`select r.status from refund_requests r join ticket_orders o on o.id = r.order_id where o.external_no = 'CT-P1'`,
    );
    expect(requests).toHaveLength(2);
    expect(requests.every((r) => Number(r.status) === 2)).toBe(true);
    const unknown = await sim.send('cancel', { orderId: 'NOPE' });
    expect(unknown.statusCode).toBe(404);
  });

  it('notifies a redemption once, and sends the stock left of mapped products', async () => {
    expect((await sim.send('order', order('CT-R1', { paid: true, quantity: 1 }))).statusCode).toBe(200);
    // the ticket passes a gate at check-in
    await t.database.db.execute(
      sql`update order_tickets set status = 302 where order_id = (select id from ticket_orders where external_no = 'CT-R1')`,
    );
    sim.outbox.length = 0;
    expect(await notifyRedemptions(t.database.db)).toBe(1);
    expect(await notifyRedemptions(t.database.db)).toBe(0);
    const notices = sim.outbox.filter((m) => m.body.event === 'redeemed');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body.orderId).toBe('CT-R1');
    expect(notices[0]!.headers['x-ota-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect((await logs({ externalOrderId: 'CT-R1', direction: 2, type: 'redeem' })).total).toBe(1);

    const res = await call('admin', 'POST', otaChannelApi.syncStock, { id: channel.id, date: tomorrow });
    expect(res.statusCode, res.body).toBe(200);
    const stock = sim.outbox.filter((m) => m.body.event === 'stock');
    expect(stock).toHaveLength(1);
    expect((stock[0]!.body.items as { productCode: string }[]).map((i) => i.productCode)).toContain(
      mapping.externalCode,
    );
    const [sent] = (await logs({ direction: 2, type: 'stock' })).rows;
    expect(sent!.result).toBe(1);
    // where it went, what came back and how long it took
    expect(sent!.response).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/ctrip\/notify\n200 in \d+ ms\n\{"ok":true\}$/,
    );
    expect((await call('staff', 'POST', otaChannelApi.syncStock, { id: channel.id })).statusCode).toBe(403);
    expect((await call('yunling', 'POST', otaChannelApi.syncStock, { id: channel.id })).statusCode).toBe(404);
  });

  /** A paid one-ticket order whose ticket has passed a gate. */
  async function usedTicket(orderId: string): Promise<number> {
    expect((await sim.send('order', order(orderId, { paid: true, quantity: 1 }))).statusCode).toBe(200);
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`update order_tickets set status = 302 where order_id = (select id from ticket_orders where external_no = ${orderId}) returning id`,
    );
    return Number(row!.id);
  }
  const redemption = async (ticketId: number) =>
    (
      await queryRows<{ result: number; attempts: number; claimed_at: unknown }>(
        t.database.db,
        sql`select result, attempts, claimed_at from ota_redemptions where ticket_id = ${ticketId}`,
      )
    )[0];

  it('sends a redemption notice outside any transaction, its claim committed first', async () => {
    await notifyRedemptions(t.database.db);
    const ticketId = await usedTicket('CT-R2');
    const seen: unknown[] = [];
    const send = sim.reply;
    // the platform, while it answers, looks at the notice from another query: were the claim still
    // in an open transaction (or the call inside one), PGlite's single connection would not answer
    sim.onReceive = async () => {
      seen.push(await redemption(ticketId));
    };
    try {
      // the job's pass as the server runs it (ota.jobs.ts)
      expect(await runOtaJobs(t.database.db)).toEqual({ notified: 1 });
    } finally {
      sim.onReceive = undefined;
      sim.reply = send;
    }
    expect(seen).toEqual([expect.objectContaining({ result: 2, attempts: 1 })]);
    expect(await redemption(ticketId)).toMatchObject({ result: 1, attempts: 1, claimed_at: null });
  });

  it('a failed delivery is retried by the next pass; a fresh claim is left alone, a stale one taken over', async () => {
    await notifyRedemptions(t.database.db);
    const ticketId = await usedTicket('CT-R3');
    sim.reply = { status: 503, body: 'down' };
    try {
      expect(await notifyRedemptions(t.database.db)).toBe(0);
    } finally {
      sim.reply = { status: 200, body: '{"ok":true}' };
    }
    expect(await redemption(ticketId)).toMatchObject({ result: 3, attempts: 1 });
    expect((await logs({ externalOrderId: 'CT-R3', type: 'redeem', result: 3 })).total).toBe(1);
    // another instance claimed it a moment ago and is sending it: this pass leaves it
    const now = new Date();
    await t.database.db.execute(
      sql`update ota_redemptions set result = 2, claimed_at = ${now.toISOString()}::timestamptz where ticket_id = ${ticketId}`,
    );
    sim.outbox.length = 0;
    expect(await notifyRedemptions(t.database.db, new Date(now.getTime() + 1000))).toBe(0);
    expect(sim.outbox).toHaveLength(0);
    // that instance died mid-send: after the stale delay the claim is taken over and delivered
    expect(await notifyRedemptions(t.database.db, new Date(now.getTime() + 3 * 60_000))).toBe(1);
    expect(sim.outbox.map((m) => m.body.orderId)).toEqual(['CT-R3']);
    expect(await redemption(ticketId)).toMatchObject({ result: 1, attempts: 2 });
  });

  it('redacts credentials in logged payloads', async () => {
    const res = await sim.send('order', {
      ...order('CT-S1'),
      secret: 'leaked-value-123',
      buyer: { name: 'a', phone: '13800000000', password: 'pw-leak' },
    });
    expect(res.statusCode).toBe(400);
    const [row] = (await logs({ externalOrderId: 'CT-S1' })).rows;
    expect(row!.request).toContain('"secret":"***"');
    expect(row!.request).not.toContain('leaked-value-123');
    expect(row!.request).not.toContain('pw-leak');
    expect(row!.request).toContain('CT-S1');
    expect(redactForLog('200 {"token":"abc","ok":true}')).toBe('200 {"token":"***","ok":true}');
  });

  it('exports the log, and no route answers the secret', async () => {
    const res = await call('admin', 'POST', otaLogApi.export, { type: 'order' });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('CT-A1');
    expect(text).not.toContain(SECRET);
    const all = await logs();
    expect(JSON.stringify(all)).not.toContain(SECRET);
  });
});

describe('OTA callbacks leave through the one way out (issue 28, finding 4)', () => {
  /** An internal service on the loopback range, which must never be reached: it counts connections. */
  let internal: http.Server;
  let internal6: http.Server;
  let connections = 0;
  const listen = async (host: string) => {
    const server = http.createServer((_req, res) => res.end('db_password=hunter2'));
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    return server;
  };
  const portOf = (server: http.Server) => (server.address() as AddressInfo).port;
  const lookup = dns.promises.lookup;
  const looked: string[] = [];

  beforeAll(async () => {
    internal = await listen('127.0.0.1');
    internal6 = await listen('::1');
    // a name that resolves to 127.0.0.1 (DNS under an attacker's control); every other name as usual
    vi.spyOn(dns.promises, 'lookup').mockImplementation(((
      hostname: string,
      options: dns.LookupAllOptions,
    ) => {
      looked.push(hostname);
      if (hostname === 'notify.rebind.example') return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      return lookup(hostname, options);
    }) as typeof dns.promises.lookup);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    for (const server of [internal, internal6]) {
      server?.closeAllConnections();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    }
    // the channel points at the simulator again
    await call('admin', 'POST', otaChannelApi.save, {
      platform: 'ctrip',
      appKey: 'ctrip-test',
      callbackUrl: sim.callbackUrl,
      status: 1,
    });
  });

  const pointAt = async (callbackUrl: string) => {
    const res = await call('admin', 'POST', otaChannelApi.save, {
      platform: 'ctrip',
      appKey: 'ctrip-test',
      callbackUrl,
      status: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it.each([
    ['127.0.0.1', () => `https://127.0.0.1:${portOf(internal)}/notify`, 'refused: loopback address'],
    ['localhost', () => `https://localhost:${portOf(internal)}/notify`, 'refused: loopback address'],
    ['[::1]', () => `https://[::1]:${portOf(internal6)}/notify`, 'refused: loopback address'],
    [
      'a name resolving to 127.0.0.1',
      () => `https://notify.rebind.example:${portOf(internal)}/notify`,
      'refused: loopback address',
    ],
    ['http, not allow-listed', () => `http://127.0.0.1:${portOf(internal)}/notify`, 'refused: not https'],
  ])('a stock sync to %s is refused before any byte is sent, and logged as such', async (_, url, reason) => {
    await pointAt(url());
    const res = await call('admin', 'POST', otaChannelApi.syncStock, { id: channel.id, date: tomorrow });
    expect(res.statusCode, res.body).toBe(200);
    // refused (2): the console's toast sends the user to the log
    expect(res.json().data.result).toBe(2);
    expect(connections).toBe(0);
    const [row] = (await logs({ direction: 2, type: 'stock' })).rows;
    expect(row!.result).toBe(2);
    expect(row!.response).toBe(`POST ${url()}\n${reason}`);
    expect(row!.response).not.toContain('hunter2');
    // what was to be sent is kept to diagnose it
    expect(row!.request).toContain('"event":"stock"');
  });

  it('http to a public name is refused for not being https, without even resolving it', async () => {
    looked.length = 0;
    await pointAt('http://ctrip.example.com/notify?token=abc');
    const res = await call('admin', 'POST', otaChannelApi.syncStock, { id: channel.id, date: tomorrow });
    expect(res.json().data.result).toBe(2);
    const [row] = (await logs({ direction: 2, type: 'stock' })).rows;
    // the query (a token, maybe) is not logged
    expect(row!.response).toBe('POST http://ctrip.example.com/notify\nrefused: not https');
    expect(looked).toEqual([]);
  });

  it('a redemption notice to a refused address stays queued, and nothing reaches the address', async () => {
    await notifyRedemptions(t.database.db);
    expect((await sim.send('order', order('CT-E1', { paid: true, quantity: 1 }))).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update order_tickets set status = 302 where order_id = (select id from ticket_orders where external_no = 'CT-E1')`,
    );
    await pointAt(`https://notify.rebind.example:${portOf(internal)}/notify`);
    expect(await notifyRedemptions(t.database.db)).toBe(0);
    expect(connections).toBe(0);
    const [row] = (await logs({ externalOrderId: 'CT-E1', direction: 2, type: 'redeem' })).rows;
    expect(row).toMatchObject({ result: 2 });
    expect(row!.response).toContain('refused: loopback address');
    // once the callback points at the platform again, the next pass delivers it
    await pointAt(sim.callbackUrl);
    expect(await notifyRedemptions(t.database.db)).toBe(1);
  });
});
