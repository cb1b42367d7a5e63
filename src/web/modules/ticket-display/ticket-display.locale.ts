import { defineMessages } from '../../locales/define.ts';

/** The ticket-display screen (/scenic/ticmes); field labels are in src/shared/dict/ticket-display.ts. */
export default {
  ticketDisplay: defineMessages({
    zh: {
      productPlaceholder: '产品名称',
      tagsHint: '最多 5 个，每个不超过 10 个字，输入后回车',
      defaultsHint: '尚未单独设置：显示产品自身的名称、首图和介绍',
      defaultsTag: '默认',
    },
    en: {
      productPlaceholder: 'Product name',
      tagsHint: 'Up to 5, each at most 10 characters; press Enter after each',
      defaultsHint: "Not customised yet: the product's own name, first image and intro are shown",
      defaultsTag: 'Default',
    },
  }),
};
