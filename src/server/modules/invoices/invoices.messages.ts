import { defineDict } from '../../../shared/dict/dict.ts';

/** What the invoices module says to users, in both languages (collected by src/server/messages.ts). */
export const invoicesMessages = defineDict({
  invoiceNotFound: { zh: '发票不存在', en: 'Invoice not found' },
  invoiceSourceNotFound: { zh: '没有找到要开票的订单', en: 'The order to invoice was not found' },
  invoiceIssuerMissing: {
    zh: '景区尚未启用该类开票方，请在“开票设置”中配置并启用',
    en: 'This area has no enabled issuer for it: set one up on the invoicing settings',
  },
  invoiceTaxRuleMissing: {
    zh: '开票方没有该类商品的税目设置',
    en: 'The issuer has no tax rule for this kind of goods',
  },
  invoiceNothingLeft: {
    zh: '该订单没有可开票的金额（未支付或已全部退款）',
    en: 'Nothing of this order can be invoiced (unpaid or refunded in full)',
  },
  invoiceExists: {
    zh: '该订单已申请发票，请勿重复申请',
    en: 'An invoice was already requested for this order',
  },
  invoiceRedOfRed: { zh: '红字发票不能再开红字发票', en: 'A red-letter invoice cannot be reversed again' },
  invoiceNotStanding: {
    zh: '只有已开具的蓝字发票可以开具红字发票',
    en: 'Only an issued blue invoice can be reversed',
  },
  invoiceRedExceedsBlue: {
    zh: '红字发票金额超过蓝字发票可冲红的金额（剩余 {left} 元）',
    en: 'The red-letter amount exceeds what is left of the blue invoice ({left} yuan)',
  },
  invoiceNotVoidable: {
    zh: '只有本月开具、未报税且未开红字的蓝字发票可以作废，其他请开具红字发票',
    en: 'Only a blue invoice issued this month, not reported and not reversed can be voided; reverse it with a red-letter invoice instead',
  },
  invoiceNotStuck: {
    zh: '该发票不在开票中或作废中，无需向平台核实',
    en: 'The invoice is not issuing or voiding: there is nothing to settle with the platform',
  },
  invoiceNoExcess: {
    zh: '该发票金额未超过订单实收净额，无需开具红字发票',
    en: 'The invoice does not exceed what its order kept: no red-letter invoice is needed',
  },
  shopInvoiceNotOffered: {
    zh: '商城未开放买家申请发票',
    en: 'The shop does not let its buyers ask for invoices',
  },
  invoiceNotReissuable: {
    zh: '只有已开具且未开红字的蓝字发票可以重开',
    en: 'Only an issued blue invoice that was not reversed can be reissued',
  },
  invoiceSpecialNeedsBuyer: {
    zh: '专用发票须填写购方税号、地址电话和开户行及账号',
    en: "A special VAT invoice needs the buyer's tax id, address and bank",
  },
  invoiceNotSendable: {
    zh: '只有已开具或已重开且有 PDF 的发票可以重发',
    en: 'Only an issued or reissued invoice with its PDF can be sent again',
  },
  invoiceNoRecipient: {
    zh: '该发票没有接收手机或邮箱（或发票短信模板未启用）',
    en: 'The invoice has no mobile or e-mail to send to (or the invoice SMS template is off)',
  },
  invoiceStateChanged: {
    zh: '发票当前状态不允许此操作，请刷新后重试',
    en: 'The invoice is not in a state that allows this; refresh and try again',
  },
});

/** Why a field of an invoice request is refused (400 naming the field). */
export const InvoiceFieldReason = defineDict({
  shopKindNotOffered: {
    zh: '商城未开放该类发票',
    en: 'the shop does not offer this kind of invoice',
  },
});
