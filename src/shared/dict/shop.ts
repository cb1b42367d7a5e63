import { defineDict } from './dict.ts';

/** docs/product.md §4 shop order status (docs/domain.md "Shop order: status meanings"). */
export const ShopOrderStatus = defineDict({
  101: { zh: '待付款', en: 'Pending payment', color: 'orange' },
  102: { zh: '用户取消', en: 'Cancelled by user', color: 'default' },
  103: { zh: '系统取消', en: 'Cancelled by system', color: 'default' },
  201: { zh: '待发货', en: 'Pending shipment', color: 'blue' },
  202: { zh: '退款申请中', en: 'Refund requested', color: 'gold' },
  203: { zh: '已退款', en: 'Refunded', color: 'default' },
  204: { zh: '退款已拒绝', en: 'Refund rejected', color: 'red' },
  205: { zh: '退款中', en: 'Refunding', color: 'gold' },
  301: { zh: '已发货', en: 'Shipped', color: 'geekblue' },
  302: { zh: '已收货', en: 'Received', color: 'green' },
  401: { zh: '待评价', en: 'Pending review', color: 'cyan' },
  402: { zh: '已评价', en: 'Reviewed', color: 'purple' },
  601: { zh: '订单关闭', en: 'Closed', color: 'default' },
});
export type ShopOrderStatusCode = keyof typeof ShopOrderStatus;
export const SHOP_ORDER_STATUS = {
  pendingPayment: 101,
  userCancelled: 102,
  systemCancelled: 103,
  pendingShipment: 201,
  refundRequested: 202,
  refunded: 203,
  refundRejected: 204,
  refunding: 205,
  shipped: 301,
  received: 302,
  pendingReview: 401,
  reviewed: 402,
  closed: 601,
} as const satisfies Record<string, ShopOrderStatusCode>;

/** docs/product.md §4 "Shelf: on or off" (codes: docs/decisions.md "Shop"): 1 on shelf, 2 off shelf. */
export const ShelfStatus = defineDict({
  1: { zh: '已上架', en: 'On shelf', color: 'green' },
  2: { zh: '已下架', en: 'Off shelf', color: 'default' },
});
export type ShelfStatusCode = keyof typeof ShelfStatus;
export const SHELF = { on: 1, off: 2 } as const satisfies Record<string, ShelfStatusCode>;

/** docs/product.md §4 service status: 1 effective, 2 invalid. */
export const ServiceStatus = defineDict({
  1: { zh: '有效', en: 'Effective', color: 'green' },
  2: { zh: '失效', en: 'Invalid', color: 'default' },
});

/** docs/product.md §9 after-sales: 1 return and refund, 2 refund only. */
export const AfterSaleType = defineDict({
  1: { zh: '退货退款', en: 'Return and refund' },
  2: { zh: '仅退款', en: 'Refund only' },
});

export type AfterSaleTypeCode = keyof typeof AfterSaleType;
export const AFTER_SALE_TYPE = { returnRefund: 1, refundOnly: 2 } as const satisfies Record<
  string,
  AfterSaleTypeCode
>;

/** An after-sales request (docs/domain.md "Refund request / after-sales"): requested → approved | rejected | withdrawn. */
export const AfterSaleStatus = defineDict({
  1: { zh: '待审核', en: 'Pending review', color: 'gold' },
  2: { zh: '已同意', en: 'Approved', color: 'green' },
  3: { zh: '已拒绝', en: 'Rejected', color: 'red' },
  4: { zh: '已撤回', en: 'Withdrawn', color: 'default' },
});
export type AfterSaleStatusCode = keyof typeof AfterSaleStatus;
export const AFTER_SALE_STATUS = {
  requested: 1,
  approved: 2,
  rejected: 3,
  withdrawn: 4,
} as const satisfies Record<string, AfterSaleStatusCode>;

/** A shop refund (docs/domain.md "Refund"). */
export const ShopRefundStatus = defineDict({
  created: { zh: '已创建', en: 'Created', color: 'default' },
  transit: { zh: '退款中', en: 'In transit', color: 'gold' },
  done: { zh: '已退款', en: 'Refunded', color: 'green' },
  failed: { zh: '退款失败', en: 'Failed', color: 'red' },
  canceled: { zh: '已取消', en: 'Cancelled', color: 'default' },
  external: { zh: '线下退款', en: 'Refunded outside', color: 'blue' },
});

/**
 * The shop's clocks (docs/decisions.md "Shop"): an unpaid order holds its stock 30 minutes (S4);
 * a shipped order is received automatically after 10 days (S9); after receipt the buyer may ask for
 * after-sales for 7 days (S12, S22) and review for 15 days (S21); a rejected request may be re-applied
 * twice (3 attempts, S16); cancelled and refunded orders are archived after 7 days (S23).
 */
export const SHOP_RULES = {
  payMinutes: 30,
  autoReceiveDays: 10,
  afterSaleDays: 7,
  reviewDays: 15,
  maxAttempts: 3,
  archiveDays: 7,
} as const;

/** Why a SKU's stock moved (the stock ledger, docs/decisions.md "Shop"). */
export const StockMoveReason = defineDict({
  1: { zh: '初始库存', en: 'Initial stock' },
  2: { zh: '进货入库', en: 'Goods received' },
  3: { zh: '盘点调整', en: 'Stocktake correction' },
  4: { zh: '损耗报废', en: 'Damaged or lost' },
  5: { zh: '下单扣减', en: 'Order placed' },
  6: { zh: '取消回补', en: 'Order cancelled' },
  7: { zh: '退货入库', en: 'Returned goods' },
});
export type StockMoveReasonCode = keyof typeof StockMoveReason;
export const STOCK_MOVE = {
  initial: 1,
  received: 2,
  stocktake: 3,
  damaged: 4,
  orderPlaced: 5,
  orderCancelled: 6,
  returned: 7,
} as const satisfies Record<string, StockMoveReasonCode>;
/** The reasons staff may give by hand on /shop/good (the others are written by orders). */
export const MANUAL_STOCK_REASONS = [STOCK_MOVE.received, STOCK_MOVE.stocktake, STOCK_MOVE.damaged] as const;

/** Column labels of /shop/goodType and /shop/good: the console's tables, forms and the Excel export. */
export const ShopField = defineDict({
  name: { zh: '名称', en: 'Name' },
  categoryName: { zh: '分类名称', en: 'Category' },
  parent: { zh: '上级分类', en: 'Parent category' },
  children: { zh: '子分类', en: 'Subcategories' },
  icon: { zh: '图标', en: 'Icon' },
  sort: { zh: '排序', en: 'Sort' },
  status: { zh: '状态', en: 'Status' },
  goodsName: { zh: '商品名称', en: 'Goods' },
  subtitle: { zh: '副标题', en: 'Subtitle' },
  category: { zh: '商品分类', en: 'Category' },
  cover: { zh: '主图', en: 'Main image' },
  gallery: { zh: '商品相册', en: 'Gallery' },
  detail: { zh: '商品详情', en: 'Details' },
  services: { zh: '商品服务', en: 'Services' },
  shelf: { zh: '上架状态', en: 'Shelf' },
  sales: { zh: '销量', en: 'Sales' },
  goodsCount: { zh: '商品数', en: 'Goods' },
  price: { zh: '售价', en: 'Price' },
  originalPrice: { zh: '划线价', en: 'List price' },
  stock: { zh: '库存', en: 'Stock' },
  specs: { zh: '规格', en: 'Specifications' },
  specName: { zh: '规格名', en: 'Specification' },
  specValues: { zh: '规格值', en: 'Values' },
  skus: { zh: 'SKU 列表', en: 'SKUs' },
  skuCode: { zh: '商品编码', en: 'SKU code' },
  skuImage: { zh: 'SKU 图片', en: 'SKU image' },
  delta: { zh: '变动数量', en: 'Change' },
  stockAfter: { zh: '变动后库存', en: 'Stock after' },
  reason: { zh: '原因', en: 'Reason' },
  note: { zh: '备注', en: 'Note' },
  operator: { zh: '操作人', en: 'By' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});

export const ShopText = defineDict({
  goodsExport: { zh: '商品', en: 'Goods' },
  categoryExport: { zh: '商品分类', en: 'Goods categories' },
});
