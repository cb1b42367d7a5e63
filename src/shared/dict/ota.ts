import { defineDict } from './dict.ts';
import { TerminalClient, type TerminalClientId } from './terminal-client.ts';

/** The OTA platforms (spec §9 terminal client ids) an area can connect, by the path segment of their inbound calls. */
export const OTA_PLATFORMS = ['ctrip', 'meituan', 'zowoyoo', 'pft'] as const;
export type OtaPlatform = (typeof OTA_PLATFORMS)[number];

/** Each platform's terminal client id: the client its orders are placed under (and so their buy channel). */
export const OTA_CLIENT: Record<OtaPlatform, TerminalClientId> = {
  ctrip: 'ctripManagement',
  meituan: 'mtManagement',
  zowoyoo: 'zowoyooManagement',
  pft: 'pftManagement',
};

export const OtaPlatformLabel = defineDict({
  ctrip: TerminalClient.ctripManagement,
  meituan: TerminalClient.mtManagement,
  zowoyoo: TerminalClient.zowoyooManagement,
  pft: TerminalClient.pftManagement,
});

/** Direction of a logged message. */
export const OtaDirection = defineDict({
  1: { zh: '接收', en: 'Inbound', color: 'blue' },
  2: { zh: '发送', en: 'Outbound', color: 'purple' },
});
export type OtaDirectionCode = keyof typeof OtaDirection;

/** What a logged message was about. */
export const OtaMessageType = defineDict({
  order: { zh: '下单', en: 'Order' },
  pay: { zh: '支付', en: 'Payment' },
  cancel: { zh: '取消/退票', en: 'Cancel / refund' },
  query: { zh: '查询订单', en: 'Order query' },
  redeem: { zh: '核销通知', en: 'Redemption notice' },
  stock: { zh: '库存同步', en: 'Stock sync' },
});
export type OtaMessageTypeCode = keyof typeof OtaMessageType;
export const OTA_INBOUND_ACTIONS = ['order', 'pay', 'cancel', 'query'] as const;
export type OtaInboundAction = (typeof OTA_INBOUND_ACTIONS)[number];

/** The outcome of a logged message. */
export const OtaResult = defineDict({
  1: { zh: '成功', en: 'Succeeded', color: 'green' },
  2: { zh: '拒绝', en: 'Refused', color: 'orange' },
  3: { zh: '失败', en: 'Failed', color: 'red' },
});
export type OtaResultCode = keyof typeof OtaResult;
export const OTA_RESULT = { ok: 1, refused: 2, failed: 3 } as const;

/** Column labels shared by the screens and the export. */
export const OtaField = defineDict({
  platform: { zh: 'OTA 平台', en: 'OTA platform' },
  appKey: { zh: 'App Key', en: 'App key' },
  secret: { zh: '密钥', en: 'Secret' },
  secretSet: { zh: '密钥状态', en: 'Secret' },
  callbackUrl: { zh: '回调地址', en: 'Callback URL' },
  status: { zh: '状态', en: 'Status' },
  mappings: { zh: '产品映射数', en: 'Mapped products' },
  externalCode: { zh: '对方产品编码', en: 'Their product code' },
  product: { zh: '我方产品', en: 'Our product' },
  price: { zh: '结算价', en: 'Agreed price' },
  direction: { zh: '方向', en: 'Direction' },
  type: { zh: '类型', en: 'Type' },
  externalOrderId: { zh: '对方订单号', en: 'Their order id' },
  orderNo: { zh: '我方订单号', en: 'Our order no.' },
  request: { zh: '请求摘要', en: 'Request' },
  response: { zh: '响应摘要', en: 'Response' },
  result: { zh: '结果', en: 'Result' },
  createTime: { zh: '时间', en: 'Time' },
});

export const OtaText = defineDict({
  logExportName: { zh: 'OTA报文日志', en: 'OTA message log' },
  secretSet: { zh: '已设置', en: 'Set' },
  secretNotSet: { zh: '未设置', en: 'Not set' },
});
