import { definePermissions } from './define.ts';

/** The area's SMS settings and send log (/sys/smsconfig, /sys/smsDetailPage, issue 31). */
export const messagingPermissions = definePermissions({
  sys: {
    'admin:sms:query': { zh: '查看短信设置和发送记录', en: 'View SMS settings and the send log' },
    'admin:sms:update': {
      zh: '修改短信平台、模板和用途',
      en: 'Change SMS platforms, templates and uses',
    },
    'admin:sms:resend': { zh: '重发失败的短信', en: 'Resend a failed SMS' },
  },
});
