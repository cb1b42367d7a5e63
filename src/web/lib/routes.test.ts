import { describe, expect, it } from 'vitest';
import { ADM_TYPE } from '../../shared/dict/account.ts';
import { consoleAuthorities } from './session.ts';
import { filterRoutes, flattenRoutes, type AppRoute } from './routes.ts';

const page = () => Promise.resolve({ default: () => null });
const routes: AppRoute[] = [
  { path: '/dashboard', title: 'dashboard', page },
  {
    path: '/scenic',
    title: 'scenic',
    children: [
      { path: '/scenic/sceManage', title: 'sceManage', perms: ['admin:scenic:page'], page },
      { path: '/scenic/detail', title: 'sceManage', perms: ['admin:scenic:page'], hidden: true, page },
    ],
  },
  {
    path: '/sys',
    title: 'profile',
    perms: ['admin:audit:page'],
    children: [
      { path: '/sys/audit', title: 'password', perms: ['admin:audit:page'], page },
      { path: '/sys/open', title: 'password', page },
    ],
  },
];

const paths = (tree: AppRoute[]) => flattenRoutes(tree).map(({ route }) => route.path);

describe('docs/product.md §6 route filtering', () => {
  it('gives the wildcard everything', () => {
    expect(paths(filterRoutes(routes, ['*']))).toEqual([
      '/dashboard',
      '/scenic/sceManage',
      '/scenic/detail',
      '/sys/audit',
      '/sys/open',
    ]);
  });

  it('keeps routes without perms and drops parents whose children all went', () => {
    const tree = filterRoutes(routes, []);
    expect(paths(tree)).toEqual(['/dashboard']);
    expect(tree.map((r) => r.path)).toEqual(['/dashboard']);
  });

  it('keeps a route when the user holds one of its perms, recursively', () => {
    expect(paths(filterRoutes(routes, ['admin:scenic:page']))).toEqual([
      '/dashboard',
      '/scenic/sceManage',
      '/scenic/detail',
    ]);
  });

  it('needs the parent permission before looking at children', () => {
    expect(paths(filterRoutes(routes, ['admin:audit:page']))).toEqual([
      '/dashboard',
      '/sys/audit',
      '/sys/open',
    ]);
  });

  it('honours a resource wildcard', () => {
    expect(paths(filterRoutes(routes, ['admin:scenic:*']))).toContain('/scenic/sceManage');
  });

  it('lists parents with each page', () => {
    const entry = flattenRoutes(routes).find(({ route }) => route.path === '/sys/audit');
    expect(entry?.parents.map((p) => p.path)).toEqual(['/sys']);
  });
});

describe('a shop account (type 4): the shop only (docs/accounts.md "Shop accounts")', () => {
  const withShop: AppRoute[] = [
    ...routes,
    { path: '/shop/good', title: 'shopGood', perms: ['shop:good:page'], page },
    { path: '/shop/shopOrder', title: 'shopOrder', perms: ['shop:order:page'], page },
  ];
  const shop = (authorities: string[]) => consoleAuthorities({ admType: ADM_TYPE.shop, authorities });

  it("keeps the shop's grants only, the wildcard as shop:*", () => {
    expect(shop(['*', 'admin:refundApply:page'])).toEqual(['shop:*']);
    expect(shop(['shop:good:page', 'admin:order:page', 'admin:*'])).toEqual(['shop:good:page']);
    expect(paths(filterRoutes(withShop, shop(['*'])))).toEqual([
      '/dashboard',
      '/shop/good',
      '/shop/shopOrder',
    ]);
  });

  it('leaves every other account as its roles say', () => {
    for (const admType of [ADM_TYPE.platform, ADM_TYPE.staff, ADM_TYPE.distributor])
      expect(consoleAuthorities({ admType, authorities: ['*', 'admin:order:page'] })).toEqual([
        '*',
        'admin:order:page',
      ]);
  });
});
