import { defineDict } from '../../../shared/dict/dict.ts';

/** What the subscriptions module says to users, in both languages (collected by src/server/messages.ts). */
export const subscriptionsMessages = defineDict({
  subscribeTemplateNotFound: { zh: '订阅消息模板不存在', en: 'Subscription template not found' },
  mpAppNotSet: {
    zh: '景区尚未配置小程序的 AppID 和 AppSecret',
    en: 'This area has not set up its mini-program (AppID and AppSecret)',
  },
  wechatUnreachable: {
    zh: '暂时无法连接微信，请稍后再试',
    en: 'WeChat cannot be reached now: try again later',
  },
  wechatNotBound: {
    zh: '请先绑定微信（wechatBind）',
    en: 'Bind the member to WeChat first (wechatBind)',
  },
});
