import { definePermissions } from './define.ts';

/** Terminals (/terminal/terminal and the device screens of /terminal). */
export const terminalsPermissions = definePermissions({
  terminal: {
    'admin:terminal:page': { zh: '查看终端', en: 'View terminals' },
    'admin:terminal:create': { zh: '登记、删除终端', en: 'Register and delete terminals' },
    'admin:terminal:update': {
      zh: '编辑、停用终端，重置终端密钥',
      en: 'Edit and disable terminals, rotate their secrets',
    },
    'admin:thirdParty:page': { zh: '查看第三方渠道', en: 'View third-party channels' },
    'admin:thirdParty:update': {
      zh: '新增、编辑、删除第三方渠道',
      en: 'Add, edit and delete third-party channels',
    },
    'admin:face:page': { zh: '查看人脸设备', en: 'View face devices' },
    'admin:face:update': { zh: '配置人脸设备', en: 'Configure face devices' },
    'admin:window:page': { zh: '查看售票窗口', en: 'View ticket windows' },
    'admin:window:update': { zh: '配置售票窗口', en: 'Configure ticket windows' },
    'admin:autoSell:page': { zh: '查看自助售票机', en: 'View self-service machines' },
    'admin:autoSell:update': {
      zh: '配置自助售票机及其轮播图',
      en: 'Configure self-service machines and their carousel',
    },
    'admin:camera:page': { zh: '查看客流摄像头', en: 'View people-counting cameras' },
    'admin:camera:update': { zh: '配置客流摄像头与预警', en: 'Configure cameras and crowd warnings' },
  },
});
