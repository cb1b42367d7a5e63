import { defineDict } from './dict.ts';

/** Column labels of the ticket category list (/ticket/ticType): console table and Excel export. */
export const TicTypeField = defineDict({
  name: { zh: '分类名称', en: 'Category' },
  sort: { zh: '排序', en: 'Sort' },
  status: { zh: '状态', en: 'Status' },
  remark: { zh: '备注', en: 'Remark' },
  productCount: { zh: '门票产品数', en: 'Products' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});

/** Labels of the ticket product fields (/ticket/good, the form, the detail page, the export). */
export const ProductField = defineDict({
  name: { zh: '产品名称', en: 'Product name' },
  typeId: { zh: '票种分类', en: 'Category' },
  productType: { zh: '产品类型', en: 'Product type' },
  images: { zh: '产品图片', en: 'Images' },
  intro: { zh: '产品介绍', en: 'Introduction' },
  price: { zh: '售价', en: 'Price' },
  marketPrice: { zh: '市场价', en: 'Market price' },
  validityType: { zh: '有效期类型', en: 'Validity type' },
  validityDisplay: { zh: '有效期显示', en: 'Validity display' },
  validDays: { zh: '有效天数', en: 'Valid days' },
  validFrom: { zh: '有效开始日期', en: 'Valid from' },
  validTo: { zh: '有效结束日期', en: 'Valid to' },
  timeLimitMinutes: { zh: '限时（分钟）', en: 'Time limit (minutes)' },
  validityText: { zh: '有效期说明', en: 'Validity text' },
  timeWindows: { zh: '入园时段', en: 'Entry windows' },
  entryMode: { zh: '入园方式', en: 'Entry mode' },
  entryTimes: { zh: '可入园次数', en: 'Entries' },
  realNameType: { zh: '实名制', en: 'Real name' },
  printType: { zh: '打印方式', en: 'Printing' },
  limitPerOrder: { zh: '每单限购（张）', en: 'Limit per order' },
  limitPerIdNumber: { zh: '每证件限购（张）', en: 'Limit per ID number' },
  channels: { zh: '销售渠道', en: 'Sales channels' },
  refundRule: { zh: '退票规则', en: 'Refund rule' },
  refundDeadlineHours: { zh: '游玩前可退（小时）', en: 'Refund up to (hours before)' },
  refundFeeUnit: { zh: '手续费单位', en: 'Fee unit' },
  refundFeeValue: { zh: '退票手续费', en: 'Refund fee' },
  noticeId: { zh: '购票须知', en: 'Purchase notice' },
  agreementId: { zh: '购票协议', en: 'Ticket agreement' },
  printTemplateId: { zh: '打印模板', en: 'Print template' },
  shelfStatus: { zh: '上架状态', en: 'Shelf status' },
  sort: { zh: '排序', en: 'Sort' },
  sessions: { zh: '场次', en: 'Sessions' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});

/** Names of the exported files of the ticket product screens. */
export const ProductExportText = defineDict({
  ticTypes: { zh: '票种分类', en: 'Ticket categories' },
  products: { zh: '门票产品', en: 'Ticket products' },
});
