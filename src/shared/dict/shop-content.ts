import { defineDict } from './dict.ts';

/** docs/product.md §4 "Carousel display 1 carousel, 2 list": where a banner shows on the shop's home page. */
export const CarouselDisplay = defineDict({
  1: { zh: '轮播', en: 'Carousel', color: 'blue' },
  2: { zh: '列表', en: 'List', color: 'purple' },
});
export type CarouselDisplayCode = keyof typeof CarouselDisplay;

/** What a banner opens when tapped (docs/decisions.md "Online shop"). */
export const CarouselLinkType = defineDict({
  1: { zh: '商品', en: 'Goods', color: 'green' },
  2: { zh: '文章', en: 'Article', color: 'cyan' },
  3: { zh: '链接', en: 'URL', color: 'geekblue' },
  4: { zh: '无跳转', en: 'No link', color: 'default' },
});
export type CarouselLinkTypeCode = keyof typeof CarouselLinkType;
export const CAROUSEL_LINK = { goods: 1, article: 2, url: 3, none: 4 } as const satisfies Record<
  string,
  CarouselLinkTypeCode
>;

/** What a home module lists: goods chosen by hand, or the goods of a category. */
export const HomeModuleKind = defineDict({
  1: { zh: '指定商品', en: 'Chosen goods', color: 'blue' },
  2: { zh: '商品分类', en: 'Category', color: 'purple' },
});
export type HomeModuleKindCode = keyof typeof HomeModuleKind;
export const HOME_MODULE_KIND = { goods: 1, category: 2 } as const satisfies Record<
  string,
  HomeModuleKindCode
>;

/** How the mini-program lays a home module's goods out. */
export const HomeModuleLayout = defineDict({
  1: { zh: '双列网格', en: 'Two-column grid' },
  2: { zh: '横向滑动', en: 'Horizontal scroll' },
  3: { zh: '单列列表', en: 'List' },
});

/** Why a cart line cannot be bought now (the member's cart). */
export const CartUnavailable = defineDict({
  gone: { zh: '商品已失效', en: 'No longer sold' },
  offShelf: { zh: '商品已下架', en: 'Off the shelf' },
  soldOut: { zh: '已售罄', en: 'Sold out' },
});
export type CartUnavailableCode = keyof typeof CartUnavailable;

/** Column labels of /shop/serveModel, /shop/goodServe, /shop/carousel and /shop/homeModule. */
export const ShopContentField = defineDict({
  serviceName: { zh: '服务名称', en: 'Service' },
  description: { zh: '服务说明', en: 'Description' },
  templateName: { zh: '模板名称', en: 'Template' },
  services: { zh: '包含服务', en: 'Services' },
  isDefault: { zh: '新商品默认', en: 'Default for new goods' },
  title: { zh: '标题', en: 'Title' },
  image: { zh: '图片', en: 'Image' },
  linkType: { zh: '跳转类型', en: 'Link type' },
  linkTarget: { zh: '跳转目标', en: 'Link target' },
  linkGoods: { zh: '跳转商品', en: 'Linked goods' },
  linkArticle: { zh: '跳转文章', en: 'Linked article' },
  linkUrl: { zh: '跳转链接', en: 'Link URL' },
  display: { zh: '展示方式', en: 'Display' },
  startTime: { zh: '开始时间', en: 'Starts' },
  endTime: { zh: '结束时间', en: 'Ends' },
  window: { zh: '展示时间', en: 'Shown' },
  moduleTitle: { zh: '模块标题', en: 'Module title' },
  kind: { zh: '内容类型', en: 'Content' },
  goods: { zh: '商品', en: 'Goods' },
  category: { zh: '商品分类', en: 'Category' },
  layout: { zh: '布局', en: 'Layout' },
  goodsLimit: { zh: '展示数量', en: 'Goods shown' },
  sort: { zh: '排序', en: 'Sort' },
  status: { zh: '状态', en: 'Status' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});

/** The file names of the content lists' exports. */
export const ShopContentText = defineDict({
  serviceExport: { zh: '商品服务', en: 'Goods services' },
  serveModelExport: { zh: '服务模板', en: 'Service templates' },
  carouselExport: { zh: '商城轮播图', en: 'Shop banners' },
  homeModuleExport: { zh: '首页模块', en: 'Home modules' },
});
