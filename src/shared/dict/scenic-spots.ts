import { defineDict } from './dict.ts';

/** Column labels of the scenic spots (/scenic/viewpoint): the console's table, form and the Excel export. */
export const ScenicSpotField = defineDict({
  name: { zh: '景点名称', en: 'Spot' },
  spotType: { zh: '景点类型', en: 'Type' },
  image: { zh: '封面图片', en: 'Cover image' },
  introduction: { zh: '景点介绍', en: 'Introduction' },
  latitude: { zh: '纬度', en: 'Latitude' },
  longitude: { zh: '经度', en: 'Longitude' },
  hours: { zh: '开放时段', en: 'Opening hours' },
  openTime: { zh: '开放时间', en: 'Opens' },
  closeTime: { zh: '关闭时间', en: 'Closes' },
  sort: { zh: '排序', en: 'Sort' },
  status: { zh: '状态', en: 'Status' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});

/** docs/product.md §9: spot type 1 attraction, 2 route, 3 public facility. */
export const SpotType = defineDict({
  1: { zh: '景点', en: 'Attraction', color: 'green' },
  2: { zh: '游览路线', en: 'Route', color: 'blue' },
  3: { zh: '公共设施', en: 'Public facility', color: 'default' },
});

export const ScenicSpotText = defineDict({
  exportName: { zh: '景点', en: 'Scenic spots' },
});
