import { definePermissions } from './define.ts';

/** Face devices (/terminal/faceMange, /terminal/faceConfig). */
export const faceDevicesPermissions = definePermissions({
  terminal: {
    'admin:face:page': { zh: '查看人脸设备', en: 'View face devices' },
    'admin:face:update': { zh: '配置人脸设备', en: 'Configure face devices' },
  },
});
