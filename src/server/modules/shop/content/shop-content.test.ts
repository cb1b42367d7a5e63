import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogApi } from '../../../../shared/api/logs.ts';
import { memberApi } from '../../../../shared/api/member-api.ts';
import {
  shopCategoryApi,
  shopGoodApi,
  type ShopCategoryOption,
  type ShopGoodRow,
} from '../../../../shared/api/shop.ts';
import {
  homeModuleApi,
  shopCarouselApi,
  shopServeModelApi,
  shopServiceApi,
  type HomeModuleRow,
  type ShopArticleOption,
  type ShopCarouselRow,
  type ShopServeModelOption,
  type ShopServeModelRow,
  type ShopServiceRow,
} from '../../../../shared/api/shop-content.ts';
import {
  shopBrowseApi,
  type BrowseCarousel,
  type BrowseCategory,
  type BrowseGoodsCard,
  type BrowseGoodsDetail,
  type BrowseModule,
  type Cart,
} from '../../../../shared/api/shop-browse.ts';
import { createTestApp, xlsxText, type TestApp } from '../../../test/harness.ts';
import { data, expect400 } from '../../../test/replies.ts';
import { scenicAreas } from '../../scenic/index.ts';
import { moveStock } from '../catalog/shop-goods.service.ts';
import { shopCategories, shopGoods, shopSkus } from '../shop.table.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);

const page = <T>(who: string, url: string, body: Record<string, unknown> = {}) =>
  data<{ rows: T[]; total: number }>(call(who, 'POST', url, { limit: 100, ...body }));
const auditActions = async (targetType: string, id: number) => {
  const audit = await data<{ rows: { action: string; targetType: string; targetId: string }[] }>(
    call('admin', 'POST', auditLogApi.page, { module: 'shop', limit: 400 }),
  );
  return audit.rows
    .filter((r) => r.targetType === targetType && r.targetId === String(id))
    .map((r) => r.action)
    .reverse();
};

let qsh = 0;
let ylgz = 0;
let mini = '';
let member = '';
const browse = (method: 'GET' | 'POST', url: string, body?: unknown, scenicId = qsh) =>
  t.call(mini, method, url, body, { 'x-scenic-id': String(scenicId) });
const cart = (method: 'GET' | 'POST', url: string, body?: unknown, token = member) =>
  t.call(mini, method, url, body, { 'x-scenic-id': String(qsh), 'x-member-token': token });

let goods: ShopGoodRow[] = [];
const goodsNamed = (name: string) => goods.find((g) => g.name === name)!;
let tree: ShopCategoryOption[] = [];

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  for (const name of ['admin', 'shop', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  await t.grant('yunling', [
    'shop:goodServe:page',
    'shop:goodServe:edit',
    'shop:serveModel:page',
    'shop:serveModel:edit',
    'shop:carousel:page',
    'shop:carousel:edit',
    'shop:homeModule:page',
    'shop:homeModule:edit',
    'shop:good:page',
  ]);
  tok.yunling = (await t.login('yunling')).access_token;
  const areas = await t.database.db.select().from(scenicAreas);
  qsh = areas.find((a) => a.code === 'QSH')!.id;
  ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
  mini = await t.clientToken('weixinManagement');
  const login = await t.call(
    mini,
    'POST',
    memberApi.login,
    { phone: '13700005678' },
    { 'x-scenic-id': String(qsh) },
  );
  expect(login.statusCode, login.body).toBe(200);
  member = login.json<{ data: { token: string } }>().data.token;
  goods = (await page<ShopGoodRow>('shop', shopGoodApi.page, { limit: 100 })).rows;
  tree = await data<ShopCategoryOption[]>(call('shop', 'GET', shopCategoryApi.list));
});
afterAll(() => t.close());

describe('service items (/shop/goodServe)', () => {
  it('lists the demo services with the goods showing them; creates, edits, filters and audits', async () => {
    const demo = await page<ShopServiceRow>('shop', shopServiceApi.page);
    expect(demo.rows.map((r) => r.name)).toEqual(['7天无理由退货', '包邮', '正品保证', '48小时发货']);
    expect(demo.rows[0]!.goodsCount).toBeGreaterThan(0);
    const made = await data<ShopServiceRow>(
      call('shop', 'POST', shopServiceApi.create, {
        name: '破损包赔',
        description: '运输破损免费补发',
        sort: 50,
      }),
    );
    expect(made).toMatchObject({ status: 1, goodsCount: 0 });
    const edited = await data<ShopServiceRow>(
      call('shop', 'POST', shopServiceApi.update, { id: made.id, status: 2 }),
    );
    expect(edited).toMatchObject({ name: '破损包赔', status: 2 });
    const invalid = await page<ShopServiceRow>('shop', shopServiceApi.page, { status: 2 });
    expect(invalid.rows.map((r) => r.name)).toEqual(['破损包赔']);
    // an invalid service is not a choice of the goods form
    const choices = await data<{ id: number }[]>(call('shop', 'GET', shopGoodApi.services));
    expect(choices.map((c) => c.id)).not.toContain(made.id);
    expect((await call('shop', 'GET', `${shopServiceApi.delete}?id=${made.id}`)).statusCode).toBe(200);
    expect(await auditActions('shopService', made.id)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses bad input naming the field, and deleting a service goods show', async () => {
    expect400(await call('shop', 'POST', shopServiceApi.create, { name: '' }), 'name');
    expect400(await call('shop', 'POST', shopServiceApi.create, { name: 'x', status: 3 }), 'status');
    expect400(await call('shop', 'POST', shopServiceApi.page, { status: 9 }), 'status');
    const used = (await page<ShopServiceRow>('shop', shopServiceApi.page)).rows[0]!;
    expect((await call('shop', 'GET', `${shopServiceApi.delete}?id=${used.id}`)).statusCode).toBe(409);
  });

  it('is refused without the permission and keeps another area’s services out of reach', async () => {
    expect((await call('staff', 'POST', shopServiceApi.page, {})).statusCode).toBe(403);
    expect((await call('staff', 'POST', shopServiceApi.create, { name: 'x' })).statusCode).toBe(403);
    expect((await page<ShopServiceRow>('yunling', shopServiceApi.page)).total).toBe(0);
    const qshService = (await page<ShopServiceRow>('shop', shopServiceApi.page)).rows[0]!;
    expect(
      (await call('yunling', 'POST', shopServiceApi.update, { id: qshService.id, name: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('yunling', 'GET', `${shopServiceApi.delete}?id=${qshService.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call('yunling', 'POST', shopServiceApi.status, { ids: [qshService.id], status: 2 })).statusCode,
    ).toBe(404);
  });
});

describe('service templates (/shop/serveModel)', () => {
  it('lists the three demo templates; the goods editor gets the effective ones with effective services', async () => {
    const demo = await page<ShopServeModelRow>('shop', shopServeModelApi.page);
    expect(demo.rows.map((r) => [r.name, r.isDefault, r.services.length])).toEqual([
      ['标准服务', true, 3],
      ['包邮服务', false, 3],
      ['食品特产', false, 2],
    ]);
    const services = (await page<ShopServiceRow>('shop', shopServiceApi.page)).rows;
    const made = await data<ShopServeModelRow>(
      call('shop', 'POST', shopServeModelApi.create, {
        name: '礼品服务',
        serviceIds: [services[1]!.id, services[0]!.id],
        sort: 40,
      }),
    );
    expect(made.services.map((s) => s.id)).toEqual([services[1]!.id, services[0]!.id]);
    // an invalid service drops out of the editor's choices; an invalid template too
    await data(call('shop', 'POST', shopServiceApi.status, { ids: [services[1]!.id], status: 2 }));
    let options = await data<ShopServeModelOption[]>(call('shop', 'GET', shopServeModelApi.options));
    expect(options.find((o) => o.id === made.id)!.serviceIds).toEqual([services[0]!.id]);
    await data(call('shop', 'POST', shopServeModelApi.status, { ids: [made.id], status: 2 }));
    options = await data<ShopServeModelOption[]>(call('shop', 'GET', shopServeModelApi.options));
    expect(options.map((o) => o.name)).toEqual(['标准服务', '包邮服务', '食品特产']);
    await data(call('shop', 'POST', shopServiceApi.status, { ids: [services[1]!.id], status: 1 }));
    const edited = await data<ShopServeModelRow>(
      call('shop', 'POST', shopServeModelApi.update, { id: made.id, isDefault: true, name: '礼品' }),
    );
    expect(edited).toMatchObject({ name: '礼品', isDefault: true, status: 2 });
    expect((await call('shop', 'GET', `${shopServeModelApi.delete}?id=${made.id}`)).statusCode).toBe(200);
    expect(await auditActions('shopServeModel', made.id)).toEqual(['create', 'status', 'update', 'delete']);
  });

  it('drops a deleted service item from the templates holding it', async () => {
    const service = await data<ShopServiceRow>(
      call('shop', 'POST', shopServiceApi.create, { name: '礼盒包装' }),
    );
    const services = (await page<ShopServiceRow>('shop', shopServiceApi.page)).rows;
    const model = await data<ShopServeModelRow>(
      call('shop', 'POST', shopServeModelApi.create, {
        name: '礼盒',
        serviceIds: [service.id, services[0]!.id],
      }),
    );
    expect((await call('shop', 'GET', `${shopServiceApi.delete}?id=${service.id}`)).statusCode).toBe(200);
    const after = (await page<ShopServeModelRow>('shop', shopServeModelApi.page, { name: '礼盒' })).rows;
    expect(after.find((m) => m.id === model.id)!.serviceIds).toEqual([services[0]!.id]);
    await data(call('shop', 'GET', `${shopServeModelApi.delete}?id=${model.id}`));
  });

  it('names the field of bad input, another area’s service included', async () => {
    expect400(
      await call('shop', 'POST', shopServeModelApi.create, { name: '空', serviceIds: [] }),
      'serviceIds',
    );
    expect400(await call('shop', 'POST', shopServeModelApi.create, { name: '', serviceIds: [1] }), 'name');
    const qshService = (await page<ShopServiceRow>('shop', shopServiceApi.page)).rows[0]!;
    expect400(
      await call('yunling', 'POST', shopServeModelApi.create, { name: '借用', serviceIds: [qshService.id] }),
      'serviceIds',
    );
    expect400(
      await call('shop', 'POST', shopServeModelApi.create, {
        name: '重复',
        serviceIds: [qshService.id, qshService.id],
      }),
      'serviceIds',
    );
  });

  it('is refused without the permission; another area sees none of them', async () => {
    expect((await call('staff', 'POST', shopServeModelApi.page, {})).statusCode).toBe(403);
    expect((await call('staff', 'GET', shopServeModelApi.options)).statusCode).toBe(403);
    expect((await page<ShopServeModelRow>('yunling', shopServeModelApi.page)).total).toBe(0);
    expect(await data<ShopServeModelOption[]>(call('yunling', 'GET', shopServeModelApi.options))).toEqual([]);
    const qshModel = (await page<ShopServeModelRow>('shop', shopServeModelApi.page)).rows[0]!;
    expect((await call('yunling', 'GET', `${shopServeModelApi.delete}?id=${qshModel.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('banners (/shop/carousel)', () => {
  it('lists the five demo banners with their link names; filters by display', async () => {
    const all = await page<ShopCarouselRow>('shop', shopCarouselApi.page);
    expect(all.total).toBe(5);
    expect(all.rows.find((r) => r.title === '明前龙井 新茶上市')!.linkName).toBe('明前龙井');
    const list = await page<ShopCarouselRow>('shop', shopCarouselApi.page, { display: 2 });
    expect(list.rows.map((r) => r.title)).toEqual(['户外装备季']);
  });

  it('creates banners linking goods, an article or a URL, keeps only the link of its type, audits', async () => {
    const articles = await data<ShopArticleOption[]>(call('shop', 'GET', shopCarouselApi.articles));
    expect(articles.length).toBeGreaterThan(0);
    // the picker searches by title and names the chosen article whatever the search
    const last = articles.at(-1)!;
    const typed = last.title.slice(0, 2);
    const searched = await data<ShopArticleOption[]>(
      call('shop', 'GET', `${shopCarouselApi.articles}?title=${encodeURIComponent(typed)}`),
    );
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((a) => a.title.includes(typed))).toBe(true);
    const withChosen = await data<ShopArticleOption[]>(
      call(
        'shop',
        'GET',
        `${shopCarouselApi.articles}?title=${encodeURIComponent('不存在的标题')}&id=${last.id}`,
      ),
    );
    expect(withChosen).toEqual([last]);
    expect((await call('shop', 'GET', `${shopCarouselApi.articles}?id=abc`)).statusCode).toBe(400);
    const byArticle = await data<ShopCarouselRow>(
      call('shop', 'POST', shopCarouselApi.create, {
        title: '攻略',
        image: '/uploads/a.png',
        linkType: 2,
        linkId: articles[0]!.id,
        linkUrl: '/ignored',
      }),
    );
    expect(byArticle).toMatchObject({
      linkType: 2,
      linkId: articles[0]!.id,
      linkUrl: '',
      linkName: articles[0]!.title,
    });
    const toUrl = await data<ShopCarouselRow>(
      call('shop', 'POST', shopCarouselApi.update, {
        id: byArticle.id,
        linkType: 3,
        linkUrl: 'https://example.com/x',
      }),
    );
    expect(toUrl).toMatchObject({
      linkType: 3,
      linkId: null,
      linkUrl: 'https://example.com/x',
      linkName: null,
    });
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const windowed = await data<ShopCarouselRow>(
      call('shop', 'POST', shopCarouselApi.update, { id: byArticle.id, startTime: start, display: 2 }),
    );
    expect(windowed.startTime).toBe(start);
    expect((await call('shop', 'GET', `${shopCarouselApi.delete}?id=${byArticle.id}`)).statusCode).toBe(200);
    expect(await auditActions('shopCarousel', byArticle.id)).toEqual([
      'create',
      'update',
      'update',
      'delete',
    ]);
  });

  it('names the field of bad input (image, link, URL, window), also on the merged banner', async () => {
    const base = { title: '横幅', image: '/uploads/a.png' };
    expect400(await call('shop', 'POST', shopCarouselApi.create, { ...base, image: '' }), 'image');
    expect400(await call('shop', 'POST', shopCarouselApi.create, { ...base, title: '' }), 'title');
    expect400(await call('shop', 'POST', shopCarouselApi.create, { ...base, linkType: 1 }), 'linkId');
    expect400(await call('shop', 'POST', shopCarouselApi.create, { ...base, linkType: 3 }), 'linkUrl');
    expect400(
      await call('shop', 'POST', shopCarouselApi.create, {
        ...base,
        linkType: 3,
        linkUrl: 'javascript:alert(1)',
      }),
      'linkUrl',
    );
    expect400(await call('shop', 'POST', shopCarouselApi.create, { ...base, display: 3 }), 'display');
    expect400(
      await call('shop', 'POST', shopCarouselApi.create, {
        ...base,
        startTime: '2026-12-02T00:00:00Z',
        endTime: '2026-12-01T00:00:00Z',
      }),
      'endTime',
    );
    const plain = await data<ShopCarouselRow>(call('shop', 'POST', shopCarouselApi.create, base));
    expect(plain.linkType).toBe(4);
    // the merged banner: goods link without its goods
    expect400(await call('shop', 'POST', shopCarouselApi.update, { id: plain.id, linkType: 1 }), 'linkId');
    expect400(
      await call('shop', 'POST', shopCarouselApi.update, {
        id: plain.id,
        endTime: '2000-01-01T00:00:00Z',
        startTime: '2001-01-01T00:00:00Z',
      }),
      'endTime',
    );
    expect((await call('shop', 'GET', `${shopCarouselApi.delete}?id=${plain.id}`)).statusCode).toBe(200);
    // another area's goods are not a link target
    expect400(
      await call('yunling', 'POST', shopCarouselApi.create, { ...base, linkType: 1, linkId: goods[0]!.id }),
      'linkId',
    );
  });

  it('is refused without the permission (page alone does not edit); another area sees none', async () => {
    expect((await call('staff', 'POST', shopCarouselApi.page, {})).statusCode).toBe(403);
    await t.grant('staff', ['shop:carousel:page']);
    tok.staff = (await t.login('staff')).access_token;
    expect((await call('staff', 'POST', shopCarouselApi.page, {})).statusCode).toBe(200);
    expect(
      (await call('staff', 'POST', shopCarouselApi.create, { title: 'x', image: '/uploads/a.png' }))
        .statusCode,
    ).toBe(403);
    expect((await page<ShopCarouselRow>('yunling', shopCarouselApi.page)).total).toBe(0);
    const qshArticles = await data<ShopArticleOption[]>(call('shop', 'GET', shopCarouselApi.articles));
    const ylArticles = await data<ShopArticleOption[]>(call('yunling', 'GET', shopCarouselApi.articles));
    expect(ylArticles.filter((a) => qshArticles.some((q) => q.id === a.id))).toEqual([]);
    const qshBanner = (await page<ShopCarouselRow>('shop', shopCarouselApi.page)).rows[0]!;
    expect(
      (await call('yunling', 'POST', shopCarouselApi.update, { id: qshBanner.id, title: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('yunling', 'GET', `${shopCarouselApi.delete}?id=${qshBanner.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('home modules (/shop/homeModule, spec §7 /web/api/admin/module/...)', () => {
  it('answers at exactly the paths and methods of spec §7', async () => {
    expect(homeModuleApi).toMatchObject({
      page: '/web/api/admin/module/page',
      create: '/web/api/admin/module/create',
      update: '/web/api/admin/module/update',
      delete: '/web/api/admin/module/delete',
    });
    const listed = await data<{ rows: HomeModuleRow[]; total: number }>(
      call('shop', 'POST', '/web/api/admin/module/page', {}),
    );
    expect(listed.rows.map((r) => r.title)).toEqual([
      '热销推荐',
      '茶叶专区',
      '文创纪念',
      '户外必备',
      '冬季上新',
    ]);
    const made = await data<HomeModuleRow>(
      call('shop', 'POST', '/web/api/admin/module/create', {
        title: '两件好物',
        kind: 1,
        goodsIds: [goodsNamed('明前龙井').id, goodsNamed('登山杖').id],
      }),
    );
    expect(made.goods.map((g) => g.name)).toEqual(['明前龙井', '登山杖']);
    const tea = tree.find((c) => c.name === '特产美食')!.children.find((c) => c.name === '茶叶')!;
    const moved = await data<HomeModuleRow>(
      call('shop', 'POST', '/web/api/admin/module/update', {
        id: made.id,
        kind: 2,
        categoryId: tea.id,
        goodsLimit: 3,
      }),
    );
    expect(moved).toMatchObject({
      kind: 2,
      goodsIds: [],
      categoryId: tea.id,
      categoryName: '茶叶',
      goodsLimit: 3,
    });
    // delete is a GET with the id in the query; POST is not a route
    expect((await call('shop', 'POST', '/web/api/admin/module/delete', { id: made.id })).statusCode).toBe(
      404,
    );
    expect((await call('shop', 'GET', `/web/api/admin/module/delete?id=${made.id}`)).statusCode).toBe(200);
    expect(await auditActions('shopHomeModule', made.id)).toEqual(['create', 'update', 'delete']);
  });

  it('filters and sorts the list', async () => {
    const categories = await page<HomeModuleRow>('shop', homeModuleApi.page, { kind: 2 });
    expect(categories.rows.map((r) => r.title)).toEqual(['茶叶专区', '文创纪念']);
    const disabled = await page<HomeModuleRow>('shop', homeModuleApi.page, { status: 2 });
    expect(disabled.rows.map((r) => r.title)).toEqual(['冬季上新']);
    const bySort = await page<HomeModuleRow>('shop', homeModuleApi.page, { sort: 'sort', order: 'desc' });
    expect(bySort.rows[0]!.title).toBe('冬季上新');
    const named = await page<HomeModuleRow>('shop', homeModuleApi.page, { title: '茶叶' });
    expect(named.rows.map((r) => r.title)).toEqual(['茶叶专区']);
  });

  it('names the field of bad input, another area’s goods and categories included', async () => {
    expect400(
      await call('shop', 'POST', homeModuleApi.create, { title: '空', kind: 1, goodsIds: [] }),
      'goodsIds',
    );
    expect400(await call('shop', 'POST', homeModuleApi.create, { title: '空', kind: 2 }), 'categoryId');
    expect400(
      await call('shop', 'POST', homeModuleApi.create, { title: '', goodsIds: [goods[0]!.id] }),
      'title',
    );
    expect400(
      await call('shop', 'POST', homeModuleApi.create, { title: '多', goodsIds: [goods[0]!.id], layout: 9 }),
      'layout',
    );
    expect400(
      await call('yunling', 'POST', homeModuleApi.create, { title: '借', goodsIds: [goods[0]!.id] }),
      'goodsIds',
    );
    expect400(
      await call('yunling', 'POST', homeModuleApi.create, { title: '借', kind: 2, categoryId: tree[0]!.id }),
      'categoryId',
    );
    const category = (await page<HomeModuleRow>('shop', homeModuleApi.page, { kind: 2 })).rows[0]!;
    // switching to chosen goods without sending any
    expect400(await call('shop', 'POST', homeModuleApi.update, { id: category.id, kind: 1 }), 'goodsIds');
  });

  it('is refused without the permission; another area’s modules are not listed nor writable', async () => {
    expect((await call('staff', 'POST', homeModuleApi.page, {})).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${homeModuleApi.delete}?id=1`)).statusCode).toBe(403);
    expect((await page<HomeModuleRow>('yunling', homeModuleApi.page)).total).toBe(0);
    const qshModule = (await page<HomeModuleRow>('shop', homeModuleApi.page)).rows[0]!;
    expect(
      (await call('yunling', 'POST', homeModuleApi.update, { id: qshModule.id, title: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('yunling', 'GET', `${homeModuleApi.delete}?id=${qshModule.id}`)).statusCode).toBe(404);
  });
});

describe('the mini-program’s browsing (/api/member/shop, client token + X-Scenic-Id)', () => {
  it('shows enabled categories only', async () => {
    const tea = tree.find((c) => c.name === '特产美食')!.children.find((c) => c.name === '茶叶')!;
    await data(call('shop', 'POST', shopCategoryApi.status, { ids: [tea.id], status: 2 }));
    const shown = await data<BrowseCategory[]>(browse('GET', shopBrowseApi.categories));
    expect(shown.map((c) => c.name)).toEqual(['特产美食', '文创纪念', '户外用品']);
    expect(shown[0]!.children.map((c) => c.name)).toEqual(['糕点零食']);
    // goods of a disabled category are not on sale
    const goodsOf = await data<{ rows: BrowseGoodsCard[] }>(
      browse('POST', shopBrowseApi.goods, { categoryId: tree[0]!.id, limit: 100 }),
    );
    expect(goodsOf.rows.map((g) => g.name)).not.toContain('明前龙井');
    await data(call('shop', 'POST', shopCategoryApi.status, { ids: [tea.id], status: 1 }));
    expect((await data<BrowseCategory[]>(browse('GET', shopBrowseApi.categories)))[0]!.children).toHaveLength(
      2,
    );
  });

  it('lists goods on the shelf only, paged, by category, name and price', async () => {
    const all = await data<{ rows: BrowseGoodsCard[]; total: number }>(
      browse('POST', shopBrowseApi.goods, { limit: 100 }),
    );
    const onShelf = goods.filter((g) => g.status === 1);
    expect(all.total).toBe(onShelf.length);
    expect(all.rows.map((g) => g.id).sort()).toEqual(onShelf.map((g) => g.id).sort());
    const off = goods.find((g) => g.status === 2)!;
    expect((await browse('GET', `${shopBrowseApi.goodsDetail}?id=${off.id}`)).statusCode).toBe(404);
    const cheap = await data<{ rows: BrowseGoodsCard[] }>(
      browse('POST', shopBrowseApi.goods, { sort: 'price', order: 'asc', limit: 10 }),
    );
    const prices = cheap.rows.map((g) => g.minPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const named = await data<{ rows: BrowseGoodsCard[] }>(
      browse('POST', shopBrowseApi.goods, { name: '龙井' }),
    );
    expect(named.rows.map((g) => g.name).sort()).toEqual(['明前龙井', '龙井茶酥']);
    const r = await browse('POST', shopBrowseApi.goods, { sort: 'nope' });
    expect400(r, 'sort');
  });

  it('shows one goods item with its effective services and SKUs', async () => {
    const honey = goodsNamed('农家土蜂蜜');
    const detail = await data<BrowseGoodsDetail>(
      browse('GET', `${shopBrowseApi.goodsDetail}?id=${honey.id}`),
    );
    expect(detail.skus.map((s) => s.specValues)).toEqual([['500g'], ['1kg']]);
    expect(detail.services.length).toBeGreaterThan(0);
    expect(detail.minPrice).toBe(honey.minPrice);
  });

  it('shows enabled banners within their window only', async () => {
    const shown = await data<BrowseCarousel[]>(browse('GET', shopBrowseApi.carousel));
    // the demo's fifth banner waits for its window
    expect(shown.map((b) => b.title)).toEqual([
      '户外装备季',
      '明前龙井 新茶上市',
      '景区文创 好礼带回家',
      '游玩攻略',
    ]);
    const list = await data<BrowseCarousel[]>(browse('GET', `${shopBrowseApi.carousel}?display=2`));
    expect(list.map((b) => b.title)).toEqual(['户外装备季']);
    const ended = await data<ShopCarouselRow>(
      call('shop', 'POST', shopCarouselApi.create, {
        title: '已结束',
        image: '/uploads/a.png',
        startTime: '2025-01-01T00:00:00Z',
        endTime: '2025-02-01T00:00:00Z',
      }),
    );
    const disabled = await data<ShopCarouselRow>(
      call('shop', 'POST', shopCarouselApi.create, { title: '已停用', image: '/uploads/a.png', status: 2 }),
    );
    const titles = (await data<BrowseCarousel[]>(browse('GET', shopBrowseApi.carousel))).map((b) => b.title);
    expect(titles).not.toContain(ended.title);
    expect(titles).not.toContain(disabled.title);
    expect(await data<BrowseCarousel[]>(browse('GET', shopBrowseApi.carousel, undefined, ylgz))).toEqual([]);
  });

  it('hides a banner linking goods while they are off the shelf', async () => {
    const honey = goodsNamed('农家土蜂蜜');
    const banner = await data<ShopCarouselRow>(
      call('shop', 'POST', shopCarouselApi.create, {
        title: '蜂蜜上新',
        image: '/uploads/a.png',
        linkType: 1,
        linkId: honey.id,
      }),
    );
    const titles = async () =>
      (await data<BrowseCarousel[]>(browse('GET', shopBrowseApi.carousel))).map((b) => b.title);
    expect(await titles()).toContain(banner.title);
    const db = t.database.db;
    await db.update(shopGoods).set({ status: 2 }).where(eq(shopGoods.id, honey.id));
    expect(await titles()).not.toContain(banner.title);
    expect(await titles()).toContain('游玩攻略');
    await db.update(shopGoods).set({ status: 1 }).where(eq(shopGoods.id, honey.id));
    expect(await titles()).toContain(banner.title);
  });

  it('builds the home page from enabled modules in their window, with goods on sale only', async () => {
    const home = await data<BrowseModule[]>(browse('GET', shopBrowseApi.modules));
    expect(home.map((m) => m.title)).toEqual(['热销推荐', '茶叶专区', '文创纪念', '户外必备']);
    expect(home[0]!.goods.map((g) => g.name)).toEqual([
      '明前龙井',
      '农家土蜂蜜',
      '青山塔积木',
      '湖景丝巾',
      '定胜糕',
      '徒步背包',
    ]);
    expect(home[1]!.goods).toHaveLength(6);
    expect(home[2]!.goods).toHaveLength(4);
    // goods off the shelf drop out of a chosen list
    await data(call('shop', 'POST', shopGoodApi.status, { ids: [goodsNamed('农家土蜂蜜').id], status: 2 }));
    const after = await data<BrowseModule[]>(browse('GET', shopBrowseApi.modules));
    expect(after[0]!.goods.map((g) => g.name)).not.toContain('农家土蜂蜜');
    await data(call('shop', 'POST', shopGoodApi.status, { ids: [goodsNamed('农家土蜂蜜').id], status: 1 }));
    // a module whose window has not begun is not shown
    const later = await data<HomeModuleRow>(
      call('shop', 'POST', homeModuleApi.create, {
        title: '明日上新',
        goodsIds: [goods[0]!.id],
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    const titles = (await data<BrowseModule[]>(browse('GET', shopBrowseApi.modules))).map((m) => m.title);
    expect(titles).not.toContain(later.title);
    expect(await data<BrowseModule[]>(browse('GET', shopBrowseApi.modules, undefined, ylgz))).toEqual([]);
  });

  it('needs the mini-program client and its scenic area', async () => {
    expect((await t.app.inject({ method: 'GET', url: shopBrowseApi.categories })).statusCode).toBe(401);
    // a console login is not the mini-program
    expect((await call('shop', 'GET', shopBrowseApi.categories)).statusCode).toBe(403);
    // another area's goods are not found there
    const honey = goodsNamed('农家土蜂蜜');
    expect(
      (await browse('GET', `${shopBrowseApi.goodsDetail}?id=${honey.id}`, undefined, ylgz)).statusCode,
    ).toBe(404);
  });
});

// the cart's SKUs: set by the first cart describe's beforeAll, read by both
let skuA = 0;
let skuB = 0;
let honeyId = 0;

describe('the member’s cart (/api/member/shop/cart…, X-Member-Token): lines and availability', () => {
  beforeAll(async () => {
    honeyId = goodsNamed('农家土蜂蜜').id;
    const skus = await t.database.db
      .select()
      .from(shopSkus)
      .where(eq(shopSkus.goodsId, honeyId))
      .orderBy(asc(shopSkus.sort));
    [skuA, skuB] = [skus[0]!.id, skus[1]!.id];
    // SKU A: 4 in stock, through the ledger
    await moveStock(t.database.db, { scenicId: qsh, skuId: skuA, delta: 4 - skus[0]!.stock, reason: 3 });
  });

  it('needs a member token', async () => {
    expect400(await browse('GET', shopBrowseApi.cart), 'x-member-token');
    expect((await cart('GET', shopBrowseApi.cart, undefined, 'nope')).statusCode).toBe(401);
  });

  it('adds SKUs, adds up a SKU added twice, caps quantities at the stock and totals the lines', async () => {
    let mine = await data<Cart>(cart('POST', shopBrowseApi.cartAdd, { skuId: skuA, quantity: 3 }));
    expect(mine.lines.map((l) => [l.skuId, l.quantity])).toEqual([[skuA, 3]]);
    mine = await data<Cart>(cart('POST', shopBrowseApi.cartAdd, { skuId: skuA, quantity: 3 }));
    expect(mine.lines[0]).toMatchObject({
      quantity: 4,
      stock: 4,
      available: true,
      goodsName: '农家土蜂蜜',
      specText: '500g',
    });
    mine = await data<Cart>(cart('POST', shopBrowseApi.cartAdd, { skuId: skuB }));
    expect(mine.lines.map((l) => l.skuId)).toEqual([skuB, skuA]);
    expect(mine.total).toBe(mine.lines.reduce((s, l) => s + l.price * l.quantity, 0));
    mine = await data<Cart>(cart('POST', shopBrowseApi.cartUpdate, { skuId: skuA, quantity: 99 }));
    expect(mine.lines.find((l) => l.skuId === skuA)!.quantity).toBe(4);
    mine = await data<Cart>(cart('POST', shopBrowseApi.cartUpdate, { skuId: skuA, quantity: 2 }));
    expect(mine.lines.find((l) => l.skuId === skuA)!.quantity).toBe(2);
  });

  it('shows lines off the shelf, sold out or gone as unavailable, out of the total', async () => {
    await data(call('shop', 'POST', shopGoodApi.status, { ids: [honeyId], status: 2 }));
    let mine = await data<Cart>(cart('GET', shopBrowseApi.cart));
    expect(mine.lines.map((l) => [l.available, l.unavailable])).toEqual([
      [false, 'offShelf'],
      [false, 'offShelf'],
    ]);
    expect(mine.total).toBe(0);
    expect((await cart('POST', shopBrowseApi.cartAdd, { skuId: skuA })).statusCode).toBe(409);
    expect((await cart('POST', shopBrowseApi.cartUpdate, { skuId: skuA, quantity: 1 })).statusCode).toBe(409);
    await data(call('shop', 'POST', shopGoodApi.status, { ids: [honeyId], status: 1 }));
    // stock falls below the line's quantity: shown capped; at 0: sold out
    await moveStock(t.database.db, { scenicId: qsh, skuId: skuA, delta: -3, reason: 4 });
    mine = await data<Cart>(cart('GET', shopBrowseApi.cart));
    expect(mine.lines.find((l) => l.skuId === skuA)).toMatchObject({ quantity: 1, available: true });
    await moveStock(t.database.db, { scenicId: qsh, skuId: skuA, delta: -1, reason: 4 });
    mine = await data<Cart>(cart('GET', shopBrowseApi.cart));
    expect(mine.lines.find((l) => l.skuId === skuA)).toMatchObject({
      available: false,
      unavailable: 'soldOut',
    });
    expect((await cart('POST', shopBrowseApi.cartAdd, { skuId: skuA })).statusCode).toBe(409);
    // the SKU removed from its goods: the line keeps its name and shows as gone
    await t.database.db.delete(shopSkus).where(eq(shopSkus.id, skuA));
    mine = await data<Cart>(cart('GET', shopBrowseApi.cart));
    expect(mine.lines.find((l) => l.skuId === skuA)).toMatchObject({
      available: false,
      unavailable: 'gone',
      goodsName: '农家土蜂蜜',
      specText: '500g',
    });
    mine = await data<Cart>(cart('POST', shopBrowseApi.cartRemove, { skuIds: [skuA] }));
    expect(mine.lines.map((l) => l.skuId)).toEqual([skuB]);
  });
});

describe('the member’s cart (/api/member/shop/cart…, X-Member-Token): input, limits, ownership', () => {
  it('refuses bad input naming the field, another area’s SKU and a line not in the cart', async () => {
    expect400(await cart('POST', shopBrowseApi.cartAdd, { skuId: skuB, quantity: 0 }), 'quantity');
    expect400(await cart('POST', shopBrowseApi.cartAdd, { quantity: 1 }), 'skuId');
    expect400(await cart('POST', shopBrowseApi.cartRemove, { skuIds: [] }), 'skuIds');
    // a SKU of another area, on its shelf
    const db = t.database.db;
    const [ylCategory] = await db
      .insert(shopCategories)
      .values({ scenicId: ylgz, name: '云岭特产' })
      .returning();
    const [ylGoods] = await db
      .insert(shopGoods)
      .values({ scenicId: ylgz, categoryId: ylCategory!.id, name: '云岭茶', status: 1 })
      .returning();
    const [ylSku] = await db
      .insert(shopSkus)
      .values({ scenicId: ylgz, goodsId: ylGoods!.id, price: 100 })
      .returning();
    await moveStock(db, { scenicId: ylgz, skuId: ylSku!.id, delta: 5, reason: 1 });
    expect((await cart('POST', shopBrowseApi.cartAdd, { skuId: ylSku!.id })).statusCode).toBe(404);
    expect(
      (await browse('GET', `${shopBrowseApi.goodsDetail}?id=${ylGoods!.id}`, undefined, ylgz)).statusCode,
    ).toBe(200);
    expect((await browse('GET', `${shopBrowseApi.goodsDetail}?id=${ylGoods!.id}`)).statusCode).toBe(404);
    const other = goodsNamed('明前龙井');
    const [otherSku] = await t.database.db.select().from(shopSkus).where(eq(shopSkus.goodsId, other.id));
    expect(
      (await cart('POST', shopBrowseApi.cartUpdate, { skuId: otherSku!.id, quantity: 1 })).statusCode,
    ).toBe(404);
    expect((await cart('POST', shopBrowseApi.cartAdd, { skuId: 99_999_999 })).statusCode).toBe(404);
  });

  it('holds 50 lines at most; SKUs added at once add up', async () => {
    const login = await t.call(
      mini,
      'POST',
      memberApi.login,
      { phone: '13700007777' },
      { 'x-scenic-id': String(qsh) },
    );
    const buyer = login.json<{ data: { token: string } }>().data.token;
    const saleable = await t.database.db
      .select({ id: shopSkus.id })
      .from(shopSkus)
      .innerJoin(shopGoods, eq(shopGoods.id, shopSkus.goodsId))
      .where(and(eq(shopSkus.scenicId, qsh), eq(shopGoods.status, 1), gt(shopSkus.stock, 5)))
      .orderBy(asc(shopSkus.id))
      .limit(51);
    expect(saleable).toHaveLength(51);
    const [first, ...rest] = saleable.map((s) => s.id);
    // five adds of one SKU at the same time: one line of five
    await Promise.all(
      Array.from({ length: 5 }, () => cart('POST', shopBrowseApi.cartAdd, { skuId: first }, buyer)),
    );
    let mine = await data<Cart>(cart('GET', shopBrowseApi.cart, undefined, buyer));
    expect(mine.lines.map((l) => [l.skuId, l.quantity])).toEqual([[first, 5]]);
    for (const skuId of rest.slice(0, 49))
      expect((await cart('POST', shopBrowseApi.cartAdd, { skuId }, buyer)).statusCode).toBe(200);
    const full = await cart('POST', shopBrowseApi.cartAdd, { skuId: rest[49] }, buyer);
    expect(full.statusCode, full.body).toBe(409);
    // a line already there still takes more
    mine = await data<Cart>(cart('POST', shopBrowseApi.cartAdd, { skuId: first }, buyer));
    expect(mine.lines).toHaveLength(50);
    expect(mine.lines.find((l) => l.skuId === first)!.quantity).toBe(6);
  });

  it('keeps each member’s cart their own', async () => {
    const login = await t.call(
      mini,
      'POST',
      memberApi.login,
      { phone: '13700009999' },
      { 'x-scenic-id': String(qsh) },
    );
    const other = login.json<{ data: { token: string } }>().data.token;
    expect((await data<Cart>(cart('GET', shopBrowseApi.cart, undefined, other))).lines).toEqual([]);
    expect(
      (await cart('POST', shopBrowseApi.cartUpdate, { skuId: skuB, quantity: 1 }, other)).statusCode,
    ).toBe(404);
  });
});

describe('exports of the content lists', () => {
  it('writes each list of the current filter as .xlsx; only with the list’s permission, only the area’s rows', async () => {
    tok.agent = (await t.login('agent')).access_token;
    const lists = [
      { api: shopServiceApi, body: {}, header: '服务名称', name: (r: ShopServiceRow) => r.name },
      { api: shopServeModelApi, body: {}, header: '新商品默认', name: (r: ShopServeModelRow) => r.name },
      {
        api: shopCarouselApi,
        body: { display: 1 },
        header: '跳转类型',
        name: (r: ShopCarouselRow) => r.title,
      },
      { api: homeModuleApi, body: {}, header: '模块标题', name: (r: HomeModuleRow) => r.title },
    ] as const;
    for (const list of lists) {
      const url = list.api.export;
      const rows = (await page<never>('shop', list.api.page, list.body)).rows;
      expect(rows.length, url).toBeGreaterThan(0);
      const first = (list.name as (r: unknown) => string)(rows[0]);
      const res = await call('shop', 'POST', url, list.body);
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const text = xlsxText(res.rawPayload);
      expect(text, url).toContain(list.header);
      expect(text, url).toContain(first);
      // an account without the shop's permissions (a distributor) is refused; another area's export has none of these rows
      expect((await call('agent', 'POST', url, list.body)).statusCode, url).toBe(403);
      const other = await call('yunling', 'POST', url, list.body);
      expect(other.statusCode, url).toBe(200);
      expect(xlsxText(other.rawPayload), url).not.toContain(first);
    }
  });
});
