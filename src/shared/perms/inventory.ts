import { definePermissions } from './define.ts';

/** Public stock and the price calendar (/scenic/period, /ticket/priceCalendar). */
export const inventoryPermissions = definePermissions({
  scenic: {
    'admin:period:page': { zh: '查看公共库存', en: 'View public stock' },
    'admin:period:create': { zh: '新增时段', en: 'Create time slots' },
    'admin:period:update': { zh: '编辑时段及公共库存', en: 'Edit time slots and public stock' },
    'admin:period:delete': { zh: '删除时段', en: 'Delete time slots' },
  },
  ticket: {
    'admin:priceCalendar:page': { zh: '查看价格日历', en: 'View the price calendar' },
    'admin:priceCalendar:update': { zh: '编辑价格与库存', en: 'Edit prices and stock' },
  },
});
