import { definePermissions } from './define.ts';

/** Ticket agreements and purchase-notice templates. */
export const noticesPermissions = definePermissions({
  ticket: {
    'admin:explainRule:page': { zh: '查看购票协议', en: 'View ticket agreements' },
    'admin:explainRule:create': { zh: '新增购票协议', en: 'Create ticket agreements' },
    'admin:explainRule:update': { zh: '编辑购票协议', en: 'Edit ticket agreements' },
    'admin:explainRule:delete': { zh: '删除购票协议', en: 'Delete ticket agreements' },
    'admin:instructions:page': { zh: '查看购票须知模板', en: 'View purchase-notice templates' },
    'admin:instructions:create': { zh: '新增购票须知模板', en: 'Create purchase-notice templates' },
    'admin:instructions:update': { zh: '编辑购票须知模板', en: 'Edit purchase-notice templates' },
    'admin:instructions:delete': { zh: '删除购票须知模板', en: 'Delete purchase-notice templates' },
  },
});
