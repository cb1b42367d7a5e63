import { definePermissions } from './define.ts';

/** Print templates (/ticket/printerModule). */
export const printTemplatesPermissions = definePermissions({
  ticket: {
    'admin:printer:page': { zh: '查看打印模板', en: 'View print templates' },
    'admin:printer:create': { zh: '新增打印模板', en: 'Create print templates' },
    'admin:printer:update': { zh: '编辑打印模板', en: 'Edit print templates' },
    'admin:printer:delete': { zh: '删除打印模板', en: 'Delete print templates' },
  },
});
