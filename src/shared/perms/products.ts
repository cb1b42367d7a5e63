import { definePermissions } from './define.ts';

/** Ticket categories and products (/ticket/ticType, /ticket/good). */
export const productsPermissions = definePermissions({
  ticket: {
    'admin:ticType:page': { zh: '查看票种分类', en: 'View ticket categories' },
    'admin:ticType:create': { zh: '新增票种分类', en: 'Create ticket categories' },
    'admin:ticType:update': { zh: '编辑票种分类', en: 'Edit ticket categories' },
    'admin:ticType:delete': { zh: '删除票种分类', en: 'Delete ticket categories' },
    'admin:ticket:page': { zh: '查看门票产品', en: 'View ticket products' },
    'admin:ticket:create': { zh: '新增门票产品', en: 'Create ticket products' },
    'admin:ticket:update': { zh: '编辑门票产品及上下架', en: 'Edit ticket products and shelf status' },
    'admin:ticket:delete': { zh: '删除门票产品', en: 'Delete ticket products' },
  },
});
