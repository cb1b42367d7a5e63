import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'thirdParty',
  menu: {
    zh: { thirdPartyChannel: '第三方渠道' },
    en: { thirdPartyChannel: 'Third-party channels' },
  },
  locales: () => import('./third-party.locale.ts'),
  routes: [
    {
      path: '/terminal/thirdPartyChannel',
      title: 'thirdPartyChannel',
      perms: ['admin:thirdParty:page'],
      page: () => import('./third-party-channel.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    thirdParty: typeof manifest;
  }
}
