import { defineDict } from './dict.ts';

/** docs/product.md §4 "Invoice state" (docs/domain.md "E-invoices"). */
export const InvoiceState = defineDict({
  0: { zh: '未开票', en: 'Not issued', color: 'default' },
  1: { zh: '已开票', en: 'Issued', color: 'green' },
  2: { zh: '开票失败', en: 'Failed', color: 'red' },
  3: { zh: '重开中', en: 'Reissuing', color: 'processing' },
  4: { zh: '已重开', en: 'Reissued', color: 'green' },
  5: { zh: '重开失败', en: 'Reissue failed', color: 'red' },
  6: { zh: '作废中', en: 'Voiding', color: 'processing' },
  7: { zh: '已作废', en: 'Voided', color: 'default' },
  8: { zh: '作废失败', en: 'Void failed', color: 'red' },
  9: { zh: '开票中', en: 'Issuing', color: 'processing' },
});
export type InvoiceStateCode = keyof typeof InvoiceState;
export const INVOICE_STATE = {
  notIssued: 0,
  issued: 1,
  failed: 2,
  reissuing: 3,
  reissued: 4,
  reissueFailed: 5,
  voiding: 6,
  voided: 7,
  voidFailed: 8,
  issuing: 9,
} as const satisfies Record<string, InvoiceStateCode>;

/** docs/product.md §9 "Invoice kind 1 blue, 2 red". */
export const InvoiceKind = defineDict({
  1: { zh: '蓝字发票', en: 'Blue invoice', color: 'blue' },
  2: { zh: '红字发票', en: 'Red-letter invoice', color: 'red' },
});
export type InvoiceKindCode = keyof typeof InvoiceKind;
export const INVOICE_KIND = { blue: 1, red: 2 } as const;

/** docs/product.md §9 "Invoice line kinds (b, c, f, j, p, r, s)". */
export const InvoiceLineKind = defineDict({
  b: { zh: '增值税电子专用发票', en: 'Special VAT e-invoice' },
  c: { zh: '增值税普通发票（纸质）', en: 'Ordinary VAT invoice (paper)' },
  f: { zh: '收购发票（纸质）', en: 'Purchase invoice (paper)' },
  j: { zh: '机动车销售统一发票', en: 'Motor vehicle invoice' },
  p: { zh: '增值税电子普通发票', en: 'Ordinary VAT e-invoice' },
  r: { zh: '增值税普通发票（卷票）', en: 'Ordinary VAT invoice (roll)' },
  s: { zh: '增值税专用发票', en: 'Special VAT invoice' },
});
export type InvoiceLineKindCode = keyof typeof InvoiceLineKind;
export const INVOICE_LINE_KINDS = Object.keys(InvoiceLineKind) as [
  InvoiceLineKindCode,
  ...InvoiceLineKindCode[],
];
/** Line kinds that need the buyer's tax id, address and bank (special VAT invoices). */
export const SPECIAL_LINE_KINDS: readonly InvoiceLineKindCode[] = ['b', 's'];

/** docs/product.md §9 "Tax report 0 not reported, 1 reported". */
export const InvoiceTaxReport = defineDict({
  0: { zh: '未报税', en: 'Not reported', color: 'default' },
  1: { zh: '已报税', en: 'Reported', color: 'green' },
});

/** docs/product.md §9 "Line property 0 normal, 1 discount, 2 discounted". */
export const InvoiceLineProperty = defineDict({
  0: { zh: '正常行', en: 'Normal' },
  1: { zh: '折扣行', en: 'Discount' },
  2: { zh: '被折扣行', en: 'Discounted' },
});

/** docs/product.md §9 "Zero-rate flag 1 exempt, 2 not taxable, 3 ordinary zero rate, else non-zero". */
export const InvoiceZeroRate = defineDict({
  0: { zh: '非零税率', en: 'Non-zero rate' },
  1: { zh: '免税', en: 'Exempt' },
  2: { zh: '不征税', en: 'Not taxable' },
  3: { zh: '普通零税率', en: 'Ordinary zero rate' },
});
export type InvoiceZeroRateCode = keyof typeof InvoiceZeroRate;

/** Who issues: the area's company, or the shop (its seller data is /shop/storeInvoiceSet). */
export const InvoiceIssuerKind = defineDict({
  1: { zh: '景区', en: 'Scenic area', color: 'blue' },
  2: { zh: '商城', en: 'Shop', color: 'purple' },
});
export type InvoiceIssuerKindCode = keyof typeof InvoiceIssuerKind;
export const INVOICE_ISSUER_KIND = { area: 1, shop: 2 } as const;

/** How a requested invoice is issued: by the job at once, or when staff press issue. */
export const InvoiceIssuingMode = defineDict({
  1: { zh: '自动开票', en: 'Automatic', color: 'green' },
  2: { zh: '手动开票', en: 'Manual', color: 'default' },
});
export type InvoiceIssuingModeCode = keyof typeof InvoiceIssuingMode;

/** What an invoice is for: the kinds of goods an issuer has tax rules for, and an invoice's source. */
export const InvoiceGoods = defineDict({
  ticket: { zh: '门票', en: 'Tickets', color: 'blue' },
  card: { zh: '畅游卡', en: 'Travel cards', color: 'cyan' },
  shop: { zh: '商城商品', en: 'Shop goods', color: 'purple' },
  settlement: { zh: '分销结算', en: 'Distributor settlement', color: 'gold' },
});
export type InvoiceGoodsCode = keyof typeof InvoiceGoods;
export const INVOICE_GOODS = Object.keys(InvoiceGoods) as [InvoiceGoodsCode, ...InvoiceGoodsCode[]];

/** The buyer of an invoice: a person or a company (a company gives its tax id). */
export const InvoiceBuyerType = defineDict({
  1: { zh: '个人', en: 'Person' },
  2: { zh: '单位', en: 'Company' },
});
export type InvoiceBuyerTypeCode = keyof typeof InvoiceBuyerType;

/**
 * The issuing platforms with an adapter: Nuonuo's open platform (诺诺开放平台), whose protocol the local
 * sandbox speaks too (docs/invoices.md).
 */
export const InvoiceProvider = defineDict({
  nuonuo: { zh: '诺诺开放平台', en: 'Nuonuo open platform' },
});
export type InvoiceProviderCode = keyof typeof InvoiceProvider;

/** What "test connection" of an issuer found, in the user's language (the platform's own words shown beside). */
export const InvoiceTestHint = defineDict({
  connected: {
    zh: '开票平台已应答，签名与令牌验证通过',
    en: 'The invoicing platform answered: signature and access token accepted',
  },
  notSaved: { zh: '请先保存该开票方的设置', en: 'Save this issuer first' },
  credentialsMissing: {
    zh: '请填写 AppKey、AppSecret 和 AccessToken',
    en: 'Fill in the AppKey, AppSecret and access token',
  },
  sellerMissing: {
    zh: '缺少销方税号：景区开票方填写税号，商城开票方在“店铺开票设置”中填写',
    en: "The seller's tax id is missing: enter it on the area issuer, or in the shop's store invoice settings",
  },
  refused: {
    zh: '开票平台拒绝了请求：请检查 AppKey、AppSecret、AccessToken 与税号',
    en: 'The platform refused the request: check the AppKey, AppSecret, access token and tax id',
  },
  unreachable: { zh: '无法连接开票平台', en: 'The invoicing platform cannot be reached' },
});
export type InvoiceTestHintCode = keyof typeof InvoiceTestHint;

/** Labels of an invoice (/invoice/invoiceList): table, filters, detail and export. */
export const InvoiceField = defineDict({
  series: { zh: '开票流水号', en: 'Request number' },
  taxInvoiceCode: { zh: '发票代码', en: 'Invoice code' },
  taxInvoiceNo: { zh: '发票号码', en: 'Invoice number' },
  kind: { zh: '发票类型', en: 'Kind' },
  lineKind: { zh: '票种', en: 'Invoice form' },
  state: { zh: '开票状态', en: 'State' },
  source: { zh: '来源', en: 'Source' },
  sourceNo: { zh: '来源单号', en: 'Source number' },
  buyerType: { zh: '抬头类型', en: 'Buyer type' },
  buyerName: { zh: '购方名称', en: 'Buyer' },
  buyerTaxId: { zh: '购方税号', en: "Buyer's tax id" },
  buyerAddress: { zh: '购方地址电话', en: "Buyer's address and phone" },
  buyerBank: { zh: '购方开户行及账号', en: "Buyer's bank and account" },
  buyerEmail: { zh: '接收邮箱', en: 'E-mail' },
  buyerPhone: { zh: '接收手机', en: 'Mobile' },
  amount: { zh: '价税合计', en: 'Total incl. tax' },
  tax: { zh: '税额', en: 'Tax' },
  issuedAt: { zh: '开票时间', en: 'Issued at' },
  failReason: { zh: '失败原因', en: 'Failure reason' },
  taxReport: { zh: '报税状态', en: 'Tax report' },
  requestedBy: { zh: '申请方', en: 'Requested by' },
  remarks: { zh: '备注', en: 'Remarks' },
  createTime: { zh: '申请时间', en: 'Requested at' },
});

/** Texts of the invoices module's files. */
export const InvoiceText = defineDict({
  exportFile: { zh: '发票列表', en: 'Invoices' },
  exportRecords: { zh: '开票记录', en: 'Invoicing records' },
  /** the shop order's freight line (an invoice is printed in Chinese) */
  freight: { zh: '运费', en: 'Freight' },
});

/** What a call to the platform was for (/invoice/invoiceRecord). */
export const InvoiceRecordAction = defineDict({
  issue: { zh: '开票', en: 'Issue', color: 'blue' },
  query: { zh: '查询结果', en: 'Query result', color: 'cyan' },
  reissue: { zh: '重开', en: 'Reissue', color: 'purple' },
  void: { zh: '作废', en: 'Void', color: 'orange' },
  test: { zh: '测试连接', en: 'Test connection', color: 'default' },
});
export type InvoiceRecordActionCode = keyof typeof InvoiceRecordAction;
export const INVOICE_RECORD_ACTIONS = Object.keys(InvoiceRecordAction) as [
  InvoiceRecordActionCode,
  ...InvoiceRecordActionCode[],
];

/** Whether the platform took a call (/invoice/invoiceRecord's filter and column). */
export const InvoiceRecordResult = defineDict({
  ok: { zh: '成功', en: 'Succeeded', color: 'success' },
  failed: { zh: '失败', en: 'Failed', color: 'error' },
});

/** Labels of a record of /invoice/invoiceRecord. */
export const InvoiceRecordField = defineDict({
  createTime: { zh: '请求时间', en: 'Requested at' },
  invoiceNumber: { zh: '开票流水号', en: 'Request number' },
  action: { zh: '操作', en: 'Action' },
  method: { zh: '接口', en: 'Method' },
  ok: { zh: '结果', en: 'Result' },
  message: { zh: '平台应答', en: "Platform's answer" },
  durationMs: { zh: '耗时（毫秒）', en: 'Took (ms)' },
  request: { zh: '请求内容', en: 'Request' },
  answer: { zh: '应答内容', en: 'Answer' },
});
