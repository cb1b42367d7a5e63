import { defineDict } from './dict.ts';
import { BuyChannel } from './product.ts';

/**
 * Third-party channels (/terminal/thirdPartyChannel): vouchers of other platforms that gates accept
 * (docs/decisions.md "Third-party vouchers at the gate").
 */

/** The buy channels of docs/product.md §9 a third-party channel can be: 11, 12 stores, 14-18 platforms. */
export const TP_BUY_CHANNELS = [11, 12, 14, 15, 16, 17, 18] as const;
export const TpBuyChannel = defineDict({
  11: BuyChannel[11],
  12: BuyChannel[12],
  14: BuyChannel[14],
  15: BuyChannel[15],
  16: BuyChannel[16],
  17: BuyChannel[17],
  18: BuyChannel[18],
});

/** How a channel's codes are verified: through one of the area's OTA channels, or an imported code list. */
export const TpAdapter = defineDict({
  ota: { zh: 'OTA订单', en: 'OTA order', color: 'blue' },
  codeList: { zh: '导入券码', en: 'Imported codes', color: 'purple' },
});
export type TpAdapterCode = keyof typeof TpAdapter;
export const TP_ADAPTERS = ['ota', 'codeList'] as const;

/** A voucher of an imported code list. */
export const TpVoucherStatus = defineDict({
  unused: { zh: '未使用', en: 'Unused', color: 'green' },
  used: { zh: '已使用', en: 'Used', color: 'purple' },
  void: { zh: '已作废', en: 'Void', color: 'default' },
});
export type TpVoucherStatusCode = keyof typeof TpVoucherStatus;
export const TP_VOUCHER_STATUSES = ['unused', 'used', 'void'] as const;

/** Why a pasted line was not imported. */
export const TpImportIssue = defineDict({
  format: { zh: '格式不符', en: 'Does not match the code format' },
  duplicate: { zh: '粘贴内容中重复', en: 'Repeated in the pasted text' },
  exists: { zh: '已导入过', en: 'Already imported' },
});
export type TpImportIssueCode = keyof typeof TpImportIssue;

/** What a code would do at a gate (the "test a code" answer). */
export const TpVerifyOutcome = defineDict({
  noMatch: {
    zh: '不匹配任何第三方渠道，按普通票码/员工卡处理',
    en: 'Matches no channel: read as a ticket or staff card',
    color: 'default',
  },
  admitTickets: {
    zh: '按平台订单的门票验票入园',
    en: 'Admits a ticket of the platform order',
    color: 'green',
  },
  redeemVoucher: { zh: '核销券码并放行', en: 'Redeems the voucher and lets in', color: 'green' },
  refused: { zh: '拒绝', en: 'Refused', color: 'red' },
});
export type TpVerifyOutcomeCode = keyof typeof TpVerifyOutcome;

/** Column and field labels shared by the screen and the exports. */
export const ThirdPartyField = defineDict({
  name: { zh: '渠道名称', en: 'Channel name' },
  buyChannel: { zh: '购票渠道', en: 'Buy channel' },
  adapter: { zh: '验证方式', en: 'Verified by' },
  otaChannel: { zh: 'OTA渠道', en: 'OTA channel' },
  product: { zh: '产品', en: 'Product' },
  codePrefix: { zh: '券码前缀', en: 'Code prefix' },
  codePattern: { zh: '券码正则', en: 'Code pattern (regex)' },
  codeLength: { zh: '券码长度', en: 'Code length' },
  codeMinLength: { zh: '最短长度', en: 'Minimum length' },
  codeMaxLength: { zh: '最长长度', en: 'Maximum length' },
  gates: { zh: '可用闸机', en: 'Gates that accept it' },
  status: { zh: '状态', en: 'Status' },
  vouchers: { zh: '已用/总数', en: 'Used / total' },
  createTime: { zh: '创建时间', en: 'Created' },
  code: { zh: '券码', en: 'Code' },
  validFrom: { zh: '有效期开始', en: 'Valid from' },
  validTo: { zh: '有效期结束', en: 'Valid to' },
  valid: { zh: '有效期', en: 'Validity' },
  voucherStatus: { zh: '券码状态', en: 'Voucher status' },
  usedTime: { zh: '使用时间', en: 'Used at' },
  gate: { zh: '使用闸机', en: 'Gate' },
  gateEvent: { zh: '闸机记录', en: 'Gate event' },
});

export const ThirdPartyText = defineDict({
  fileName: { zh: '第三方渠道', en: 'Third-party channels' },
  voucherFileName: { zh: '第三方券码', en: 'Third-party vouchers' },
  noGate: { zh: '无（不可入园）', en: 'None (no gate)' },
});

/** Field reasons of a 400 (FieldError), beside the shared ValidationMessage ones. */
export const ThirdPartyReason = defineDict({
  otaChannelOfArea: { zh: '不是本景区的OTA渠道', en: 'is not an OTA channel of this scenic area' },
  productOfArea: { zh: '不是本景区的产品', en: 'is not a product of this scenic area' },
  notForAdapter: { zh: '该验证方式不使用此项', en: 'is not used by this adapter' },
  codeLengthRange: { zh: '不能小于最短长度', en: 'must not be less than the minimum length' },
  tooManyCodes: { zh: '一次最多导入 5000 个券码', en: 'at most 5,000 codes per import' },
  noCodes: { zh: '请粘贴至少一个券码', en: 'paste at least one code' },
});
