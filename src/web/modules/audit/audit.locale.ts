import { defineMessages } from '../../locales/define.ts';

/** The audit-log and login-log screens (column labels are in src/shared/dict/log-fields.ts). */
export default {
  audit: defineMessages({
    zh: {
      target: '对象',
      field: '字段',
      changed: '已修改',
      noChanges: '没有字段变化',
      usernamePlaceholder: '账号',
      actionPlaceholder: '如 create、update',
      ipPlaceholder: 'IP 地址',
    },
    en: {
      target: 'Target',
      field: 'Field',
      changed: 'Changed',
      noChanges: 'No field changed',
      usernamePlaceholder: 'Account',
      actionPlaceholder: 'e.g. create, update',
      ipPlaceholder: 'IP address',
    },
  }),
};
