import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'cards',
  menu: {
    zh: {
      vipUseAssort: '畅游卡种类',
      vipUse: '畅游卡详情',
      EnjSelfCardOrder: '畅游卡订单',
      EnjSelfCardList: '畅游卡列表',
      EnjSelfCardListDetail: '畅游卡信息',
      cardCodes: '畅游卡兑换码',
      enjSelfCardStatis: '畅游卡统计',
    },
    en: {
      vipUseAssort: 'Card kinds',
      vipUse: 'Card kind',
      EnjSelfCardOrder: 'Card orders',
      EnjSelfCardList: 'Cards',
      EnjSelfCardListDetail: 'Card',
      cardCodes: 'Redeem codes',
      enjSelfCardStatis: 'Card statistics',
    },
  },
  locales: () => import('./cards.locale.ts'),
  routes: [
    {
      path: '/VipCard/vipUseAssort',
      title: 'vipUseAssort',
      perms: ['admin:card:kind:query'],
      page: () => import('./card-kind-list.page.tsx'),
    },
    {
      path: '/VipCard/vipUse',
      title: 'vipUse',
      hidden: true,
      perms: ['admin:card:kind:query'],
      page: () => import('./card-kind-detail.page.tsx'),
    },
    {
      path: '/VipCard/EnjSelfCardOrder',
      title: 'EnjSelfCardOrder',
      perms: ['admin:card:order:query'],
      page: () => import('./card-order-list.page.tsx'),
    },
    {
      path: '/VipCard/EnjSelfCardList',
      title: 'EnjSelfCardList',
      perms: ['admin:card:query'],
      page: () => import('./card-list.page.tsx'),
    },
    {
      path: '/VipCard/EnjSelfCardListDetail',
      title: 'EnjSelfCardListDetail',
      hidden: true,
      perms: ['admin:card:query'],
      page: () => import('./card-detail.page.tsx'),
    },
    {
      path: '/VipCard/cardCodes',
      title: 'cardCodes',
      hidden: true,
      perms: ['admin:card:code:query'],
      page: () => import('./card-codes.page.tsx'),
    },
    {
      path: '/VipCard/enjSelfCardStatis',
      title: 'enjSelfCardStatis',
      perms: ['admin:card:stats:query'],
      page: () => import('./card-stats.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    cards: typeof manifest;
  }
}
