import { definePermissions } from './define.ts';

/** The area's SMS and subscription messages (/sys/smsconfig, /sys/smsDetailPage, /sys/subscribe, issue 31). */
export const messagingPermissions = definePermissions({
  sys: {
    'admin:sms:query': { zh: '查看短信设置和发送记录', en: 'View SMS settings and the send log' },
    'admin:sms:update': {
      zh: '修改短信平台、模板和用途',
      en: 'Change SMS platforms, templates and uses',
    },
    'admin:sms:resend': { zh: '重发失败的短信', en: 'Resend a failed SMS' },
    'admin:subscribe:query': {
      zh: '查看订阅消息设置和发送记录',
      en: 'View subscription message settings and their log',
    },
    'admin:subscribe:update': {
      zh: '修改小程序和订阅消息模板',
      en: 'Change the mini-program and subscription templates',
    },
  },
});
