import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userApi } from '../shared/api/members.ts';
import { shopGoodApi } from '../shared/api/shop.ts';
import { ADM_TYPE } from '../shared/dict/account.ts';
import { isInfraPublic } from './http/access.ts';
import { adminRoles, admins } from './modules/accounts/accounts.table.ts';
import { createTestApp, type TestApp } from './test/harness.ts';
import { methodsOf } from './test/route-walk.ts';

// Issue 28, finding 3: a shop account (admType 4) reaches the shop and its own account only, whatever
// its roles hold. Sweeps every staff route, so a route added later is covered too.
let t: TestApp;
let shop: string;

const REFUSED = '商城账号只能使用商城功能';

/** The methods a route answers, without the HEAD that Fastify adds to every GET. */

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  // the demo's shop account, granted everything on top of its shop role
  const [row] = await t.database.db.select().from(admins).where(eq(admins.username, 'shop'));
  expect(row!.admType).toBe(ADM_TYPE.shop);
  await t.grant('shop', ['*']);
  shop = (await t.login('shop')).access_token;
});
afterAll(() => t.close());

describe('shop accounts (finding 3)', () => {
  it('are refused on every staff route outside the shop and their own account, whatever their role grants', async () => {
    const routes = t.app.routeRecords.filter(
      (r) => r.access && !isInfraPublic(r.url) && (r.access.kind === 'login' || r.access.kind === 'perm'),
    );
    expect(routes.length).toBeGreaterThan(400);
    const reached: string[] = [];
    for (const route of routes) {
      for (const method of methodsOf(route)) {
        const label = `${method} ${route.url}`;
        const access = route.access as { shop?: string };
        // calling logout would end the sweep's own session
        if (route.url.endsWith('/auth/logout')) {
          expect(access.shop, label).toBe('self');
          reached.push(label);
          continue;
        }
        const res = await t.call(shop, method, route.url, method === 'POST' ? {} : undefined);
        if (access.shop) {
          expect(res.statusCode === 403 && res.body.includes(REFUSED), label).toBe(false);
          reached.push(label);
        } else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json().msg, label).toBe(REFUSED);
        }
      }
    }
    // the routes a shop account reaches: its own account, the shop's screens and what they call
    expect(reached.sort()).toEqual(
      [
        // its own account
        'GET /web/api/ticket/auth/getUserinfo',
        'GET /web/api/ticket/auth/logout',
        'POST /web/api/ticket/auth/changePassword',
        // goods images and the rich-text editor's (docs/product.md §7 uploadUnMove)
        'POST /web/api/ticket/storage/uploadUnMove',
        // the top bar's count of orders to ship
        'GET /order/countShipOrder',
        // /shop/goodType
        'GET /web/api/admin/shop/goodType/delete',
        'GET /web/api/admin/shop/goodType/list',
        'GET /web/api/admin/shop/goodType/query',
        'POST /web/api/admin/shop/goodType/create',
        'POST /web/api/admin/shop/goodType/export',
        'POST /web/api/admin/shop/goodType/page',
        'POST /web/api/admin/shop/goodType/status',
        'POST /web/api/admin/shop/goodType/update',
        // /shop/good, /shop/goodQuery
        'GET /web/api/admin/shop/good/delete',
        'GET /web/api/admin/shop/good/query',
        'GET /web/api/admin/shop/good/services',
        'POST /web/api/admin/shop/good/create',
        'POST /web/api/admin/shop/good/export',
        'POST /web/api/admin/shop/good/page',
        'POST /web/api/admin/shop/good/status',
        'POST /web/api/admin/shop/good/stock',
        'POST /web/api/admin/shop/good/stockMoves',
        'POST /web/api/admin/shop/good/update',
        // /shop/serveModel, /shop/goodServe
        'GET /web/api/admin/shop/serveModel/delete',
        'GET /web/api/admin/shop/serveModel/options',
        'POST /web/api/admin/shop/serveModel/create',
        'POST /web/api/admin/shop/serveModel/export',
        'POST /web/api/admin/shop/serveModel/page',
        'POST /web/api/admin/shop/serveModel/status',
        'POST /web/api/admin/shop/serveModel/update',
        'GET /web/api/admin/shop/goodServe/delete',
        'POST /web/api/admin/shop/goodServe/create',
        'POST /web/api/admin/shop/goodServe/export',
        'POST /web/api/admin/shop/goodServe/page',
        'POST /web/api/admin/shop/goodServe/status',
        'POST /web/api/admin/shop/goodServe/update',
        // /shop/carousel, /shop/homeModule
        'GET /web/api/admin/shop/carousel/articles',
        'GET /web/api/admin/shop/carousel/delete',
        'POST /web/api/admin/shop/carousel/create',
        'POST /web/api/admin/shop/carousel/export',
        'POST /web/api/admin/shop/carousel/page',
        'POST /web/api/admin/shop/carousel/status',
        'POST /web/api/admin/shop/carousel/update',
        'GET /web/api/admin/module/delete',
        'POST /web/api/admin/module/create',
        'POST /web/api/admin/module/export',
        'POST /web/api/admin/module/page',
        'POST /web/api/admin/module/update',
        // /shop/shopOrder, /shop/orderQuery, /shop/aftersale
        'GET /web/api/admin/shop/order/query',
        'POST /web/api/admin/shop/order/close',
        'POST /web/api/admin/shop/order/export',
        'POST /web/api/admin/shop/order/page',
        'POST /web/api/admin/shop/order/refund',
        'POST /web/api/admin/shop/order/retryRefund',
        'POST /web/api/admin/shop/order/ship',
        'POST /web/api/admin/shop/order/totals',
        'GET /web/api/admin/shop/aftersale/query',
        'POST /web/api/admin/shop/aftersale/approve',
        'POST /web/api/admin/shop/aftersale/export',
        'POST /web/api/admin/shop/aftersale/page',
        'POST /web/api/admin/shop/aftersale/receive',
        'POST /web/api/admin/shop/aftersale/reject',
        // /shop/salesStatistics, /shop/accountManage, /shop/storeInvoiceSet
        'POST /web/api/admin/shop/salesStatistics/export',
        'POST /web/api/admin/shop/salesStatistics/query',
        'GET /web/api/admin/shop/account/roles',
        'POST /web/api/admin/shop/account/create',
        'POST /web/api/admin/shop/account/export',
        'POST /web/api/admin/shop/account/page',
        'POST /web/api/admin/shop/account/resetPassword',
        'POST /web/api/admin/shop/account/status',
        'POST /web/api/admin/shop/account/update',
        'GET /web/api/admin/shop/storeInvoiceSet/query',
        'POST /web/api/admin/shop/storeInvoiceSet/save',
      ].sort(),
    );
  });

  it('do not read ticket orders or members', async () => {
    for (const url of ['/web/api/admin/order/page', userApi.page]) {
      const res = await t.call(shop, 'POST', url, {});
      expect(res.statusCode, url).toBe(403);
      expect(res.json().msg, url).toBe(REFUSED);
    }
    const en = await t.call(shop, 'POST', '/web/api/admin/order/page', {}, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(403);
    expect(en.json().msg).toBe('Shop accounts can only use the shop');
  });

  it('still need the permission for the shop routes they may reach', async () => {
    const db = t.database.db;
    const [row] = await db.select().from(admins).where(eq(admins.username, 'shop'));
    // without any role: its own account still answers, the goods need shop:good:page
    await db.delete(adminRoles).where(eq(adminRoles.adminId, row!.id));
    const token = (await t.login('shop')).access_token;
    expect((await t.call(token, 'GET', '/web/api/ticket/auth/getUserinfo')).statusCode).toBe(200);
    const goods = await t.call(token, 'POST', shopGoodApi.page, {});
    expect(goods.statusCode).toBe(403);
    expect(goods.json().data).toEqual({ required: 'shop:good:page' });
  });
});
