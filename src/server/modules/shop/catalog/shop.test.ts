import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApi } from '../../../../shared/api/accounts.ts';
import { authApi } from '../../../../shared/api/auth.ts';
import { auditLogApi } from '../../../../shared/api/logs.ts';
import { userApi } from '../../../../shared/api/members.ts';
import { orderApi } from '../../../../shared/api/orders.ts';
import { productApi } from '../../../../shared/api/products.ts';
import {
  shopCategoryApi as catApi,
  shopGoodApi as api,
  type ShopCategoryOption,
  type ShopCategoryRow,
  type ShopGoodDetail,
  type ShopGoodRow,
  type ShopStockMoveRow,
} from '../../../../shared/api/shop.ts';
import { ADM_TYPE } from '../../../../shared/dict/account.ts';
import { shopPermissions } from '../../../../shared/perms/shop.ts';
import { createTestApp, xlsxText, type TestApp } from '../../../test/harness.ts';
import { data, expect400 } from '../../../test/replies.ts';
import { auditLogs } from '../../audit/index.ts';
import { shopSkus, shopStockMoves } from '../shop.table.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);

const goodsPage = (who: string, body: Record<string, unknown> = {}) =>
  data<{ rows: ShopGoodRow[]; total: number }>(call(who, 'POST', api.page, { limit: 100, ...body }));

/** Stock of every SKU equals the sum of its ledger rows (the ledger is the truth). */
async function ledgerMismatches() {
  const rows = await t.database.db.execute(sql`select s.id from shop_skus s
    left join shop_stock_moves m on m.sku_id = s.id
    group by s.id having s.stock <> coalesce(sum(m.delta), 0)`);
  return (rows as unknown as { rows?: unknown[] }).rows?.length ?? (rows as unknown as unknown[]).length;
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  await t.grant('yunling', Object.keys(shopPermissions.shop));
  for (const name of ['admin', 'shop', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
});
afterAll(() => t.close());

describe('the shop account (type 4)', () => {
  it('holds the shop permissions through the demo shop_staff role', async () => {
    const info = await data<{ admType: number; authorities: string[] }>(
      call('shop', 'GET', authApi.getUserinfo),
    );
    expect(info.admType).toBe(ADM_TYPE.shop);
    expect([...info.authorities].sort()).toEqual(Object.keys(shopPermissions.shop).sort());
    expect((await call('shop', 'POST', api.page, {})).statusCode).toBe(200);
    expect((await call('shop', 'POST', catApi.page, {})).statusCode).toBe(200);
  });

  it('is refused ticket, order, member and system APIs', async () => {
    for (const url of [productApi.page, orderApi.page, userApi.page, accountApi.page]) {
      const res = await call('shop', 'POST', url, {});
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('staff without shop permissions are refused the shop', async () => {
    expect((await call('staff', 'POST', api.page, {})).statusCode).toBe(403);
    expect((await call('staff', 'POST', catApi.create, { name: '新分类' })).statusCode).toBe(403);
  });
});

describe('goods categories (/shop/goodType)', () => {
  it('lists the demo tree: three top-level categories with five subcategories', async () => {
    const page = await data<{ rows: ShopCategoryRow[]; total: number }>(
      call('shop', 'POST', catApi.page, {}),
    );
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.name)).toEqual(['特产美食', '文创纪念', '户外用品']);
    expect(page.rows.flatMap((r) => r.children!.map((c) => c.name))).toEqual([
      '茶叶',
      '糕点零食',
      '手工艺品',
      '文具书签',
      '登山装备',
    ]);
    // a subcategory's name finds its parent
    const tea = await data<{ rows: ShopCategoryRow[] }>(call('shop', 'POST', catApi.page, { name: '茶叶' }));
    expect(tea.rows.map((r) => r.name)).toEqual(['特产美食']);
    const tree = await data<ShopCategoryOption[]>(call('shop', 'GET', catApi.list));
    expect(tree.flatMap((c) => [c, ...c.children])).toHaveLength(8);
  });

  it('creates a two-level tree and refuses a third level, naming the field', async () => {
    const top = await data<ShopCategoryRow>(
      call('shop', 'POST', catApi.create, { name: '节令礼盒', sort: 5 }),
    );
    const child = await data<ShopCategoryRow>(
      call('shop', 'POST', catApi.create, { name: '中秋', parentId: top.id, icon: '/uploads/a.png' }),
    );
    expect(child.parentId).toBe(top.id);
    expect400(await call('shop', 'POST', catApi.create, { name: '月饼', parentId: child.id }), 'parentId');
    expect400(await call('shop', 'POST', catApi.create, { name: '' }), 'name');
    expect400(await call('shop', 'POST', catApi.create, { name: 'x', icon: 'javascript:alert(1)' }), 'icon');
    // a category with children cannot move under another
    const moved = await call('shop', 'POST', catApi.update, { id: top.id, parentId: child.id });
    expect(moved.statusCode).toBe(400);
    const other = await data<ShopCategoryRow>(call('shop', 'POST', catApi.create, { name: '端午' }));
    expect((await call('shop', 'POST', catApi.update, { id: top.id, parentId: other.id })).statusCode).toBe(
      409,
    );
    // the same name twice at one level is a conflict
    expect((await call('shop', 'POST', catApi.create, { name: '中秋', parentId: top.id })).statusCode).toBe(
      409,
    );
    // a parent with children cannot be deleted; the child can, then the parent
    expect((await call('shop', 'GET', `${catApi.delete}?id=${top.id}`)).statusCode).toBe(409);
    expect((await call('shop', 'GET', `${catApi.delete}?id=${child.id}`)).statusCode).toBe(200);
    expect((await call('shop', 'GET', `${catApi.delete}?id=${top.id}`)).statusCode).toBe(200);
    expect((await call('shop', 'POST', catApi.status, { ids: [other.id], status: 2 })).statusCode).toBe(200);
    const disabled = await data<{ rows: ShopCategoryRow[] }>(
      call('shop', 'POST', catApi.page, { status: 2 }),
    );
    expect(disabled.rows.map((r) => r.name)).toEqual(['端午']);
  });

  it('refuses deleting a category that holds goods', async () => {
    const tree = await data<ShopCategoryOption[]>(call('shop', 'GET', catApi.list));
    const tea = tree.find((c) => c.name === '特产美食')!.children.find((c) => c.name === '茶叶')!;
    const res = await call('shop', 'GET', `${catApi.delete}?id=${tea.id}`);
    expect(res.statusCode).toBe(409);
  });

  it('keeps another area’s categories invisible and unwritable', async () => {
    const mine = await data<{ rows: ShopCategoryRow[] }>(call('yunling', 'POST', catApi.page, {}));
    expect(mine.rows).toEqual([]);
    const qsh = await data<ShopCategoryOption[]>(call('shop', 'GET', catApi.list));
    expect((await call('yunling', 'GET', `${catApi.query}?id=${qsh[0]!.id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', catApi.update, { id: qsh[0]!.id, name: '改名' })).statusCode).toBe(
      404,
    );
    expect400(
      await call('yunling', 'POST', catApi.create, { name: '借用', parentId: qsh[0]!.id }),
      'parentId',
    );
  });
});

// the goods' category: set by the first goods describe's beforeAll, read by both
let categoryId = 0;
const skusOf = (prefix: string) => ({
  specs: [{ name: '规格', values: ['250g', '500g'] }],
  skus: [
    { specValues: ['250g'], code: `${prefix}-250`, price: 3800, stock: 5 },
    { specValues: ['500g'], code: `${prefix}-500`, price: 6800, originalPrice: 7800, stock: 3 },
  ],
});
const twoSkus = skusOf('T');

describe('goods (/shop/good, /shop/goodQuery): list, create, bad input', () => {
  beforeAll(async () => {
    const tree = await data<ShopCategoryOption[]>(call('shop', 'GET', catApi.list));
    categoryId = tree.find((c) => c.name === '特产美食')!.children[0]!.id;
  });

  it('lists the sixty demo goods with price ranges and stock; filters by category, shelf, name and code', async () => {
    const all = await goodsPage('shop');
    expect(all.total).toBe(60);
    const tea = await goodsPage('shop', { categoryId });
    expect(tea.total).toBe(8);
    // a top-level category includes its children
    const tree = await data<ShopCategoryOption[]>(call('shop', 'GET', catApi.list));
    expect((await goodsPage('shop', { categoryId: tree.find((c) => c.name === '特产美食')!.id })).total).toBe(
      4 + 8 + 8,
    );
    const off = await goodsPage('shop', { status: 2 });
    expect(off.total).toBe(5);
    expect((await goodsPage('shop', { name: '龙井' })).rows.map((r) => r.name).sort()).toEqual([
      '明前龙井',
      '龙井茶酥',
    ]);
    expect((await goodsPage('shop', { code: 'QSH-001-2' })).total).toBe(1);
    const honey = all.rows.find((r) => r.name === '农家土蜂蜜')!;
    // a picker names the goods it holds by id
    const picked = [honey.id, all.rows[0]!.id];
    expect((await goodsPage('shop', { ids: picked })).rows.map((r) => r.id).sort()).toEqual(picked.sort());
    expect400(await call('shop', 'POST', api.page, { ids: [] }), 'ids');
    expect(honey).toMatchObject({ categoryName: '特产美食', skuCount: 2, minPrice: 6800 });
    expect(honey.maxPrice).toBeGreaterThan(honey.minPrice);
    const bySales = await goodsPage('shop', { sort: 'sales', order: 'desc', limit: 10 });
    expect(bySales.rows.map((r) => r.sales)).toEqual(
      [...bySales.rows.map((r) => r.sales)].sort((a, b) => b - a),
    );
    expect(await ledgerMismatches()).toBe(0);
  });

  it('creates a goods item with two SKUs, opening stock in the ledger, the details sanitised', async () => {
    const created = await data<ShopGoodDetail>(
      call('shop', 'POST', api.create, {
        name: '西湖藕粉',
        categoryId,
        cover: '/uploads/demo/picture-1.png',
        gallery: ['/uploads/demo/picture-2.png'],
        detail: '<p onclick="x()">好吃<script>alert(1)</script></p>',
        status: 1,
        ...twoSkus,
      }),
    );
    expect(created).toMatchObject({
      name: '西湖藕粉',
      status: 1,
      stock: 8,
      minPrice: 3800,
      maxPrice: 6800,
      skuCount: 2,
    });
    expect(created.detail).toBe('<p>好吃</p>');
    expect(created.skus.map((s) => [s.code, s.stock])).toEqual([
      ['T-250', 5],
      ['T-500', 3],
    ]);
    const read = await data<ShopGoodDetail>(call('shop', 'GET', `${api.query}?id=${created.id}`));
    expect(read.specs).toEqual(twoSkus.specs);
    const moves = await data<{ rows: ShopStockMoveRow[] }>(
      call('shop', 'POST', api.stockMoves, { goodsId: created.id }),
    );
    expect(moves.rows.map((m) => [m.delta, m.stockAfter, m.reason])).toEqual([
      [3, 3, 1],
      [5, 5, 1],
    ]);
  });

  it('refuses bad goods input with a 400 naming the field, nothing stored', async () => {
    const before = (await goodsPage('shop')).total;
    const base = { name: '测试商品', categoryId, ...twoSkus };
    expect400(await call('shop', 'POST', api.create, { ...base, name: '' }), 'name');
    expect400(await call('shop', 'POST', api.create, { ...base, skus: [] }), 'skus');
    expect400(await call('shop', 'POST', api.create, { ...base, categoryId: 999999 }), 'categoryId');
    expect400(
      await call('shop', 'POST', api.create, {
        ...base,
        skus: [{ specValues: ['1kg'], price: 100 }, twoSkus.skus[1]],
      }),
      'skus.0.specValues',
    );
    expect400(
      await call('shop', 'POST', api.create, {
        ...base,
        skus: [twoSkus.skus[0], { ...twoSkus.skus[0], code: 'X' }],
      }),
      'skus.1.specValues',
    );
    expect400(
      await call('shop', 'POST', api.create, {
        ...base,
        skus: [{ ...twoSkus.skus[0], price: -1 }, twoSkus.skus[1]],
      }),
      'skus.0.price',
    );
    expect400(
      await call('shop', 'POST', api.create, { ...base, gallery: ['data:image/png;base64,AA'] }),
      'gallery.0',
    );
    expect400(await call('shop', 'POST', api.update, { id: 1, specs: twoSkus.specs }), 'skus');
    // a SKU code already used in the area
    const taken = await call('shop', 'POST', api.create, {
      ...base,
      skus: [
        { ...twoSkus.skus[0]!, code: 'QSH-001-1' },
        { ...twoSkus.skus[1]!, code: 'NEW-1' },
      ],
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect((await goodsPage('shop')).total).toBe(before);
  });
});

describe('goods (/shop/good, /shop/goodQuery): edit, stock, shelf, areas, export', () => {
  it('edits goods and SKUs: kept SKUs keep their stock, new ones bring theirs, removed ones go', async () => {
    const goods = await data<ShopGoodDetail>(
      call('shop', 'POST', api.create, { name: '笋干', categoryId, ...skusOf('E') }),
    );
    const [small] = goods.skus;
    const edited = await data<ShopGoodDetail>(
      call('shop', 'POST', api.update, {
        id: goods.id,
        subtitle: '天目山笋干',
        specs: [{ name: '规格', values: ['250g', '1kg'] }],
        skus: [
          { id: small!.id, specValues: ['250g'], code: 'E-250', price: 3900, stock: 999 },
          { specValues: ['1kg'], code: 'E-1000', price: 12800, stock: 2 },
        ],
      }),
    );
    expect(edited.subtitle).toBe('天目山笋干');
    expect(edited.skus.map((s) => [s.id === small!.id, s.specValues[0], s.price, s.stock])).toEqual([
      [true, '250g', 3900, 5],
      [false, '1kg', 12800, 2],
    ]);
    // one row each for the create and the edit, with the SKUs in the snapshot
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'shopGoods'), eq(auditLogs.targetId, String(goods.id))))
      .orderBy(auditLogs.id);
    const codes = (row: unknown) => (row as { skus: { code: string }[] }).skus.map((k) => k.code);
    expect(audit.map((a) => [a.module, a.action])).toEqual([
      ['shop', 'create'],
      ['shop', 'update'],
    ]);
    expect([codes(audit[1]!.before), codes(audit[1]!.after)]).toEqual([
      ['E-250', 'E-500'],
      ['E-250', 'E-1000'],
    ]);
    // a SKU of another goods item cannot be claimed
    const foreign = await call('shop', 'POST', api.update, {
      id: goods.id,
      specs: [],
      skus: [{ id: 1, specValues: [], price: 100 }],
    });
    expect400(foreign, 'skus.0.id');
    expect(await ledgerMismatches()).toBe(0);
  });

  it('adjusts stock with a reason, writing the ledger; never below zero', async () => {
    const goods = await data<ShopGoodDetail>(
      call('shop', 'POST', api.create, { name: '藕粉礼盒', categoryId, ...skusOf('S') }),
    );
    const sku = goods.skus[0]!;
    const up = await data<{ stock: number }>(
      call('shop', 'POST', api.stock, { skuId: sku.id, delta: 10, reason: 2, note: '到货' }),
    );
    expect(up.stock).toBe(15);
    const down = await data<{ stock: number }>(
      call('shop', 'POST', api.stock, { skuId: sku.id, delta: -15, reason: 4 }),
    );
    expect(down.stock).toBe(0);
    const below = await call('shop', 'POST', api.stock, { skuId: sku.id, delta: -1, reason: 3 });
    expect(below.statusCode).toBe(409);
    expect400(await call('shop', 'POST', api.stock, { skuId: sku.id, delta: 0, reason: 2 }), 'delta');
    // order reasons are written by orders, not by hand
    expect400(await call('shop', 'POST', api.stock, { skuId: sku.id, delta: 1, reason: 5 }), 'reason');
    const moves = await data<{ rows: ShopStockMoveRow[] }>(
      call('shop', 'POST', api.stockMoves, { goodsId: goods.id, skuId: sku.id }),
    );
    expect(moves.rows.map((m) => [m.delta, m.stockAfter, m.reason, m.operator])).toEqual([
      [-15, 0, 4, '商城店员'],
      [10, 15, 2, '商城店员'],
      [5, 5, 1, '商城店员'],
    ]);
    const [row] = await t.database.db.select().from(shopSkus).where(eq(shopSkus.id, sku.id));
    expect(row!.stock).toBe(0);
    const ledger = await t.database.db
      .select()
      .from(shopStockMoves)
      .where(and(eq(shopStockMoves.skuId, sku.id)));
    expect(ledger).toHaveLength(3);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'stock'), eq(auditLogs.targetId, String(goods.id))))
      .orderBy(auditLogs.id);
    expect(audit.map((r) => [r.module, r.targetType, r.before, r.after])).toEqual([
      [
        'shop',
        'shopGoods',
        { skuId: sku.id, stock: 5 },
        { skuId: sku.id, stock: 15, delta: 10, reason: 2, note: '到货' },
      ],
      [
        'shop',
        'shopGoods',
        { skuId: sku.id, stock: 15 },
        { skuId: sku.id, stock: 0, delta: -15, reason: 4, note: '' },
      ],
    ]);
    // without the stock permission
    await t.grant('staff', ['shop:good:page']);
    tok.staff = (await t.login('staff')).access_token;
    expect((await call('staff', 'POST', api.stock, { skuId: sku.id, delta: 1, reason: 2 })).statusCode).toBe(
      403,
    );
    // another area's SKU is not found
    expect(
      (await call('yunling', 'POST', api.stock, { skuId: sku.id, delta: 1, reason: 2 })).statusCode,
    ).toBe(404);
  });

  it('puts goods on and off the shelf in bulk, all or none, audited', async () => {
    const off = await goodsPage('shop', { status: 2 });
    // two demo goods (seeded without audit rows)
    const ids = off.rows
      .filter((r) => r.sort > 0)
      .slice(0, 2)
      .map((r) => r.id);
    expect((await call('shop', 'POST', api.status, { ids, status: 1 })).statusCode).toBe(200);
    for (const id of ids)
      expect((await data<ShopGoodDetail>(call('shop', 'GET', `${api.query}?id=${id}`))).status).toBe(1);
    const yl = await call('yunling', 'POST', api.status, { ids, status: 2 });
    expect(yl.statusCode).toBe(404);
    expect400(await call('shop', 'POST', api.status, { ids, status: 3 }), 'status');
    const audit = await data<{ rows: { action: string; targetId: string }[] }>(
      call('admin', 'POST', auditLogApi.page, { module: 'shop', limit: 100 }),
    );
    expect(audit.rows.filter((r) => ids.map(String).includes(r.targetId)).map((r) => r.action)).toEqual([
      'status',
      'status',
    ]);
  });

  it('keeps another area’s goods invisible; deletes goods never ordered; exports', async () => {
    expect((await goodsPage('yunling')).total).toBe(0);
    const one = (await goodsPage('shop', { limit: 10 })).rows[0]!;
    expect((await call('yunling', 'GET', `${api.query}?id=${one.id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'GET', `${api.delete}?id=${one.id}`)).statusCode).toBe(404);
    expect((await call('shop', 'GET', `${api.delete}?id=${one.id}`)).statusCode).toBe(200);
    expect((await call('shop', 'GET', `${api.query}?id=${one.id}`)).statusCode).toBe(404);
    const res = await call('shop', 'POST', api.export, { categoryId });
    expect(res.statusCode).toBe(200);
    expect(xlsxText(res.rawPayload)).toContain('明前龙井');
  });
});

describe('export of the goods categories', () => {
  it('writes the top-level categories with their subcategories as .xlsx; only the area’s; needs the page permission', async () => {
    const res = await call('shop', 'POST', catApi.export, {});
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('子分类');
    expect(text).toContain('特产美食');
    expect(text).toContain('茶叶');
    expect((await call('staff', 'POST', catApi.export, {})).statusCode).toBe(403);
    const other = await call('yunling', 'POST', catApi.export, {});
    expect(other.statusCode).toBe(200);
    expect(xlsxText(other.rawPayload)).not.toContain('特产美食');
  });
});
