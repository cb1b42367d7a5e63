import { defineDict } from './dict.ts';

/** The most pictures one group holds (a carousel or an album of the mini-program). */
export const MAX_GROUP_PICTURES = 60;

/** Column labels of the picture groups (/scenic/pictureCate): the console's table, form and the Excel export. */
export const PictureGroupField = defineDict({
  name: { zh: '分组名称', en: 'Group' },
  showType: { zh: '展示方式', en: 'Shown as' },
  cover: { zh: '封面', en: 'Cover' },
  pictureCount: { zh: '图片数', en: 'Pictures' },
  sort: { zh: '排序', en: 'Sort' },
  status: { zh: '状态', en: 'Status' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
  url: { zh: '图片', en: 'Picture' },
  caption: { zh: '图片说明', en: 'Caption' },
});

/** docs/product.md §9: show types 0 carousel, 1 album. */
export const PictureShowType = defineDict({
  0: { zh: '轮播', en: 'Carousel', color: 'blue' },
  1: { zh: '相册', en: 'Album', color: 'green' },
});

export const PictureGroupText = defineDict({
  exportName: { zh: '图片分组', en: 'Picture groups' },
});

/** Why the server refused a picture change, naming the field (FieldError). */
export const PictureGroupReason = defineDict({
  reorderSet: {
    zh: '须恰好列出该分组的全部图片，每张一次',
    en: 'must list every picture of the group exactly once',
  },
  tooMany: {
    zh: `每个分组最多 ${MAX_GROUP_PICTURES} 张图片`,
    en: `a group holds at most ${MAX_GROUP_PICTURES} pictures`,
  },
});
