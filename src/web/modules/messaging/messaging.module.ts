import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'messaging',
  menu: {
    zh: { smsconfig: '短信配置', smsDetailPage: '短信发送记录' },
    en: { smsconfig: 'SMS settings', smsDetailPage: 'SMS send log' },
  },
  locales: () => import('./messaging.locale.ts'),
  routes: [
    {
      path: '/sys/smsconfig',
      title: 'smsconfig',
      perms: ['admin:sms:query'],
      page: () => import('./sms-config.page.tsx'),
    },
    {
      // docs/product.md §2: opened from /sys/smsconfig (all, or one template's messages)
      path: '/sys/smsDetailPage',
      title: 'smsDetailPage',
      perms: ['admin:sms:query'],
      hidden: true,
      page: () => import('./sms-log.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    messaging: typeof manifest;
  }
}
