import { defineMessages } from '../../locales/define.ts';

export default {
  checkin: defineMessages({
    zh: {
      viewAll: '全部记录',
      viewFreeIdCard: '身份证免票入园',
      oneLogTitle: '出入园记录：{{no}}',
    },
    en: {
      viewAll: 'All entries and exits',
      viewFreeIdCard: 'Free ID-card entries',
      oneLogTitle: 'Entries and exits: {{no}}',
    },
  }),
};
