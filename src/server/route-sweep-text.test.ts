import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distributorCreditApi } from '../shared/api/distribution.ts';
import { userApi } from '../shared/api/members.ts';
import { otaInboundPath } from '../shared/api/ota.ts';
import { queryRows } from './db/rows.ts';
import { mapDbError } from './http/db-errors.ts';
import { JSON_MAX_DEPTH } from './http/json-body.ts';
import { auditLogs, recordAudit } from './modules/audit/index.ts';
import { gates } from './modules/gates/gates.table.ts';
import { sealSecret, signBody } from './modules/ota/secret-box.ts';
import { otaChannels, otaMappings } from './modules/ota/ota.table.ts';
import { scenicAreas } from './modules/scenic/scenic.table.ts';
import { createTestApp, type TestApp } from './test/harness.ts';
import { apiRoutes, methodsOf, routeCallers, stringFields } from './test/route-walk.ts';

// Issue 28, finding 6: text no column can store (a NUL, a lone surrogate) and bodies nested too deep
// to walk, from user input, answered 500. A sweep over every registered route (so a route added later
// is covered), the probe's own requests, and the two storage rules (docs/decisions.md "Text that
// enters storage"). Beside route-sweep.test.ts (its NUL sweep), in a file of its own to run in parallel.
let t: TestApp;
let qsh: number;
let admin: string;
const LONE = 'a\ud800b';

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  qsh = (await t.database.db.select().from(scenicAreas).where(eq(scenicAreas.code, 'QSH')))[0]!.id;
  admin = (await t.login('admin')).access_token;
});
afterAll(() => t.close());

describe('a lone surrogate in any text input', () => {
  let callerOf: ReturnType<typeof routeCallers>;
  let gateId: number;

  beforeAll(async () => {
    const [gate] = await t.database.db.select().from(gates).where(eq(gates.scenicId, qsh)).limit(1);
    gateId = gate!.id;
    callerOf = routeCallers(t, qsh, gateId);
  });

  it('never makes a route answer 500, in any string field of the body or the query', async () => {
    const routes = apiRoutes(t);
    let tried = 0;
    let named = 0;
    for (const route of routes) {
      const { token, headers } = await callerOf(route);
      for (const method of methodsOf(route)) {
        const label = `${method} ${route.url}`;
        for (const field of stringFields(route.schema?.body)) {
          const res = await t.call(token, method, route.url, { [field]: LONE }, headers);
          expect(res.statusCode, `${label} body.${field}: ${res.body}`).toBeLessThan(500);
          if (res.statusCode === 400 && res.json().data?.field === field) named++;
          tried++;
        }
        for (const field of stringFields(route.schema?.querystring)) {
          // the UTF-8 form of U+D800, which has none: a lone surrogate's closest spelling in a URL
          const res = await t.call(token, method, `${route.url}?${field}=a%ED%A0%80b`, undefined, headers);
          expect(res.statusCode, `${label} ?${field}: ${res.body}`).toBeLessThan(500);
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThan(300);
    // most routes reach the validator with the field (others refuse the caller or miss a required field first)
    expect(named).toBeGreaterThan(100);
  }, 90_000); // every route × every string field: ~16 s on a loaded 2-core machine

  it('is refused naming the field, in the user’s language', async () => {
    const zh = await t.call(admin, 'POST', '/web/api/admin/ticType/page', { name: LONE });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual({
      code: 400,
      msg: '参数 name 有误：不能包含不成对的代理字符（如单独的 \\ud800）',
      data: { field: 'name', part: 'body' },
    });
    const en = await t.call(
      admin,
      'POST',
      '/web/api/admin/ticType/page',
      { name: 'a\udc00' },
      { 'accept-language': 'en' },
    );
    expect(en.json().msg).toBe(
      'Invalid name: must not contain an unpaired surrogate (such as a lone \\ud800)',
    );
    // a surrogate pair is a character like any other
    const pair = await t.call(admin, 'POST', '/web/api/admin/ticType/page', { name: '😀' });
    expect(pair.statusCode, pair.body).toBe(200);
  });

  it('in a gate’s scanned code is an unknown code, not a refused scan', async () => {
    const device = (await t.deviceToken(qsh, 'gateDevice', { gateId })).token;
    const res = await t.call(device, 'POST', '/api/gate/scan', {
      gateId,
      deviceId: 'gate-sweep-text',
      nonce: 'lone-1',
      readMode: 1,
      value: 'QR\ud800CODE',
      scannedAt: new Date().toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ allowed: false, reason: 'unknown' });
  });
});

describe('the probe’s requests (issue 28, finding 6)', () => {
  const SECRET = 'sweep-text-secret-0123456789abcdef';
  const APP_KEY = 'sweep-text-ctrip';

  const signed = (raw: string, secret = SECRET) => {
    const timestamp = String(Date.now());
    return {
      'content-type': 'application/json',
      'x-ota-key': APP_KEY,
      'x-ota-timestamp': timestamp,
      'x-ota-signature': signBody(secret, timestamp, raw),
    };
  };
  const ota = (action: string, raw: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: otaInboundPath('ctrip', action), headers, payload: raw });

  it('a body nested 5,000 levels deep, without credentials, is 400 before anything reads it', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await ota('order', deep, { 'content-type': 'application/json' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '请求内容的 JSON 嵌套超过 32 层', data: null });
    const objects = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const en = await ota('order', objects, { 'content-type': 'application/json', 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toBe('The request body nests JSON more than 32 levels deep');
    // every route's JSON body, not only the OTA's
    const staff = await t.call(admin, 'POST', '/web/api/admin/ticType/page', undefined, {
      'content-type': 'application/json',
    });
    expect(staff.statusCode).toBe(400);
    const deepStaff = await t.app.inject({
      method: 'POST',
      url: '/web/api/admin/ticType/page',
      headers: { authorization: `bearer ${admin}`, 'content-type': 'application/json' },
      payload: `{"name":${deep}}`,
    });
    expect(deepStaff.statusCode).toBe(400);
    expect(deepStaff.json().msg).toBe('请求内容的 JSON 嵌套超过 32 层');
    // as deep as allowed reaches the signature check; brackets inside strings do not count
    const limit = `${'['.repeat(JSON_MAX_DEPTH - 1)}"${'['.repeat(100)}"${']'.repeat(JSON_MAX_DEPTH - 1)}`;
    const atLimit = await ota('order', `{"orderId":${limit}}`, { 'content-type': 'application/json' });
    expect(atLimit.statusCode, atLimit.body).toBe(401);
  });

  describe('signed OTA calls', () => {
    let externalCode: string;
    let price: number;
    const tomorrow = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const order = (extra: Record<string, unknown>) => ({
      orderId: 'SWEEP-TEXT-1',
      productCode: externalCode,
      date: tomorrow,
      quantity: 1,
      unitPrice: price,
      buyer: { name: '张三', phone: '13800000000' },
      ...extra,
    });

    beforeAll(async () => {
      const db = t.database.db;
      const [channel] = await db
        .update(otaChannels)
        .set({ appKey: APP_KEY, secretSealed: await sealSecret(db, SECRET), status: 1 })
        .where(and(eq(otaChannels.platform, 'ctrip'), eq(otaChannels.scenicId, qsh)))
        .returning();
      const [mapping] = await db
        .select()
        .from(otaMappings)
        .where(eq(otaMappings.channelId, channel!.id))
        .limit(1);
      externalCode = mapping!.externalCode;
      price = mapping!.price;
    });

    it('a NUL in orderId or productCode is 400 naming the field, not 500', async () => {
      // the signing works: a signed call that names no order is answered, not refused
      const query = JSON.stringify({ orderId: 'SWEEP-TEXT-NONE' });
      expect((await ota('query', query, signed(query))).statusCode).not.toBe(401);
      for (const [field, value] of [
        ['orderId', 'SWEEP\u0000TEXT'],
        ['productCode', `${externalCode}\u0000`],
      ] as const) {
        const raw = JSON.stringify(order({ [field]: value }));
        const res = await ota('order', raw, signed(raw));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({
          message: `Invalid ${field}: must not contain a NUL character (\\u0000)`,
        });
      }
      // a lone surrogate too, nested fields named by their path; and unsigned alike
      const raw = JSON.stringify(order({ buyer: { name: LONE, phone: '13800000000' } }));
      const nested = await ota('order', raw, signed(raw, 'not-the-secret'));
      expect(nested.statusCode).toBe(400);
      expect(nested.json().message).toBe(
        'Invalid buyer.name: must not contain an unpaired surrogate (such as a lone \\ud800)',
      );
      // nothing was ordered
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from ticket_orders where external_no like 'SWEEP%'`,
      );
      expect(row!.n).toBe(0);
    });
  });

  it('a lone surrogate in disCredit/repay remark or reference, or in user/adjust reason, is 400 naming it', async () => {
    const [agency] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from distributors where scenic_id = ${qsh} and credit_used > 0 limit 1`,
    );
    for (const field of ['remark', 'reference']) {
      const res = await t.call(admin, 'POST', distributorCreditApi.repay, {
        distributorId: agency!.id,
        amount: 1,
        [field]: LONE,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().data).toEqual({ field, part: 'body' });
    }
    const [member] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from members where scenic_id = ${qsh} and status = 1 limit 1`,
    );
    const res = await t.call(
      admin,
      'POST',
      userApi.adjust,
      { id: member!.id, change: 1, reason: LONE },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      msg: 'Invalid reason: must not contain an unpaired surrogate (such as a lone \\ud800)',
      data: { field: 'reason', part: 'body' },
    });
  });
});

describe('text that enters storage another way', () => {
  it('an audit record is written with U+FFFD for each NUL and lone surrogate', async () => {
    const db = t.database.db;
    await recordAudit(
      db,
      { adminId: null, username: 'probe\u0000', scenicId: qsh, requestId: 'sweep-text-audit' },
      {
        module: 'distribution',
        action: 'repay',
        targetType: 'distributor',
        targetId: 'x\ud800',
        before: { remark: 'a\u0000b', list: ['\udc00', '😀'], ['k\u0000']: 1 },
        after: { reference: LONE, password: 'secret' },
      },
    );
    const [row] = await db.select().from(auditLogs).where(eq(auditLogs.requestId, 'sweep-text-audit'));
    expect(row).toMatchObject({
      username: 'probe\uFFFD',
      targetId: 'x\uFFFD',
      before: { remark: 'a\uFFFDb', list: ['\uFFFD', '😀'], ['k\uFFFD']: 1 },
      after: { reference: 'a\uFFFDb' },
    });
    expect(row!.after).not.toHaveProperty('password');
  });

  it('the database’s refusals of such text are 400, other bad input stays what it is', async () => {
    const db = t.database.db;
    const refusal = async (query: ReturnType<typeof sql>) => {
      try {
        await db.execute(query);
      } catch (error) {
        return error;
      }
      throw new Error('the database took it');
    };
    for (const query of [
      sql`select ${'a\u0000b'}::text`,
      sql`select ${JSON.stringify({ a: 'a\u0000b' })}::jsonb`,
      sql`select ${JSON.stringify({ a: LONE })}::jsonb`,
    ]) {
      const mapped = mapDbError(await refusal(query));
      expect(mapped).toMatchObject({ statusCode: 400, msgKey: 'textNotStorable' });
    }
    // a bad number is the code's mistake, not text it could not store
    expect(mapDbError(await refusal(sql`select ${'x'}::int`))).toBeNull();
  });
});
