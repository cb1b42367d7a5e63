import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
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
