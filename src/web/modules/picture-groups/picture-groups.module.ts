import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'pictureGroups',
  menu: {
    zh: { pictureCate: '图片分组' },
    en: { pictureCate: 'Picture groups' },
  },
  locales: () => import('./picture-groups.locale.ts'),
  routes: [
    {
      path: '/scenic/pictureCate',
      title: 'pictureCate',
      perms: ['admin:scenicPictureGroup:page'],
      page: () => import('./picture-group-list.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    pictureGroups: typeof manifest;
  }
}
