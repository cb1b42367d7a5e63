import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'audit',
  menu: {
    zh: {
      auditLog: '操作日志',
      loginLog: '登录日志',
    },
    en: {
      auditLog: 'Audit log',
      loginLog: 'Login log',
    },
  },
  locales: () => import('./audit.locale.ts'),
  routes: [
    {
      path: '/sys/auditLog',
      title: 'auditLog',
      perms: ['admin:audit:page'],
      page: () => import('./audit-log.page.tsx'),
    },
    {
      path: '/sys/loginLog',
      title: 'loginLog',
      perms: ['admin:loginLog:page'],
      page: () => import('./login-log.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    audit: typeof manifest;
  }
}
