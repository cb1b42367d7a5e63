import { definePermissions } from './define.ts';

/** Third-party channels (/terminal/thirdPartyChannel). */
export const thirdPartyPermissions = definePermissions({
  terminal: {
    'admin:thirdParty:page': { zh: '查看第三方渠道', en: 'View third-party channels' },
    'admin:thirdParty:update': {
      zh: '新增、编辑、删除第三方渠道',
      en: 'Add, edit and delete third-party channels',
    },
  },
});
