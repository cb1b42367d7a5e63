import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/rows.ts';
import type { CallerKind } from './http/access.ts';
import { createTestApp, type TestApp } from './test/harness.ts';
import { methodsOf } from './test/route-walk.ts';

// Issue 28 finding 2, "who may call": each kind of machine client walks every client route, in its own
// area and in the other one. The lists below are the routes each kind gets past the access guard with
// (anything but 401 and 403); a route added later is walked without anyone adding it here.
let t: TestApp;
let qsh: number;
let ylgz: number;
const tokens: Partial<Record<string, string>> = {};

const clientRoutes = () => t.app.routeRecords.filter((r) => r.access?.kind === 'client');

/** The client routes a token gets past the guard with (not 401, not 403), as "METHOD url". */
async function reached(token: string, area: number, headers: Record<string, string> = {}): Promise<string[]> {
  const out: string[] = [];
  for (const route of clientRoutes()) {
    for (const method of methodsOf(route)) {
      // signing out would end the sweep's member session: walked (and listed) last
      if (route.url === '/api/member/logout' && headers['x-member-token']) continue;
      const res = await t.call(token, method, route.url, method === 'POST' ? {} : undefined, {
        'x-scenic-id': String(area),
        'idempotency-key': `sweep-${Math.random()}`,
        ...headers,
      });
      expect(res.statusCode, `${method} ${route.url}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode !== 401 && res.statusCode !== 403) out.push(`${method} ${route.url}`);
    }
  }
  return out.sort();
}

const SELLING = [
  'GET /api/open/card/query',
  'POST /api/open/card/cancel',
  'POST /api/open/card/create',
  'GET /api/open/invoice/query',
  'POST /api/open/invoice/request',
  'GET /api/open/order/query',
  'GET /api/open/pay/query',
  'GET /api/open/reservation/query',
  'GET /api/open/reservation/sessions',
  'POST /api/open/order/cancel',
  'POST /api/open/order/create',
  'POST /api/open/order/pay',
  'POST /api/open/pay/prepay',
  'POST /api/open/products',
  'POST /api/open/refund/apply',
  'POST /api/open/refund/withdraw',
  'POST /api/open/reservation/cancel',
  'POST /api/open/reservation/create',
];
/**
 * The card kinds on sale answer a client a sales channel knows (channels, a distributor's client; a
 * terminal once activated, which the sweep's terminal clients are not).
 */
const CARD_KINDS = 'GET /api/open/card/kinds';
/** Reservations sell through the channels of docs/product.md §9 only (`sellingChannel`), not terminals' own clients. */
const CHANNEL = [...SELLING, CARD_KINDS, 'GET /api/open/reservation/sites'];
const MEMBER_ROUTES = [
  'GET /api/member/card/cards',
  'GET /api/member/card/kinds',
  'GET /api/member/card/orders',
  'POST /api/member/card/activate',
  'POST /api/member/card/buy',
  'POST /api/member/card/cancel',
  'POST /api/member/card/redeem',
  'GET /api/member/invoice/list',
  'GET /api/member/invoice/query',
  'POST /api/member/invoice/request',
  'GET /api/member/couponCenter',
  'GET /api/member/coupons',
  'GET /api/member/deleteTraveller',
  'GET /api/member/ledger',
  'GET /api/member/orderDetail',
  'GET /api/member/orders',
  'GET /api/member/profile',
  'GET /api/member/rechargeRules',
  'GET /api/member/shop/cart',
  'GET /api/member/shop/order',
  'GET /api/member/shop/orders',
  'GET /api/member/subscribeTemplates',
  'GET /api/member/travellers',
  'POST /api/member/addTraveller',
  'POST /api/member/claim',
  'POST /api/member/login',
  'POST /api/member/logout',
  'POST /api/member/orderCancel',
  'POST /api/member/recharge',
  'POST /api/member/rechargePay',
  'POST /api/member/redeem',
  'POST /api/member/refundApply',
  'POST /api/member/shop/afterSale',
  'POST /api/member/shop/cancel',
  'POST /api/member/shop/cartAdd',
  'POST /api/member/shop/cartRemove',
  'POST /api/member/shop/cartUpdate',
  'POST /api/member/shop/confirmReceipt',
  'POST /api/member/shop/pay',
  'POST /api/member/shop/placeOrder',
  'POST /api/member/shop/review',
  'POST /api/member/shop/withdrawAfterSale',
  'POST /api/member/smsCode',
  'POST /api/member/subscribeConsent',
  'POST /api/member/updateProfile',
  'POST /api/member/wechatBind',
];
/** The shop's catalogue: the mini-program's only (docs/api.md), with or without a member. */
const CATALOGUE = [
  'GET /api/member/shop/carousel',
  'GET /api/member/shop/categories',
  'GET /api/member/shop/goodsDetail',
  'GET /api/member/shop/modules',
  'POST /api/member/shop/goods',
];
const DEVICE = ['GET /web/api/terminal/device/config', 'POST /web/api/terminal/device/heartbeat'];

/** What each kind reaches in its own area. */
const EXPECTED: Record<string, string[]> = {
  gateDevice: [
    ...DEVICE,
    'POST /api/gate/scan',
    'POST /api/gate/upload',
    'POST /web/api/terminal/device/scan',
  ],
  handManagement: [...DEVICE, 'POST /api/gate/scan', 'POST /api/gate/upload', ...SELLING],
  faceDevice: [...DEVICE, 'POST /web/api/terminal/device/faceEvents', 'POST /web/api/terminal/device/scan'],
  camera: [...DEVICE, 'POST /web/api/terminal/device/counts'],
  winManagement: [...DEVICE, ...SELLING],
  platformWindow: CHANNEL,
  ota: CHANNEL,
  agency: [...SELLING, CARD_KINDS],
  unknown: [],
};

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  const db = t.database.db;
  const areas = await queryRows<{ id: number; code: string }>(db, sql`select id, code from scenic_areas`);
  qsh = Number(areas.find((a) => a.code === 'QSH')!.id);
  ylgz = Number(areas.find((a) => a.code === 'YLGZ')!.id);
  const [gate] = await queryRows<{ id: number }>(
    db,
    sql`select id from gates where scenic_id = ${qsh} limit 1`,
  );
  const kinds = ['gateDevice', 'handManagement', 'faceDevice', 'camera', 'winManagement'] as const;
  for (const kind of kinds)
    tokens[kind] = (
      await t.deviceToken(qsh, kind, { gateId: kind.endsWith('Device') ? gate!.id : null })
    ).token;
  tokens.platformWindow = await t.clientToken('winManagement');
  tokens.ota = await t.clientToken('ctripManagement');
  tokens.miniProgram = await t.clientToken('weixinManagement');
  tokens.unknown = await t.clientToken('someOtherClient');
  const [agency] = await queryRows<{ id: number }>(
    db,
    sql`select id from distributors where scenic_id = ${qsh} and admin_id is not null order by id limit 1`,
  );
  await db.execute(sql`insert into oauth_clients (client_id, name, secret_hash, grant_types)
    values ('agencySweep', 'agency', '-', '{client_credentials}')`);
  await db.execute(sql`update distributors set client_id = 'agencySweep' where id = ${agency!.id}`);
  tokens.agency = await t.clientToken('agencySweep');
}, 120_000);
afterAll(() => t.close());

describe('who may call the client routes', () => {
  it('walks at least the known client routes', () => {
    expect(clientRoutes().length).toBeGreaterThan(30);
  });

  for (const kind of Object.keys(EXPECTED)) {
    it(`a ${kind} client reaches only its routes in its own area`, async () => {
      expect(await reached(tokens[kind]!, qsh)).toEqual([...EXPECTED[kind]!].sort());
    });
  }

  const bound: (CallerKind | 'agency')[] = [
    'gateDevice',
    'handManagement',
    'faceDevice',
    'camera',
    'winManagement',
    'agency',
  ];
  for (const kind of bound) {
    it(`a ${kind} client of one area reaches nothing in the other (X-Scenic-Id never moves it)`, async () => {
      expect(await reached(tokens[kind]!, ylgz)).toEqual([]);
    });
  }

  it('the mini-program reaches the member routes for a signed-in member, and sells', async () => {
    const login = await t.call(
      tokens.miniProgram!,
      'POST',
      '/api/member/login',
      { phone: '13912345678' },
      { 'x-scenic-id': String(qsh) },
    );
    const member = { 'x-member-token': login.json().data.token as string };
    expect(await reached(tokens.miniProgram!, qsh, member)).toEqual(
      [...CHANNEL, ...MEMBER_ROUTES, ...CATALOGUE].filter((r) => !r.endsWith('/logout')).sort(),
    );
    const logout = await t.call(
      tokens.miniProgram!,
      'POST',
      '/api/member/logout',
      {},
      { 'x-scenic-id': String(qsh), ...member },
    );
    expect(logout.statusCode).toBe(200);
    // without a member it answers no member route (401 memberTokenRequired, or 400 for the input first)
    for (const route of clientRoutes().filter((r) => r.access?.kind === 'client' && r.access.member)) {
      for (const method of methodsOf(route)) {
        if (route.url === '/api/member/logout') continue;
        const res = await t.call(tokens.miniProgram!, method, route.url, method === 'POST' ? {} : undefined, {
          'x-scenic-id': String(qsh),
        });
        expect([400, 401], `${method} ${route.url}`).toContain(res.statusCode);
      }
    }
  });

  it('a platform client (OTA, window) acts in the area it names', async () => {
    expect(await reached(tokens.ota!, ylgz)).toEqual([...CHANNEL].sort());
    expect(await reached(tokens.platformWindow!, ylgz)).toEqual([...CHANNEL].sort());
  });
});
