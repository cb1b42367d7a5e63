import { definePermissions } from './define.ts';

/** Travel cards (/VipCard): the kinds of card sold (vipUseAssort, vipUse). */
export const cardsPermissions = definePermissions({
  vipCard: {
    'admin:card:kind:query': { zh: '查看畅游卡种类', en: 'View travel card kinds' },
    'admin:card:kind:update': {
      zh: '新增、编辑、上下架及删除畅游卡种类',
      en: 'Create, edit, shelve and delete travel card kinds',
    },
  },
});
