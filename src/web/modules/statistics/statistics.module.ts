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
  routes: [],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    statistics: typeof manifest;
  }
}
