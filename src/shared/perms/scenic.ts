import { definePermissions } from './define.ts';

/** Scenic areas (/scenic/sceManage). */
export const scenicPermissions = definePermissions({
  scenic: {
    'admin:scenic:page': { zh: '查看景区', en: 'View scenic areas' },
  },
});
