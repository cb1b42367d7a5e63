import { definePermissions } from './define.ts';

/** E-invoices (/invoice): the issuers, the invoices and their moves, checks and the provider's records. */
export const invoicesPermissions = definePermissions({
  invoice: {
    'admin:invoice:setting:query': { zh: '查看开票设置', en: 'View invoicing settings' },
    'admin:invoice:setting:update': {
      zh: '修改开票设置及测试开票平台连接',
      en: 'Change invoicing settings and test the provider connection',
    },
    'admin:invoice:query': { zh: '查看及导出发票', en: 'View and export invoices' },
    'admin:invoice:issue': {
      zh: '开票、重试、重开、作废及开具红字发票',
      en: 'Issue, retry, reissue, void and red-letter invoices',
    },
    'admin:invoice:settlement:query': {
      zh: '查看及导出分销结算发票（分销商仅本单位）',
      en: 'View and export settlement invoices (a distributor its own)',
    },
    'admin:invoice:record:query': { zh: '查看开票记录', en: 'View invoicing records' },
    'admin:invoice:check:query': {
      zh: '查看及导出开票检测',
      en: 'View and export the invoice checks',
    },
  },
});
