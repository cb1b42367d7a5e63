import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'notices',
  menu: {
    zh: {
      explainrule: '购票协议',
      instructions: '购票须知模板',
      instructionsDetailPage: '编辑购票须知',
    },
    en: {
      explainrule: 'Ticket agreements',
      instructions: 'Purchase notices',
      instructionsDetailPage: 'Edit purchase notice',
    },
  },
  locales: () => import('./notices.locale.ts'),
  routes: [
    {
      path: '/ticket/explainrule',
      title: 'explainrule',
      perms: ['admin:explainRule:page'],
      page: () => import('./explainrule.page.tsx'),
    },
    {
      path: '/ticket/instructions',
      title: 'instructions',
      perms: ['admin:instructions:page'],
      page: () => import('./instructions.page.tsx'),
    },
    {
      path: '/ticket/instructionsDetailPage',
      title: 'instructionsDetailPage',
      perms: ['admin:instructions:page'],
      hidden: true,
      page: () => import('./instructions-detail.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    notices: typeof manifest;
  }
}
