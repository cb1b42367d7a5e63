import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'content',
  menu: {
    zh: { announcement: '景区公告', announDetail: '编辑公告', scenicArticle: '景区文章' },
    en: { announcement: 'Announcements', announDetail: 'Edit announcement', scenicArticle: 'Articles' },
  },
  locales: () => import('./content.locale.ts'),
  routes: [
    {
      path: '/scenic/announcement',
      title: 'announcement',
      perms: ['admin:announcement:page'],
      page: () => import('./announcement-list.page.tsx'),
    },
    {
      path: '/scenic/announDetail',
      title: 'announDetail',
      perms: ['admin:announcement:page'],
      hidden: true,
      page: () => import('./announcement-detail.page.tsx'),
    },
    {
      path: '/scenic/scenicArticle',
      title: 'scenicArticle',
      perms: ['admin:scenicArticle:page'],
      page: () => import('./article-list.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    content: typeof manifest;
  }
}
