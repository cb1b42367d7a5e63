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
      today: '今日概况（{{day}}）',
      yesterday: '昨日',
      lastYear: '去年同日',
      trendSummary: '近 {{days}} 天趋势',
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
      today: 'Today ({{day}})',
      yesterday: 'Yesterday',
      lastYear: 'Same day last year',
      trendSummary: 'The last {{days}} days',
    },
  }),
};
