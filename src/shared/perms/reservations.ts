import { definePermissions } from './define.ts';

/** Free, capacity-limited bookings (/Make/site, /Make/session, /Make/message). */
export const reservationsPermissions = definePermissions({
  make: {
    'admin:makeSite:page': { zh: '查看预约场馆', en: 'View booking sites' },
    'admin:makeSite:create': { zh: '新增预约场馆', en: 'Create booking sites' },
    'admin:makeSite:update': { zh: '编辑预约场馆及启停', en: 'Edit, enable and disable booking sites' },
    'admin:makeSite:delete': { zh: '删除预约场馆', en: 'Delete booking sites' },
    'admin:makeSession:page': { zh: '查看预约场次', en: 'View booking sessions' },
    'admin:makeSession:update': {
      zh: '生成、编辑及关闭预约场次',
      en: 'Generate, edit and close booking sessions',
    },
    'admin:makeMessage:page': { zh: '查看预约记录', en: 'View bookings' },
    'admin:makeMessage:update': { zh: '预约核销与取消', en: 'Mark bookings arrived and cancel them' },
  },
});
