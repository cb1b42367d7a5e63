import { definePermissions } from './define.ts';

/** OAuth clients (/sys/oauth); platform permissions. */
export const oauthPermissions = definePermissions({
  sys: {
    'admin:oauth:page': { zh: '查看客户端', en: 'View OAuth clients' },
    'admin:oauth:create': { zh: '新增客户端', en: 'Create OAuth clients' },
    'admin:oauth:update': { zh: '编辑客户端及重置密钥', en: 'Edit OAuth clients and reset secrets' },
    'admin:oauth:delete': { zh: '删除客户端', en: 'Delete OAuth clients' },
  },
});
