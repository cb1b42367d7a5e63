import { definePermissions } from './define.ts';

/** Price tiers of distributors (/disManage/retailrole) and buying as a distributor (/disManage/buy). */
export const priceTiersPermissions = definePermissions({
  distribution: {
    'admin:retailRole:page': { zh: '查看价格等级', en: 'View price tiers' },
    'admin:retailRole:edit': {
      zh: '新增、编辑、删除价格等级及其价格',
      en: 'Create, edit and delete price tiers and their prices',
    },
    'admin:retailRole:assign': { zh: '为分销商指定价格等级', en: 'Assign price tiers to distributors' },
    'admin:disBuy:create': {
      zh: '分销商购票（余额或授信支付）',
      en: 'Buy tickets as a distributor (balance or credit)',
    },
  },
});
