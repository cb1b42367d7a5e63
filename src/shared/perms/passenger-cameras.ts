import { definePermissions } from './define.ts';

/** People-counting cameras (/terminal/passengerCamera). */
export const passengerCamerasPermissions = definePermissions({
  terminal: {
    'admin:camera:page': { zh: '查看客流摄像头', en: 'View people-counting cameras' },
    'admin:camera:update': { zh: '配置客流摄像头与预警', en: 'Configure cameras and crowd warnings' },
  },
});
