import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'invoices',
  menu: {
    zh: {
      invoiceSetting: '开票设置',
      invoiceList: '发票列表',
      invDetection: '开票检测',
      invoiceRecord: '开票记录',
      disInvoicePage: '分销结算发票',
    },
    en: {
      invoiceSetting: 'Invoice settings',
      invoiceList: 'Invoices',
      invDetection: 'Invoice checks',
      invoiceRecord: 'Platform records',
      disInvoicePage: 'Settlement invoices',
    },
  },
  locales: () => import('./invoices.locale.ts'),
  routes: [
    {
      path: '/invoice/invoiceSetting',
      title: 'invoiceSetting',
      perms: ['admin:invoice:setting:query'],
      page: () => import('./invoice-setting.page.tsx'),
    },
    {
      path: '/invoice/invoiceList',
      title: 'invoiceList',
      perms: ['admin:invoice:query'],
      page: () => import('./invoice-list.page.tsx'),
    },
    {
      path: '/invoice/invoiceRecord',
      title: 'invoiceRecord',
      perms: ['admin:invoice:record:query'],
      page: () => import('./invoice-record.page.tsx'),
    },
    {
      path: '/invoice/invDetection',
      title: 'invDetection',
      perms: ['admin:invoice:check:query'],
      page: () => import('./invoice-checks.page.tsx'),
    },
    {
      path: '/invoice/disInvoicePage',
      title: 'disInvoicePage',
      hidden: true,
      perms: ['admin:invoice:settlement:query'],
      page: () => import('./settlement-invoices.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    invoices: typeof manifest;
  }
}
