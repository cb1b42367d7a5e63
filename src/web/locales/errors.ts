import { defineMessages } from './define.ts';

export default {
  errors: defineMessages({
    zh: {
      notFoundTitle: '404',
      notFound: '抱歉，您访问的页面不存在',
      unauthorizedTitle: '401',
      unauthorized: '抱歉，您没有权限访问此页面',
      home: '返回首页',
    },
    en: {
      notFoundTitle: '404',
      notFound: 'Sorry, the page you visited does not exist',
      unauthorizedTitle: '401',
      unauthorized: 'Sorry, you are not allowed to open this page',
      home: 'Back to the dashboard',
    },
  }),
};
