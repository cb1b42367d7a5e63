import { defineDict } from './dict.ts';

/** The national A-level rating of a scenic area (5A highest); 0 while it has none. */
export const ScenicLevel = defineDict({
  5: { zh: '5A', en: '5A', color: 'red' },
  4: { zh: '4A', en: '4A', color: 'volcano' },
  3: { zh: '3A', en: '3A', color: 'orange' },
  2: { zh: '2A', en: '2A', color: 'gold' },
  1: { zh: '1A', en: '1A', color: 'default' },
  0: { zh: '未评级', en: 'Not rated', color: 'default' },
});

/** Labels of the scenic area profile (/scenic/sceManageDetail) and the new-area form. */
export const ScenicField = defineDict({
  code: { zh: '景区编码', en: 'Code' },
  name: { zh: '景区名称', en: 'Name' },
  level: { zh: '景区等级', en: 'Level' },
  contact: { zh: '联系人', en: 'Contact' },
  phone: { zh: '联系电话', en: 'Phone' },
  address: { zh: '地址', en: 'Address' },
  latitude: { zh: '纬度', en: 'Latitude' },
  longitude: { zh: '经度', en: 'Longitude' },
  openingSeasons: { zh: '开放时间', en: 'Opening hours' },
  seasonName: { zh: '季节', en: 'Season' },
  seasonFrom: { zh: '开始日期', en: 'From' },
  seasonTo: { zh: '结束日期', en: 'To' },
  openTime: { zh: '开园时间', en: 'Opens' },
  closeTime: { zh: '闭园时间', en: 'Closes' },
  cover: { zh: '封面图片', en: 'Cover image' },
  gallery: { zh: '景区相册', en: 'Gallery' },
  intro: { zh: '景区介绍', en: 'Introduction' },
  traffic: { zh: '交通指南', en: 'Getting there' },
  status: { zh: '状态', en: 'Status' },
  adminUsername: { zh: '管理员账号', en: 'Admin username' },
  adminNickname: { zh: '管理员姓名', en: 'Admin name' },
});
