import { definePermissions } from './define.ts';

/** The online shop (/shop, docs/product.md §2 and §6: `shop:good:update`), held by the demo shop_staff role. */
export const shopPermissions = definePermissions({
  shop: {
    'shop:goodType:page': { zh: '查看商品分类', en: 'View goods categories' },
    'shop:goodType:create': { zh: '新增商品分类', en: 'Create goods categories' },
    'shop:goodType:update': { zh: '编辑商品分类及启停', en: 'Edit, enable and disable goods categories' },
    'shop:goodType:delete': { zh: '删除商品分类', en: 'Delete goods categories' },
    'shop:good:page': { zh: '查看商品', en: 'View goods' },
    'shop:good:create': { zh: '新增商品', en: 'Create goods' },
    'shop:good:update': { zh: '编辑商品及上下架', en: 'Edit goods, put them on and off the shelf' },
    'shop:good:delete': { zh: '删除商品', en: 'Delete goods' },
    'shop:good:stock': { zh: '调整商品库存', en: 'Adjust goods stock' },
  },
});
