import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'distribution',
  menu: {
    zh: {
      accManage: '分销商管理',
      details: '分销商详情',
      information: '分销商申请',
      BalanceRecord: '余额明细',
      recharge: '充值审核',
      disgrant: '授信管理',
    },
    en: {
      accManage: 'Distributors',
      details: 'Distributor',
      information: 'Applications',
      BalanceRecord: 'Balance records',
      recharge: 'Top-ups',
      disgrant: 'Credit',
    },
  },
  locales: () => import('./distribution.locale.ts'),
  routes: [
    {
      path: '/disManage/accManage',
      title: 'accManage',
      perms: ['admin:distributor:page'],
      page: () => import('./distributor-list.page.tsx'),
    },
    {
      path: '/disManage/details',
      title: 'details',
      hidden: true,
      perms: ['admin:distributor:page'],
      page: () => import('./distributor-detail.page.tsx'),
    },
    {
      path: '/disManage/information',
      title: 'information',
      perms: ['admin:disApply:page'],
      page: () => import('./application-list.page.tsx'),
    },
    {
      path: '/disManage/BalanceRecord',
      title: 'BalanceRecord',
      perms: ['admin:disLedger:page'],
      page: () => import('./balance-record.page.tsx'),
    },
    {
      path: '/disManage/recharge',
      title: 'recharge',
      perms: ['admin:disRecharge:page'],
      page: () => import('./recharge-list.page.tsx'),
    },
    {
      path: '/disManage/disgrant',
      title: 'disgrant',
      perms: ['admin:disCredit:page'],
      page: () => import('./credit-list.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    distribution: typeof manifest;
  }
}
