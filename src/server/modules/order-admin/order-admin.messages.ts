import { defineDict } from '../../../shared/dict/dict.ts';

/** What the ticket order screens' actions say to users (collected by src/server/http/messages.ts). */
export const orderAdminMessages = defineDict({
  orderNoPhone: {
    zh: '该订单没有购票人手机号，无法发送短信',
    en: 'The order has no buyer phone: no SMS can be sent',
  },
  orderNoticeOff: {
    zh: '景区未启用“门票支付成功”短信模板，请在短信设置中启用',
    en: 'The area has the "ticket payment" SMS template off: enable it in the SMS settings',
  },
});
