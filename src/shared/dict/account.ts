import { defineDict } from './dict.ts';

/**
 * Account types (docs/product.md §3 admType; §6 only fixes 4). See docs/accounts.md.
 * 1 may act in any scenic area; 2-4 are bound to their own.
 */
export const AdmType = defineDict({
  1: { zh: '平台管理员', en: 'Platform administrator', color: 'magenta' },
  2: { zh: '景区员工', en: 'Scenic-area staff', color: 'blue' },
  3: { zh: '分销商', en: 'Distributor', color: 'orange' },
  4: { zh: '商城账号', en: 'Shop account', color: 'green' },
});
export type AdmTypeCode = keyof typeof AdmType;
export const ADM_TYPE = { platform: 1, staff: 2, distributor: 3, shop: 4 } as const;

/** How an account's own sales are paid (docs/product.md §3 payType): maps to pay ways 5 and 8 of docs/product.md §9. */
export const PayType = defineDict({
  0: { zh: '不适用', en: 'Not applicable' },
  1: { zh: '预存余额', en: 'Prepaid balance' },
  2: { zh: '授信额度', en: 'Credit line' },
});
export type PayTypeCode = keyof typeof PayType;

/** docs/product.md §4: enable codes 1 enabled, 2 disabled. */
export const EnableStatus = defineDict({
  1: { zh: '启用', en: 'Enabled', color: 'success' },
  2: { zh: '禁用', en: 'Disabled', color: 'default' },
});
export const ENABLED = 1;
export const DISABLED = 2;
