import { HomeOutlined } from '@ant-design/icons';
import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
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

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    dashboard: typeof manifest;
  }
}
