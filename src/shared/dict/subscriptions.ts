import { defineDict } from './dict.ts';
import type { MessageVariableName } from './messaging.ts';

/**
 * Mini-program subscription messages (spec §9, issue 31): a template's type and what it is used for.
 * docs/messaging.md "Subscription messages".
 */
export const SubscribeType = defineDict({
  2: { zh: '一次性订阅', en: 'One-time', color: 'blue' },
  3: { zh: '长期订阅', en: 'Long-term', color: 'purple' },
});
export type SubscribeTypeCode = 2 | 3;
export const SUBSCRIBE_TYPES = [2, 3] as const;

export const SubscribeUse = defineDict({
  1: { zh: '购票成功', en: 'Ticket purchase success' },
});
export type SubscribeUseCode = 1;
export const SUBSCRIBE_USES = [1] as const;

/** What each use fills in: the names a template's fields are mapped to (MessageVariable labels them). */
export const SUBSCRIBE_USE_VARIABLES: Record<SubscribeUseCode, readonly MessageVariableName[]> = {
  1: ['area', 'orderNo', 'product', 'quantity', 'date', 'amount', 'time'],
};

/** The mini-program version a message opens (WeChat's miniprogram_state). */
export const MpState = defineDict({
  1: { zh: '正式版', en: 'Release' },
  2: { zh: '体验版', en: 'Trial' },
  3: { zh: '开发版', en: 'Developer' },
});
export type MpStateCode = 1 | 2 | 3;
export const MP_STATE_WIRE: Record<MpStateCode, 'formal' | 'trial' | 'developer'> = {
  1: 'formal',
  2: 'trial',
  3: 'developer',
};

/** A member's answer to a template in the mini-program (wx.requestSubscribeMessage's result per template). */
export const CONSENT_ANSWERS = ['accept', 'reject', 'ban', 'filter'] as const;
export type ConsentAnswer = (typeof CONSENT_ANSWERS)[number];

/**
 * The kinds of WeChat template fields (the key's name without its number: thing1, amount3) and the
 * longest value each takes (WeChat's documented limits); a longer value is cut before sending.
 */
export const WECHAT_FIELD_LIMITS = {
  thing: 20,
  character_string: 32,
  number: 32,
  letter: 32,
  symbol: 5,
  amount: 32,
  date: 32,
  time: 32,
  phone_number: 17,
  car_number: 8,
  name: 10,
  phrase: 5,
} as const;
export type WechatFieldKind = keyof typeof WECHAT_FIELD_LIMITS;

export const WECHAT_FIELD_KEY = new RegExp(`^(${Object.keys(WECHAT_FIELD_LIMITS).join('|')})([1-9]\\d?)$`);

/** The field's kind from its key: `thing1` → thing; undefined when not a WeChat field key. */
export function wechatFieldKind(key: string): WechatFieldKind | undefined {
  return WECHAT_FIELD_KEY.exec(key)?.[1] as WechatFieldKind | undefined;
}

/** A value as WeChat takes it for the field: an amount with its currency sign, a too long text cut. */
export function wechatFieldValue(key: string, value: string): string {
  const kind = wechatFieldKind(key);
  if (!kind) return value;
  const shaped = kind === 'amount' && /^\d+(\.\d+)?$/.test(value) ? `¥${value}` : value;
  const chars = [...shaped];
  const limit = WECHAT_FIELD_LIMITS[kind];
  return chars.length <= limit ? shaped : `${chars.slice(0, limit - 1).join('')}…`;
}

/** The labels of the subscription screen's fields and its export (server and console). */
export const SubscribeField = defineDict({
  title: { zh: '模板标题', en: 'Template title' },
  wxTemplateId: { zh: '微信模板 ID', en: 'WeChat template id' },
  type: { zh: '订阅类型', en: 'Type' },
  use: { zh: '用途', en: 'Use' },
  fields: { zh: '字段映射', en: 'Field mapping' },
  page: { zh: '跳转页面', en: 'Page opened' },
  enabled: { zh: '启用', en: 'Enabled' },
  consents: { zh: '订阅人数', en: 'Members subscribed' },
  phone: { zh: '会员手机号', en: 'Member phone' },
  openid: { zh: 'OpenID', en: 'OpenID' },
  data: { zh: '消息内容', en: 'Message data' },
  status: { zh: '状态', en: 'Status' },
  result: { zh: '结果码', en: 'Result code' },
  resultMessage: { zh: '结果说明', en: 'Result message' },
  providerMessageId: { zh: '微信消息 ID', en: 'WeChat message id' },
  attempts: { zh: '尝试次数', en: 'Attempts' },
  ref: { zh: '关联单号', en: 'Reference' },
  createTime: { zh: '创建时间', en: 'Created' },
  sentAt: { zh: '发送时间', en: 'Sent at' },
  exportName: { zh: '订阅消息发送记录', en: 'Subscription message log' },
});

/** Why a subscription setting or a member's call is refused (field errors, both languages). */
export const SubscribeReason = defineDict({
  templateTaken: { zh: '该微信模板已添加', en: 'this WeChat template is already added' },
  templateUnknown: {
    zh: '不是本景区启用的订阅模板',
    en: 'is not an enabled subscription template of this area',
  },
  codeRefused: { zh: '微信未接受该登录凭证', en: 'WeChat did not accept this login code' },
});
