import { definePermissions } from './define.ts';

/** Settlement settings and batches (/disManage/setMange), distribution orders (/disManage/disorder). */
export const settlementPermissions = definePermissions({
  distribution: {
    'admin:setMange:page': { zh: '查看结算设置与批次', en: 'View settlement settings and batches' },
    'admin:setMange:edit': { zh: '修改结算设置', en: 'Edit settlement settings' },
    'admin:settle:close': { zh: '生成、关闭结算批次', en: 'Create and close settlement batches' },
    'admin:settle:statement': { zh: '导出结算单', en: 'Export statements' },
    'admin:disorder:page': { zh: '查看分销订单', en: 'View distribution orders' },
  },
});
