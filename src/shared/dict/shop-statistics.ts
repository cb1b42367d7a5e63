import { defineDict } from './dict.ts';

/** Column labels of /shop/salesStatistics: the console's cards and tables and the Excel export. */
export const ShopStatisticsField = defineDict({
  day: { zh: '日期', en: 'Day' },
  orders: { zh: '订单数', en: 'Orders' },
  pieces: { zh: '销售件数', en: 'Pieces sold' },
  salesAmount: { zh: '销售额', en: 'Sales' },
  refundAmount: { zh: '退款额', en: 'Refunds' },
  netAmount: { zh: '净销售额', en: 'Net sales' },
  refunds: { zh: '退款笔数', en: 'Refunds made' },
  goodsName: { zh: '商品名称', en: 'Goods' },
  categoryName: { zh: '商品分类', en: 'Category' },
  amount: { zh: '销售金额', en: 'Amount' },
  refundedPieces: { zh: '退款件数', en: 'Pieces refunded' },
  refundedAmount: { zh: '退款金额', en: 'Amount refunded' },
  total: { zh: '合计', en: 'Total' },
  unknown: { zh: '（已删除）', en: '(deleted)' },
});

/** File names of the exports, one per table of the screen. */
export const ShopStatisticsSheet = defineDict({
  day: { zh: '商城每日销售', en: 'Shop daily sales' },
  goods: { zh: '商城商品销售', en: 'Shop sales by goods' },
  category: { zh: '商城分类销售', en: 'Shop sales by category' },
});
