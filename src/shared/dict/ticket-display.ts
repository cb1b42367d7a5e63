import { defineDict } from './dict.ts';

/** Column labels of the ticket displays (/scenic/ticmes): the console's table, form and the Excel export. */
export const TicketDisplayField = defineDict({
  productName: { zh: '门票产品', en: 'Ticket product' },
  displayName: { zh: '展示名称', en: 'Display name' },
  cover: { zh: '封面', en: 'Cover' },
  shortText: { zh: '简短介绍', en: 'Short text' },
  tags: { zh: '标签', en: 'Tags' },
  sort: { zh: '排序', en: 'Sort' },
  status: { zh: '小程序展示', en: 'In the mini-program' },
  shelfStatus: { zh: '上架状态', en: 'Shelf' },
  price: { zh: '售价', en: 'Price' },
  customized: { zh: '已单独设置', en: 'Customised' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});

/** Whether the mini-program shows a product (codes of EnableStatus: 1 shown, 2 hidden). */
export const DisplayStatus = defineDict({
  1: { zh: '展示', en: 'Shown', color: 'green' },
  2: { zh: '隐藏', en: 'Hidden', color: 'default' },
});

export const TicketDisplayText = defineDict({
  exportName: { zh: '门票展示', en: 'Ticket display' },
});

/** A display's tags: at most this many, each this long at most. */
export const MAX_DISPLAY_TAGS = 5;
export const MAX_TAG_LENGTH = 10;
