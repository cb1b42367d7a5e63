import { definePermissions } from './define.ts';

/** Distributors, their applications, ledger, top-ups and credit (/disManage, issue 17). */
export const distributionPermissions = definePermissions({
  distribution: {
    'admin:distributor:page': { zh: '查看分销商', en: 'View distributors' },
    'admin:distributor:edit': {
      zh: '新增、编辑、冻结分销商',
      en: 'Create, edit and freeze distributors',
    },
    'admin:distributor:resetPassword': { zh: '重置分销商密码', en: 'Reset distributor passwords' },
    'admin:distributor:apiClient': {
      zh: '签发分销商接口凭证',
      en: 'Issue distributors’ selling API credentials',
    },
    'admin:disApply:page': { zh: '查看分销商申请', en: 'View distributor applications' },
    'admin:disApply:review': { zh: '审核分销商申请', en: 'Review distributor applications' },
    'admin:disLedger:page': { zh: '查看分销商余额明细', en: 'View the distributor ledger' },
    'admin:disRecharge:page': { zh: '查看分销商充值', en: 'View distributor top-ups' },
    'admin:disRecharge:create': { zh: '登记分销商转账充值', en: 'Record distributor bank transfers' },
    'admin:disRecharge:review': { zh: '确认、驳回分销商充值', en: 'Confirm and reject distributor top-ups' },
    'admin:disCredit:page': { zh: '查看分销商授信', en: 'View distributor credit' },
    'admin:disCredit:edit': {
      zh: '调整授信额度、登记还款',
      en: 'Set credit limits and record repayments',
    },
  },
});
