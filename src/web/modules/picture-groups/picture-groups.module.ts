import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
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
