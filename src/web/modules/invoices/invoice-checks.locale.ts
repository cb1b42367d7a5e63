import { defineMessages } from '../../locales/define.ts';

export default {
  invoiceChecks: defineMessages({
    zh: {
      notFound: '发票不存在或不属于当前景区',
    },
    en: {
      notFound: 'No such invoice in this scenic area',
    },
  }),
};
