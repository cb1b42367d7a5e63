import { HomeOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'dashboard',
  menu: {
    zh: {
      dashboard: '首页',
    },
    en: {
      dashboard: 'Dashboard',
    },
  },
  locales: () => import('./dashboard.locale.ts'),
  routes: [
    {
      path: '/dashboard',
      title: 'dashboard',
      affix: true,
      icon: HomeOutlined,
      page: () => import('./dashboard.page.tsx'),
    },
  ],
});
