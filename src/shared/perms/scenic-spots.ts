import { definePermissions } from './define.ts';

/** The spots inside an area (/scenic/viewpoint). */
export const scenicSpotsPermissions = definePermissions({
  scenic: {
    'admin:scenicSpot:page': { zh: '查看景点', en: 'View scenic spots' },
    'admin:scenicSpot:create': { zh: '新增景点', en: 'Create scenic spots' },
    'admin:scenicSpot:update': { zh: '编辑景点及启停', en: 'Edit, enable and disable scenic spots' },
    'admin:scenicSpot:delete': { zh: '删除景点', en: 'Delete scenic spots' },
  },
});
