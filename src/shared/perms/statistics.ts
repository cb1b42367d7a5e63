import { definePermissions } from './define.ts';

/** Statistics (/statAnalyse, docs/statistics.md): one permission per report screen (view and export). */
export const statisticsPermissions = definePermissions({
  statAnalyse: {
    'admin:stat:dataPars': { zh: '查看及导出数据概览', en: 'View and export the overview' },
    'admin:stat:dataAnalyse': { zh: '查看及导出趋势分析', en: 'View and export the trends' },
    'admin:stat:detailReport': { zh: '查看及导出售票明细', en: 'View and export the ticket details' },
    'admin:stat:statAllReport': { zh: '查看、导出及打印汇总报表', en: 'View, export and print the summary' },
    'admin:stat:particulars': { zh: '查看及导出收支明细', en: 'View and export money movements' },
    'admin:stat:stat': { zh: '查看及导出入园统计', en: 'View and export entries and exits' },
    'admin:stat:rechargeStat': { zh: '查看及导出充值统计', en: 'View and export member top-ups' },
    'admin:stat:disReport': {
      zh: '查看及导出分销报表（分销商仅本单位）',
      en: 'View and export the distributor report (a distributor its own)',
    },
    'admin:stat:disSale': {
      zh: '查看及导出分销销售（分销商仅本单位）',
      en: 'View and export distributor sales (a distributor its own)',
    },
    'admin:stat:disTicket': {
      zh: '查看及导出分销票务（分销商仅本单位）',
      en: 'View and export distributor tickets (a distributor its own)',
    },
    'admin:stat:origin': { zh: '查看及导出客源地分析', en: 'View and export visitor origins' },
  },
});
