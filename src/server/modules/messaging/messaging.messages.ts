import { defineDict } from '../../../shared/dict/dict.ts';

/** What the messaging module says to users, in both languages (collected by src/server/http/messages.ts). */
export const messagingMessages = defineDict({
  smsNotResendable: {
    zh: '只有发送失败且尚未重发的短信可以重发',
    en: 'Only a failed message that has not been resent can be resent',
  },
  smsMessageNotFound: { zh: '短信记录不存在', en: 'Message not found' },
  smsCodeTooSoon: {
    zh: '验证码发送过于频繁，请 {seconds} 秒后再试',
    en: 'Codes are sent too often: try again in {seconds} seconds',
  },
  smsCodeLimit: {
    zh: '该号码或本机今日获取验证码次数过多，请稍后再试',
    en: 'Too many codes for this number or this address: try again later',
  },
  smsCodeUnavailable: {
    zh: '景区尚未开通短信验证码',
    en: 'This area does not send verification codes',
  },
});
