import { defineMessages } from '../../locales/define.ts';

export default {
  dashboard: defineMessages({
    zh: {
      welcome: '您好，{{name}}',
      account: '账号信息',
      username: '账号',
      nickname: '昵称',
      accountType: '账号类型',
      scenic: '所属景区',
      roles: '角色',
      none: '无',
      shortcuts: '快捷入口',
      noShortcuts: '暂无可用的功能入口',
    },
    en: {
      welcome: 'Hello, {{name}}',
      account: 'Account',
      username: 'Username',
      nickname: 'Nickname',
      accountType: 'Account type',
      scenic: 'Scenic area',
      roles: 'Roles',
      none: 'None',
      shortcuts: 'Shortcuts',
      noShortcuts: 'No screens are available to this account yet',
    },
  }),
};
