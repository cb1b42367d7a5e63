import { defineDict } from './dict.ts';

/** Field labels of the price tiers screen (/disManage/retailrole), shared with its Excel export. */
export const PriceTierField = defineDict({
  name: { zh: '价格等级', en: 'Price tier' },
  remark: { zh: '备注', en: 'Remark' },
  status: { zh: '状态', en: 'Status' },
  lineCount: { zh: '价格条目', en: 'Price lines' },
  distributorCount: { zh: '分销商数', en: 'Distributors' },
  product: { zh: '产品', en: 'Product' },
  dateFrom: { zh: '开始日期', en: 'From' },
  dateTo: { zh: '结束日期', en: 'To' },
  settlementPrice: { zh: '结算价', en: 'Settlement price' },
  retailFloor: { zh: '最低零售价', en: 'Lowest retail price' },
  calendarPrice: { zh: '门市价', en: 'Calendar price' },
  createTime: { zh: '创建时间', en: 'Created' },
});

export const PriceTierText = defineDict({
  exportName: { zh: '价格等级', en: 'Price tiers' },
});
