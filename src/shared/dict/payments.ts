import { defineDict, type Lang } from './dict.ts';

/** The fields of a pay way's settings (/sys/payMentSet): the form's labels and the server's complaints. */
export const PaymentField = defineDict({
  enabled: { zh: '启用', en: 'Enabled' },
  sandbox: { zh: '沙箱环境', en: 'Sandbox' },
  merchantId: { zh: '商户号', en: 'Merchant ID' },
  appId: { zh: 'AppID', en: 'App ID' },
  gatewayUrl: { zh: '网关地址', en: 'Gateway URL' },
  certSerial: { zh: '商户证书序列号', en: 'Merchant certificate serial' },
  providerKeySerial: { zh: '平台证书序列号 / 公钥 ID', en: 'Platform certificate serial / public key ID' },
  apiKey: { zh: 'API 密钥', en: 'API key' },
  privateKey: { zh: '商户私钥', en: 'Merchant private key' },
  certificate: { zh: '商户证书', en: 'Merchant certificate' },
  providerKey: { zh: '平台公钥 / 平台证书', en: 'Provider public key / platform certificate' },
  notifyUrl: { zh: '支付通知地址', en: 'Notify URL' },
});

/** Why the server refuses a field of the payment settings (a FieldError's reason). */
export const PaymentReason = defineDict({
  privateKey: {
    zh: '商户私钥不是可解析的 PEM 私钥',
    en: 'The merchant private key is not a parseable PEM private key',
  },
  certificate: {
    zh: '商户证书不是可解析的 PEM 证书',
    en: 'The merchant certificate is not a parseable PEM certificate',
  },
  providerKey: {
    zh: '平台公钥 / 平台证书不是可解析的 PEM 公钥或证书',
    en: 'The provider key is not a parseable PEM public key or certificate',
  },
  apiKey: { zh: '微信支付 APIv3 密钥应为 32 个字符', en: 'A WeChat Pay APIv3 key is 32 characters' },
  required: { zh: '启用时必填', en: 'Required when enabled' },
});

/** What a test connection's answer means, in words a person setting up the keys can act on. */
export const PayTestHint = defineDict({
  verified: {
    zh: '签名查询已应答，应答签名验证通过',
    en: "The signed query was answered and the answer's signature verified",
  },
  ourSignatureRefused: {
    zh: '支付平台拒绝了我方签名：请检查商户私钥（及证书序列号，或在平台登记的公钥）',
    en: 'The provider refused our signature: check the merchant private key (and the certificate serial, or the public key registered with the provider)',
  },
  answerNotVerified: {
    zh: '应答签名验证失败：请检查平台公钥 / 平台证书及其 ID',
    en: "The answer's signature does not verify: check the provider public key or platform certificate and its ID",
  },
  appIdUnknown: { zh: '支付平台不认识该 AppID', en: 'The provider does not know this app ID' },
  settingsIncomplete: {
    zh: '设置不完整或密钥不可用',
    en: 'The settings are incomplete or a key is not usable',
  },
  unreachable: { zh: '无法连接支付网关', en: 'The gateway could not be reached' },
});
export type PayTestHintCode = keyof typeof PayTestHint;

/** A reconciliation difference (pay_differences.kind): what the day's statement and our records disagree on. */
export const PayDifferenceKind = defineDict({
  missingHere: { zh: '我方缺失（仅渠道对账单有）', en: 'Missing here (on the statement only)', color: 'red' },
  missingThere: {
    zh: '渠道缺失（仅我方记录有）',
    en: 'Missing at the provider (ours only)',
    color: 'orange',
  },
  amountDiffers: { zh: '金额不一致', en: 'Amount differs', color: 'volcano' },
});
export type PayDifferenceKindCode = keyof typeof PayDifferenceKind;

/** open → settled (recorded from the provider's word) | accepted (checked, with a note). */
export const PayDifferenceStatus = defineDict({
  open: { zh: '待处理', en: 'Open', color: 'red' },
  settled: { zh: '已补记', en: 'Settled', color: 'green' },
  accepted: { zh: '已确认', en: 'Accepted', color: 'default' },
});
export type PayDifferenceStatusCode = keyof typeof PayDifferenceStatus;

/** payment | refund: the kind of statement line. */
export const PayLineKind = defineDict({
  payment: { zh: '支付', en: 'Payment' },
  refund: { zh: '退款', en: 'Refund' },
});

/** A day's statement run (pay_statements.status). */
export const PayStatementStatus = defineDict({
  running: { zh: '对账中', en: 'Running', color: 'blue' },
  matched: { zh: '已对账', en: 'Matched', color: 'green' },
  failed: { zh: '对账失败', en: 'Failed', color: 'red' },
});

/** The reconciliation list's columns, filters and export headers. */
export const PayReconcileField = defineDict({
  statementDate: { zh: '对账日期', en: 'Statement date' },
  payWay: { zh: '支付方式', en: 'Pay way' },
  kind: { zh: '差异类型', en: 'Difference' },
  lineKind: { zh: '交易类型', en: 'Line' },
  paymentNo: { zh: '支付单号', en: 'Payment no.' },
  refundNo: { zh: '退款单号', en: 'Refund no.' },
  providerTxnId: { zh: '渠道交易号', en: 'Provider transaction' },
  ourAmount: { zh: '我方金额', en: 'Our amount' },
  theirAmount: { zh: '渠道金额', en: 'Provider amount' },
  status: { zh: '状态', en: 'Status' },
  note: { zh: '处理说明', en: 'Note' },
  resolvedBy: { zh: '处理人', en: 'Resolved by' },
  resolvedAt: { zh: '处理时间', en: 'Resolved at' },
  exportName: { zh: '对账差异', en: 'Reconciliation differences' },
});

/**
 * The server's own codes of a provider call that went wrong (a ProviderError's code that is not the
 * provider's): a refund's fail reason starting with one of them is shown in the reader's language.
 */
export const PayErrorCode = defineDict({
  CONFIG: {
    zh: '该支付方式的设置不完整、已停用或已删除',
    en: 'The pay way’s settings are incomplete, disabled or gone',
  },
  EGRESS: { zh: '无法连接支付渠道', en: 'The payment provider could not be reached' },
  BAD_ANSWER: { zh: '支付渠道的应答无法识别', en: 'The provider’s answer was not understood' },
  SIGN_VERIFY: { zh: '支付渠道应答的签名校验未通过', en: 'The provider’s answer did not verify' },
  SIGN_FAILED: {
    zh: '请求无法签名，请检查商户私钥',
    en: 'The request could not be signed: check the private key',
  },
  HASH_MISMATCH: { zh: '对账单校验值不符', en: 'The statement’s checksum did not match' },
  BAD_STATEMENT: { zh: '对账单格式无法识别', en: 'The statement was not understood' },
});

/**
 * A stored provider failure (`CODE: words`, e.g. refunds.fail_reason) as shown: one of the server's
 * own codes in the reader's language, the provider's code and words as they came.
 */
export function payErrorText(reason: string, lang: Lang): string {
  const code = reason.split(':', 1)[0]!.trim();
  return Object.hasOwn(PayErrorCode, code) ? PayErrorCode[code as keyof typeof PayErrorCode][lang] : reason;
}
