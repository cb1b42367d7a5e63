import { defineDict } from './dict.ts';

/**
 * SMS platforms (spec §9: 0, 1, 2) and the built-in `log` platform (9), which records a message in the
 * send log instead of sending it: the demo's and the tests' platform. docs/messaging.md.
 */
export const SmsPlatform = defineDict({
  0: { zh: '阿里云短信', en: 'Alibaba Cloud SMS', color: 'orange' },
  1: { zh: '腾讯云短信', en: 'Tencent Cloud SMS', color: 'blue' },
  2: { zh: '华为云短信', en: 'Huawei Cloud SMS', color: 'red' },
  9: { zh: '本地记录（不发送）', en: 'Local log (not sent)', color: 'default' },
});
export type SmsPlatformCode = 0 | 1 | 2 | 9;
export const SMS_PLATFORMS = [0, 1, 2, 9] as const;
/** Platforms whose adapter exists; the others are listed as unavailable. */
export const SMS_PLATFORMS_AVAILABLE = [0, 1, 9] as const;

/** SMS templates (spec §9). */
export const SmsTemplate = defineDict({
  1: { zh: '验证码', en: 'Verification code' },
  2: { zh: '门票支付成功', en: 'Ticket payment' },
  3: { zh: '商城支付成功', en: 'Shop payment' },
  4: { zh: '畅游卡支付成功', en: 'Pass-card payment' },
  5: { zh: '门票退款', en: 'Ticket refund' },
  6: { zh: '商城退款', en: 'Shop refund' },
  7: { zh: '畅游卡退款', en: 'Pass-card refund' },
  8: { zh: '场次预约', en: 'Session booking' },
  9: { zh: '发票', en: 'Invoice' },
  10: { zh: '客流预警', en: 'Crowd warning' },
});
export const SMS_TEMPLATES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type SmsTemplateCode = (typeof SMS_TEMPLATES)[number];

/** SMS platform uses (spec §9): which kind of terminal a message is sent for. */
export const SmsUse = defineDict({
  2: { zh: '后台', en: 'Back office' },
  3: { zh: '分销', en: 'Distribution' },
  4: { zh: '人工窗口', en: 'Manual window' },
  5: { zh: '自助机', en: 'Self-service machine' },
  6: { zh: '小程序', en: 'Mini-program' },
  7: { zh: '手持机', en: 'Handheld' },
  14: { zh: '自助游', en: 'Self-guided trip' },
  15: { zh: '票付通', en: 'Ticket-payment platform' },
  16: { zh: '旅游平台', en: 'Travel platform' },
});
export const SMS_USES = [2, 3, 4, 5, 6, 7, 14, 15, 16] as const;
export type SmsUseCode = (typeof SMS_USES)[number];

/** A message of the outbox (the send log's state). */
export const MessageStatus = defineDict({
  0: { zh: '待发送', en: 'Queued', color: 'default' },
  1: { zh: '发送中', en: 'Sending', color: 'processing' },
  2: { zh: '已发送', en: 'Sent', color: 'success' },
  3: { zh: '发送失败', en: 'Failed', color: 'error' },
});
export type MessageStatusCode = 0 | 1 | 2 | 3;

/** The names of the variables modules declare for their templates (the form and the preview show them). */
export const MessageVariable = defineDict({
  code: { zh: '验证码', en: 'Code' },
  minutes: { zh: '有效分钟数', en: 'Valid minutes' },
  orderNo: { zh: '订单号', en: 'Order number' },
  product: { zh: '商品', en: 'Product' },
  quantity: { zh: '数量', en: 'Quantity' },
  date: { zh: '日期', en: 'Date' },
  amount: { zh: '金额', en: 'Amount' },
  area: { zh: '景区', en: 'Scenic area' },
  session: { zh: '场次', en: 'Session' },
  refundNo: { zh: '退款单号', en: 'Refund number' },
  bookingCode: { zh: '预约码', en: 'Booking code' },
  name: { zh: '姓名', en: 'Name' },
  invoiceNo: { zh: '发票号码', en: 'Invoice number' },
  link: { zh: '链接', en: 'Link' },
  place: { zh: '位置', en: 'Place' },
  count: { zh: '人数', en: 'People' },
  threshold: { zh: '阈值', en: 'Threshold' },
  time: { zh: '时间', en: 'Time' },
});
export type MessageVariableName = keyof typeof MessageVariable;

/** The labels of the SMS screens' fields and the export's headers. */
export const SmsField = defineDict({
  platform: { zh: '短信平台', en: 'SMS platform' },
  enabled: { zh: '启用', en: 'Enabled' },
  accessKeyId: { zh: 'AccessKey ID / SecretId', en: 'AccessKey ID / SecretId' },
  secret: { zh: 'AccessKey Secret / SecretKey', en: 'AccessKey secret / SecretKey' },
  sdkAppId: { zh: '短信应用 ID（SdkAppId）', en: 'SMS app ID (SdkAppId)' },
  region: { zh: '地域', en: 'Region' },
  endpoint: { zh: '接口地址', en: 'Endpoint' },
  signName: { zh: '短信签名', en: 'Signature' },
  template: { zh: '模板', en: 'Template' },
  templateCode: { zh: '平台模板 ID', en: "Platform's template ID" },
  content: { zh: '模板内容', en: 'Text' },
  variables: { zh: '变量', en: 'Variables' },
  preview: { zh: '预览', en: 'Preview' },
  use: { zh: '用途', en: 'Use' },
  phone: { zh: '手机号', en: 'Phone' },
  status: { zh: '状态', en: 'Status' },
  result: { zh: '发送结果', en: 'Result' },
  resultMessage: { zh: '结果说明', en: 'Result message' },
  providerMessageId: { zh: '平台消息 ID', en: "Provider's message ID" },
  attempts: { zh: '尝试次数', en: 'Attempts' },
  sentAt: { zh: '发送时间', en: 'Sent at' },
  createTime: { zh: '创建时间', en: 'Created at' },
  text: { zh: '短信内容', en: 'Text sent' },
  exportName: { zh: '短信发送记录', en: 'SMS send log' },
});

/** Why the server refuses a field of the SMS settings (a FieldError's reason). */
export const SmsReason = defineDict({
  notAvailable: {
    zh: '该短信平台尚无对接，不能启用',
    en: 'This SMS platform has no adapter on this server and cannot be enabled',
  },
  credentials: {
    zh: '启用前须填写 AccessKey ID 和密钥',
    en: 'An access key ID and its secret are required to enable the platform',
  },
  sdkAppId: { zh: '腾讯云短信须填写短信应用 ID', en: 'Tencent Cloud SMS needs the SMS app ID' },
  codeWrong: { zh: '验证码错误或已过期', en: 'The code is wrong or has expired' },
});

/** A template's text names variables its module does not fill in (the names, in both languages). */
export const unknownVariables = (names: readonly string[]) => ({
  zh: `模板使用了未提供的变量：${names.join('、')}`,
  en: `The text uses variables that are not filled in: ${names.join(', ')}`,
});
