import { definePermissions } from './define.ts';

/** Travel packages and their departures (/scenic/travelList), their orders (/scenic/travelOrderList). */
export const travelPermissions = definePermissions({
  scenic: {
    'admin:travel:page': { zh: '查看旅游线路', en: 'View travel packages' },
    'admin:travel:create': { zh: '新增旅游线路', en: 'Create travel packages' },
    'admin:travel:update': {
      zh: '编辑旅游线路、团期及上下架',
      en: 'Edit travel packages, their departures and shelf status',
    },
    'admin:travel:delete': { zh: '删除旅游线路', en: 'Delete travel packages' },
    'admin:travelOrder:page': { zh: '查看线路订单', en: 'View orders of travel packages' },
  },
});
