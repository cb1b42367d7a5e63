import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'storage',
  menu: {
    zh: { os: '对象存储' },
    en: { os: 'Object storage' },
  },
  locales: () => import('./storage.locale.ts'),
  routes: [
    {
      // docs/product.md §2 /sys/os: one setting for the installation (a platform permission)
      path: '/sys/os',
      title: 'os',
      perms: ['admin:storage:manage'],
      page: () => import('./object-storage.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    storage: typeof manifest;
  }
}
