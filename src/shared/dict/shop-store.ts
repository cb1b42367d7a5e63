import { defineDict } from './dict.ts';

/** The kinds of invoice a store may issue (fully digital e-invoices of the tax bureau). */
export const ShopInvoiceKind = defineDict({
  1: { zh: '电子普通发票', en: 'Normal e-invoice' },
  2: { zh: '电子专用发票', en: 'Special VAT e-invoice' },
});
export type ShopInvoiceKindCode = keyof typeof ShopInvoiceKind;
export const SHOP_INVOICE_KIND = { normal: 1, special: 2 } as const satisfies Record<
  string,
  ShopInvoiceKindCode
>;

/** VAT rates a store may invoice at, in basis points (1300 = 13 %). */
export const SHOP_TAX_RATES = [0, 100, 300, 500, 600, 900, 1300] as const;

/** Labels of /shop/storeInvoiceSet: the form and the audit log. */
export const ShopStoreField = defineDict({
  issuerName: { zh: '开票方名称', en: 'Issuer name' },
  taxpayerId: { zh: '纳税人识别号', en: 'Taxpayer ID' },
  address: { zh: '注册地址', en: 'Registered address' },
  phone: { zh: '注册电话', en: 'Registered phone' },
  bankName: { zh: '开户银行', en: 'Bank' },
  bankAccount: { zh: '银行账号', en: 'Bank account' },
  invoiceKinds: { zh: '启用的发票种类', en: 'Invoice kinds enabled' },
  itemName: { zh: '默认开票项目', en: 'Default item name' },
  taxCode: { zh: '默认税收分类编码', en: 'Default tax classification code' },
  taxRate: { zh: '税率', en: 'Tax rate' },
  remarks: { zh: '发票备注', en: 'Invoice remarks' },
  buyerMayRequest: { zh: '允许买家在小程序申请开票', en: 'Buyers may request invoices in the mini-program' },
  updateTime: { zh: '最后保存时间', en: 'Last saved' },
});

/** Labels of /shop/accountManage beyond an account's own (src/shared/dict/sys-fields.ts). */
export const ShopAccountField = defineDict({
  nickname: { zh: '姓名', en: 'Name' },
  phone: { zh: '手机号', en: 'Mobile phone' },
  roles: { zh: '商城角色', en: 'Shop roles' },
  password: { zh: '初始密码', en: 'Initial password' },
});

/** The file name of the shop accounts' export. */
export const ShopAccountText = defineDict({
  accountsExport: { zh: '商城账号', en: 'Shop accounts' },
});
