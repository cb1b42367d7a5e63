import { defineMessages } from '../../locales/define.ts';

/** The OAuth client screen (/sys/oauth). */
export default {
  oauth: defineMessages({
    zh: {
      clientId: '客户端编号',
      name: '名称',
      grantTypes: '授权方式',
      scope: '权限范围',
      accessTokenTtl: '访问令牌有效期（秒）',
      refreshTokenTtl: '刷新令牌有效期（秒）',
      status: '状态',
      isPublic: '控制台公开客户端',
      createTime: '创建时间',
      updateTime: '更新时间',
      resetSecret: '重置密钥',
      resetSecretConfirm: '重置后旧密钥立即失效，该客户端的所有登录会话将被注销。确定重置吗？',
      secretTitle: '客户端密钥',
      secretWarning: '密钥只显示这一次，关闭后无法再次查看，请立即复制并妥善保存。',
      platformOnly: '仅平台管理员可以管理 OAuth 客户端',
    },
    en: {
      clientId: 'Client id',
      name: 'Name',
      grantTypes: 'Grant types',
      scope: 'Scope',
      accessTokenTtl: 'Access token lifetime (s)',
      refreshTokenTtl: 'Refresh token lifetime (s)',
      status: 'Status',
      isPublic: 'Public console client',
      createTime: 'Created',
      updateTime: 'Updated',
      resetSecret: 'Reset secret',
      resetSecretConfirm:
        'The old secret stops working at once and every session of this client is signed out. Reset it?',
      secretTitle: 'Client secret',
      secretWarning:
        'The secret is shown only this once and cannot be viewed again: copy it and keep it safe now.',
      platformOnly: 'Only platform administrators can manage OAuth clients',
    },
  }),
};
