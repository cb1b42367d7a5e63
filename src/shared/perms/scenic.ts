import { definePermissions } from './define.ts';

/** Scenic areas (/scenic/sceManage, /scenic/sceManageDetail). */
export const scenicPermissions = definePermissions({
  scenic: {
    'admin:scenic:page': { zh: '查看景区', en: 'View scenic areas' },
    'admin:scenic:profile': { zh: '编辑景区资料', en: 'Edit the scenic area profile' },
    // a platform permission (PLATFORM_PERMISSIONS): only platform administrators create areas
    'admin:scenic:create': { zh: '新增景区', en: 'Create scenic areas' },
  },
});
