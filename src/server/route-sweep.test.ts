import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoles, admins } from './modules/accounts/accounts.table.ts';
import { gates } from './modules/gates/gates.table.ts';
import { anyProduct, insertOrder } from './modules/order-admin/order-admin.fixture.ts';
import { scenicAreas } from './modules/scenic/scenic.table.ts';
import { createTestApp, xlsxText, type TestApp } from './test/harness.ts';
import { apiRoutes as allRoutes, methodsOf, routeCallers, stringFields } from './test/route-walk.ts';

// Sweeps over every registered route (issue 12, findings 2 and 3): a route added later is covered
// without anyone remembering to add it here.
let t: TestApp;
let admin: string;
let agent: string;
let client: string;
let qsh: number;
let gateId: number;

const apiRoutes = () => (t ? allRoutes(t) : []);

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  qsh = (await t.database.db.select().from(scenicAreas).where(eq(scenicAreas.code, 'QSH')))[0]!.id;
  admin = (await t.login('admin')).access_token;
  await t.grant('agent', ['*']);
  agent = (await t.login('agent')).access_token;
  client = await t.clientToken('ctripManagement');
  gateId = (await t.database.db.select().from(gates).where(eq(gates.scenicId, qsh)).limit(1))[0]!.id;
});
afterAll(() => t.close());

describe('distributor accounts (finding 2)', () => {
  it('are refused on every route with no distributor meaning, whatever their role grants', async () => {
    const routes = apiRoutes().filter((r) => r.access!.kind === 'login' || r.access!.kind === 'perm');
    expect(routes.length).toBeGreaterThan(80);
    const reached: string[] = [];
    for (const route of routes) {
      for (const method of methodsOf(route)) {
        const label = `${method} ${route.url}`;
        const access = route.access as { distributor?: string };
        // calling logout would end the sweep's own session
        if (route.url.endsWith('/auth/logout')) {
          reached.push(label);
          continue;
        }
        const res = await t.call(agent, method, route.url, method === 'POST' ? {} : undefined);
        if (access.distributor) {
          expect(res.statusCode === 403 && res.body.includes('分销商账号不能使用此功能'), label).toBe(false);
          reached.push(label);
        } else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json().msg, label).toBe('分销商账号不能使用此功能');
        }
      }
    }
    // the routes a distributor reaches: its own account, its own orders, and buying for itself
    expect(reached.sort()).toEqual(
      [
        'GET /order/countRefundApply',
        'GET /web/api/ticket/disBuy/sellable',
        'POST /web/api/ticket/disBuy/create',
        'GET /web/api/admin/order/distribution',
        'GET /web/api/admin/order/productOptions',
        'GET /web/api/admin/order/query',
        'GET /web/api/ticket/auth/getUserinfo',
        'GET /web/api/ticket/auth/logout',
        'POST /web/api/admin/order/export',
        'POST /web/api/admin/order/page',
        'POST /web/api/admin/order/totals',
        'POST /web/api/ticket/auth/changePassword',
        // issue 17: its own withdrawals, distribution orders and statements
        'POST /web/api/admin/haul/page',
        'POST /web/api/admin/haul/export',
        'POST /web/api/admin/haul/totals',
        'POST /web/api/admin/haul/apply',
        'POST /web/api/admin/haul/cancel',
        'POST /web/api/admin/disorder/page',
        'POST /web/api/admin/disorder/export',
        'POST /web/api/admin/disorder/totals',
        'POST /web/api/admin/settle/statement',
        // its own ledger, top-ups and credit (/disManage, issue 17)
        'GET /web/api/admin/distributor/options',
        'POST /web/api/admin/disCredit/export',
        'POST /web/api/admin/disCredit/page',
        'POST /web/api/admin/disCredit/records',
        'POST /web/api/admin/disCredit/recordsExport',
        'POST /web/api/admin/disLedger/export',
        'POST /web/api/admin/disLedger/page',
        'POST /web/api/admin/disLedger/totals',
        'POST /web/api/admin/disRecharge/create',
        'POST /web/api/admin/disRecharge/export',
        'POST /web/api/admin/disRecharge/page',
        // issue 33: the invoices of its own settlement statements
        'POST /web/api/admin/invoice/settlement/page',
        'POST /web/api/admin/invoice/settlement/export',
        // issue 34: its own rows of the distributor reports
        'POST /web/api/admin/stat/disReport/query',
        'POST /web/api/admin/stat/disReport/export',
        'POST /web/api/admin/stat/disSale/query',
        'POST /web/api/admin/stat/disSale/export',
        'POST /web/api/admin/stat/disTicket/query',
        'POST /web/api/admin/stat/disTicket/export',
      ].sort(),
    );
  });

  it('see and export only their own orders', async () => {
    const db = t.database.db;
    const [agentRow] = await db.select().from(admins).where(eq(admins.username, 'agent'));
    const product = await anyProduct(db, qsh);
    const order = (adminId: number | null, price: number) =>
      insertOrder(db, { scenicId: qsh, product, channel: 13, adminId, price });
    const own1 = { ...(await order(agentRow!.id, 1000)), totalAmount: 1000 };
    const own2 = { ...(await order(agentRow!.id, 2500)), totalAmount: 2500 };
    const other = await order(null, 3000);
    const page = await t.call(agent, 'POST', '/web/api/admin/order/page', { limit: 100 });
    expect(page.statusCode, page.body).toBe(200);
    const ids = page.json().data.rows.map((r: { id: number }) => r.id);
    expect(ids.sort()).toEqual([own1!.id, own2!.id].sort());
    expect(page.json().data.total).toBe(2);
    const totals = await t.call(agent, 'POST', '/web/api/admin/order/totals', {});
    expect(totals.json().data.count).toBe(2);
    expect(totals.json().data.totalAmount).toBe(own1!.totalAmount + own2!.totalAmount);
    // another buyer's order, looked up by its number or its id, is not there
    const byNo = await t.call(agent, 'POST', '/web/api/admin/order/page', { orderNo: other!.orderNo });
    expect(byNo.json().data).toEqual({ rows: [], total: 0 });
    for (const url of ['query', 'distribution']) {
      expect((await t.call(agent, 'GET', `/web/api/admin/order/${url}?id=${other!.id}`)).statusCode).toBe(
        404,
      );
      expect((await t.call(agent, 'GET', `/web/api/admin/order/${url}?id=${own1!.id}`)).statusCode).toBe(200);
    }
    const exported = await t.call(agent, 'POST', '/web/api/admin/order/export', {});
    expect(exported.statusCode).toBe(200);
    const text = xlsxText(exported.rawPayload);
    expect(text).toContain(own1!.orderNo);
    expect(text).not.toContain(other!.orderNo);
    // staff of the area still see every order
    const all = await t.call(admin, 'POST', '/web/api/admin/order/page', { limit: 10 });
    expect(all.json().data.total).toBeGreaterThan(2);
  });

  it('still need the permission for the routes they may reach', async () => {
    const db = t.database.db;
    const [row] = await db.select().from(admins).where(eq(admins.username, 'agent'));
    // without any role: its own account still answers, its orders need admin:order:page
    await db.delete(adminRoles).where(eq(adminRoles.adminId, row!.id));
    const token = (await t.login('agent')).access_token;
    expect((await t.call(token, 'GET', '/web/api/ticket/auth/getUserinfo')).statusCode).toBe(200);
    const orders = await t.call(token, 'POST', '/web/api/admin/order/page', {});
    expect(orders.statusCode).toBe(403);
    expect(orders.json().data).toEqual({ required: 'admin:order:page' });
  });
});

describe('a NUL character in any text input (finding 3)', () => {
  const callerOf = () => routeCallers(t, qsh, gateId);

  it('never makes a route answer 500, in any string field', async () => {
    let tried = 0;
    const caller = callerOf();
    for (const route of apiRoutes()) {
      const { token, headers } = await caller(route);
      for (const method of methodsOf(route)) {
        const label = `${method} ${route.url}`;
        for (const field of stringFields(route.schema?.body)) {
          const res = await t.call(token, method, route.url, { [field]: 'a\u0000b' }, headers);
          expect(res.statusCode, `${label} body.${field}: ${res.body}`).toBeLessThan(500);
          tried++;
        }
        for (const field of stringFields(route.schema?.querystring)) {
          const res = await t.call(token, method, `${route.url}?${field}=a%00b`, undefined, headers);
          expect(res.statusCode, `${label} ?${field}: ${res.body}`).toBeLessThan(500);
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThan(100);
  });

  it('says which field and why, in the user’s language', async () => {
    const zh = await t.call(admin, 'POST', '/web/api/admin/ticType/page', { name: 'a\u0000b' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual({
      code: 400,
      msg: '参数 name 有误：不能包含空字符（\\u0000）',
      data: { field: 'name', part: 'body' },
    });
    const en = await t.call(
      admin,
      'POST',
      '/web/api/admin/ticType/page',
      { name: 'a\u0000b' },
      { 'accept-language': 'en' },
    );
    expect(en.json().msg).toBe('Invalid name: must not contain a NUL character (\\u0000)');
    // nested fields are named by their path
    const nested = await t.call(
      client,
      'POST',
      '/api/open/order/create',
      { visitors: [{ name: 'a\u0000' }] },
      {
        'x-scenic-id': String(qsh),
      },
    );
    expect(nested.statusCode).toBe(400);
  });

  it('answers "unknown code" for a gate scan whose code holds one', async () => {
    const gateToken = (await t.deviceToken(qsh, 'handManagement')).token;
    const [gate] = await t.database.db.select().from(gates).where(eq(gates.scenicId, qsh)).limit(1);
    const res = await t.call(
      gateToken,
      'POST',
      '/api/gate/scan',
      {
        gateId: gate!.id,
        deviceId: 'gate-sweep',
        nonce: 'nul-1',
        readMode: 1,
        value: 'QR\u0000CODE',
        scannedAt: new Date().toISOString(),
      },
      { 'x-scenic-id': String(qsh) },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ allowed: false, reason: 'unknown' });
  });
});
