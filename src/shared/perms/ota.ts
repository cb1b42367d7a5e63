import { definePermissions } from './define.ts';

/** OTA channels, their product mapping and message log (/ota). */
export const otaPermissions = definePermissions({
  ota: {
    'admin:ota:page': { zh: '查看OTA渠道与映射', en: 'View OTA channels and mappings' },
    'admin:ota:edit': {
      zh: '编辑OTA渠道凭证、映射，同步库存',
      en: 'Edit OTA credentials and mappings, sync stock',
    },
    'admin:ota:log': { zh: '查看、导出OTA报文日志', en: 'View and export the OTA message log' },
  },
});
