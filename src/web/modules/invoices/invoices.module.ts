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
  routes: [],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    invoices: typeof manifest;
  }
}
