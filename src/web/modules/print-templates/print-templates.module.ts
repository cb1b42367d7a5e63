import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
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
