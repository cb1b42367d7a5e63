import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'members',
  menu: {
    zh: {
      userList: '会员列表',
      userDetail: '会员详情',
      memberRank: '会员等级',
      memberRankDetail: '等级详情',
      rechargeRecord: '充值记录',
      BalanceSet: '充值规则',
      traveler: '常用出行人',
    },
    en: {
      userList: 'Member list',
      userDetail: 'Member',
      memberRank: 'Member levels',
      memberRankDetail: 'Member level',
      rechargeRecord: 'Top-ups',
      BalanceSet: 'Top-up rules',
      traveler: 'Travellers',
    },
  },
  locales: () => import('./members.locale.ts'),
  routes: [
    {
      path: '/user/user',
      title: 'userList',
      perms: ['admin:user:page'],
      page: () => import('./member-list.page.tsx'),
    },
    {
      path: '/user/userDetail',
      title: 'userDetail',
      hidden: true,
      perms: ['admin:user:page'],
      page: () => import('./member-detail.page.tsx'),
    },
    {
      path: '/user/memberRank',
      title: 'memberRank',
      perms: ['admin:memberRank:page'],
      page: () => import('./level-list.page.tsx'),
    },
    {
      path: '/user/memberRankDetail',
      title: 'memberRankDetail',
      hidden: true,
      perms: ['admin:memberRank:page'],
      page: () => import('./level-detail.page.tsx'),
    },
    {
      path: '/user/rechargeRecord',
      title: 'rechargeRecord',
      perms: ['admin:recharge:page'],
      page: () => import('./recharge-list.page.tsx'),
    },
    {
      path: '/user/BalanceSet',
      title: 'BalanceSet',
      perms: ['admin:fixed:page'],
      page: () => import('./recharge-rule.page.tsx'),
    },
    {
      path: '/user/traveler',
      title: 'traveler',
      perms: ['admin:traveler:page'],
      page: () => import('./traveller-list.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    members: typeof manifest;
  }
}
