import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'printTemplates',
  menu: {
    zh: {
      printerModule: '打印模板',
      printer: '打印模板设计',
    },
    en: {
      printerModule: 'Print templates',
      printer: 'Print template designer',
    },
  },
  locales: () => import('./print-templates.locale.ts'),
  routes: [
    {
      path: '/ticket/printerModule',
      title: 'printerModule',
      perms: ['admin:printer:page'],
      page: () => import('./print-template-list.page.tsx'),
    },
    {
      path: '/ticket/printer',
      title: 'printer',
      hidden: true,
      perms: ['admin:printer:page'],
      page: () => import('./print-designer.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    printTemplates: typeof manifest;
  }
}
