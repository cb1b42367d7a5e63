import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'statistics',
  menu: {
    zh: {
      dataPars: '数据概览',
      dataAnalyse: '趋势分析',
      detailReport: '售票明细',
      statAllReport: '汇总报表',
      particulars: '收支明细',
      stat: '入园统计',
      rechargeStat: '充值统计',
      disReport: '分销报表',
      disSale: '分销销售',
      disTicket: '分销票务',
      origin: '客源地分析',
    },
    en: {
      dataPars: 'Overview',
      dataAnalyse: 'Trends',
      detailReport: 'Ticket details',
      statAllReport: 'Summary report',
      particulars: 'Money movements',
      stat: 'Entries and exits',
      rechargeStat: 'Member top-ups',
      disReport: 'Distributor report',
      disSale: 'Distributor sales',
      disTicket: 'Distributor tickets',
      origin: 'Visitor origins',
    },
  },
  locales: () => import('./statistics.locale.ts'),
  // each report screen: its route (docs/statistics.md); the pages are report definitions
  routes: [
    {
      path: '/statAnalyse/dataPars',
      title: 'dataPars',
      perms: ['admin:stat:dataPars'],
      page: () => import('./sales-data-pars.page.tsx'),
    },
    {
      path: '/statAnalyse/dataAnalyse',
      title: 'dataAnalyse',
      perms: ['admin:stat:dataAnalyse'],
      page: () => import('./sales-data-analyse.page.tsx'),
    },
    {
      path: '/statAnalyse/detailReport',
      title: 'detailReport',
      perms: ['admin:stat:detailReport'],
      page: () => import('./detail-report.page.tsx'),
    },
    {
      path: '/statAnalyse/statAllReport',
      title: 'statAllReport',
      perms: ['admin:stat:statAllReport'],
      page: () => import('./sales-stat-all.page.tsx'),
    },
    {
      path: '/statAnalyse/particulars',
      title: 'particulars',
      perms: ['admin:stat:particulars'],
      page: () => import('./money-particulars.page.tsx'),
    },
    {
      path: '/statAnalyse/stat',
      title: 'stat',
      perms: ['admin:stat:stat'],
      page: () => import('./gate-traffic.page.tsx'),
    },
    {
      path: '/statAnalyse/rechargeStat',
      title: 'rechargeStat',
      perms: ['admin:stat:rechargeStat'],
      page: () => import('./recharge-stat.page.tsx'),
    },
    {
      path: '/statAnalyse/disReport',
      title: 'disReport',
      perms: ['admin:stat:disReport'],
      page: () => import('./dis-report.page.tsx'),
    },
    {
      path: '/statAnalyse/disSale',
      title: 'disSale',
      perms: ['admin:stat:disSale'],
      page: () => import('./dis-sale.page.tsx'),
    },
    {
      path: '/statAnalyse/disTicket',
      title: 'disTicket',
      perms: ['admin:stat:disTicket'],
      page: () => import('./dis-ticket.page.tsx'),
    },
    {
      path: '/statAnalyse/origin',
      title: 'origin',
      perms: ['admin:stat:origin'],
      hidden: true,
      page: () => import('./origin.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    statistics: typeof manifest;
  }
}
