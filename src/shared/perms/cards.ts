import { definePermissions } from './define.ts';

/** Travel cards (/VipCard): the kinds of card sold (vipUseAssort, vipUse), the cards issued and their orders. */
export const cardsPermissions = definePermissions({
  vipCard: {
    'admin:card:kind:query': { zh: '查看畅游卡种类', en: 'View travel card kinds' },
    'admin:card:kind:update': {
      zh: '新增、编辑、上下架及删除畅游卡种类',
      en: 'Create, edit, shelve and delete travel card kinds',
    },
    'admin:card:query': { zh: '查看畅游卡', en: 'View travel cards' },
    'admin:card:update': {
      zh: '激活、冻结、解冻、补卡、延期及修改持卡人',
      en: 'Activate, freeze, unfreeze, replace and extend cards, change the holder',
    },
    'admin:card:order:query': { zh: '查看畅游卡订单', en: 'View travel card orders' },
    'admin:card:order:create': { zh: '后台售卡', en: 'Sell travel cards at the back office' },
    'admin:card:order:refund': { zh: '畅游卡订单退款及作废', en: 'Refund and void travel card orders' },
    'admin:card:code:query': { zh: '查看及导出畅游卡兑换码', en: 'View and export travel card redeem codes' },
    'admin:card:stats:query': {
      zh: '查看及导出畅游卡统计',
      en: 'View and export travel card statistics',
    },
    'admin:card:code:update': {
      zh: '生成及作废畅游卡兑换码',
      en: 'Generate and void travel card redeem codes',
    },
  },
});
