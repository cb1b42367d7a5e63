import { defineDict } from './dict.ts';

/** docs/product.md §9 notice types. */
export const NoticeType = defineDict({
  1: { zh: '购票须知', en: 'Purchase' },
  2: { zh: '使用须知', en: 'Usage' },
  3: { zh: '退票须知', en: 'Refund' },
  4: { zh: '费用说明', en: 'Fees' },
  5: { zh: '其他', en: 'Other' },
});
export type NoticeTypeCode = keyof typeof NoticeType;

/** Column labels of the agreement and purchase-notice lists, shared with their Excel export. */
export const NoticeField = defineDict({
  title: { zh: '标题', en: 'Title' },
  noticeType: { zh: '须知类型', en: 'Notice type' },
  content: { zh: '内容', en: 'Content' },
  status: { zh: '状态', en: 'Status' },
  sort: { zh: '排序', en: 'Sort order' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});
export const NoticeExportText = defineDict({
  notices: { zh: '购票须知模板', en: 'Purchase notices' },
});
