import { and, asc, eq } from 'drizzle-orm';
import { CONTENT_STATE } from '../../../../shared/dict/content.ts';
import { CAROUSEL_LINK, HOME_MODULE_KIND } from '../../../../shared/dict/shop-content.ts';
import type { Db } from '../../../db/client.ts';
import { scenicArticles } from '../../content/index.ts';
import { DEMO_PICTURES } from '../../picture-groups/index.ts';
import { shopCarousels, shopHomeModules, shopServeModels } from '../shop-content.table.ts';
import { shopCategories, shopGoods, shopServices } from '../shop.table.ts';

const DAY = 86_400_000;

/**
 * The shop's content of the first demo area, over the goods of shop.seed.ts: three service templates,
 * five banners (one waiting for its window) and five home modules (one disabled).
 */
export async function seedDemoShopContent(db: Db, scenicId: number): Promise<void> {
  const services = await db.select().from(shopServices).where(eq(shopServices.scenicId, scenicId));
  const service = (name: string) => services.find((s) => s.name === name)!.id;
  await db.insert(shopServeModels).values([
    {
      scenicId,
      name: '标准服务',
      serviceIds: [service('7天无理由退货'), service('正品保证'), service('48小时发货')],
      isDefault: true,
      sort: 10,
    },
    {
      scenicId,
      name: '包邮服务',
      serviceIds: [service('包邮'), service('正品保证'), service('48小时发货')],
      sort: 20,
    },
    { scenicId, name: '食品特产', serviceIds: [service('正品保证'), service('48小时发货')], sort: 30 },
  ]);

  const goods = await db
    .select({ id: shopGoods.id, name: shopGoods.name })
    .from(shopGoods)
    .where(and(eq(shopGoods.scenicId, scenicId), eq(shopGoods.status, 1)))
    .orderBy(asc(shopGoods.sort));
  const goodsId = (name: string) => goods.find((g) => g.name === name)?.id ?? goods[0]!.id;
  const categories = await db.select().from(shopCategories).where(eq(shopCategories.scenicId, scenicId));
  const categoryId = (name: string) => categories.find((c) => c.name === name)!.id;
  const [article] = await db
    .select({ id: scenicArticles.id })
    .from(scenicArticles)
    .where(and(eq(scenicArticles.scenicId, scenicId), eq(scenicArticles.state, CONTENT_STATE.published)))
    .limit(1);
  const now = Date.now();
  const picture = (i: number) => DEMO_PICTURES[i % DEMO_PICTURES.length]!;

  await db.insert(shopCarousels).values([
    {
      scenicId,
      title: '明前龙井 新茶上市',
      image: picture(1),
      linkType: CAROUSEL_LINK.goods,
      linkId: goodsId('明前龙井'),
      sort: 10,
    },
    {
      scenicId,
      title: '景区文创 好礼带回家',
      image: picture(2),
      linkType: CAROUSEL_LINK.url,
      linkUrl: `/pages/shop/category?id=${categoryId('文创纪念')}`,
      sort: 20,
    },
    article
      ? {
          scenicId,
          title: '游玩攻略',
          image: picture(3),
          linkType: CAROUSEL_LINK.article,
          linkId: article.id,
          sort: 30,
        }
      : { scenicId, title: '游玩攻略', image: picture(3), linkType: CAROUSEL_LINK.none, sort: 30 },
    {
      scenicId,
      title: '户外装备季',
      image: picture(4),
      linkType: CAROUSEL_LINK.goods,
      linkId: goodsId('登山杖'),
      display: 2,
      startAt: new Date(now - 7 * DAY),
      endAt: new Date(now + 30 * DAY),
      sort: 10,
    },
    {
      scenicId,
      title: '节令礼盒预售',
      image: picture(5),
      linkType: CAROUSEL_LINK.none,
      // waits for its window: not yet shown in the mini-program
      startAt: new Date(now + 10 * DAY),
      endAt: new Date(now + 40 * DAY),
      sort: 40,
    },
  ]);

  await db.insert(shopHomeModules).values([
    {
      scenicId,
      title: '热销推荐',
      kind: HOME_MODULE_KIND.goods,
      goodsIds: ['明前龙井', '农家土蜂蜜', '青山塔积木', '湖景丝巾', '定胜糕', '徒步背包'].map(goodsId),
      layout: 1,
      sort: 10,
    },
    {
      scenicId,
      title: '茶叶专区',
      kind: HOME_MODULE_KIND.category,
      categoryId: categoryId('茶叶'),
      layout: 2,
      goodsLimit: 6,
      sort: 20,
    },
    {
      scenicId,
      title: '文创纪念',
      kind: HOME_MODULE_KIND.category,
      categoryId: categoryId('文创纪念'),
      layout: 1,
      goodsLimit: 4,
      sort: 30,
    },
    {
      scenicId,
      title: '户外必备',
      kind: HOME_MODULE_KIND.goods,
      goodsIds: ['便携雨衣', '遮阳渔夫帽', '登山杖', '驱蚊喷雾'].map(goodsId),
      layout: 3,
      startAt: new Date(now - DAY),
      endAt: new Date(now + 60 * DAY),
      sort: 40,
    },
    {
      scenicId,
      title: '冬季上新',
      kind: HOME_MODULE_KIND.goods,
      goodsIds: ['保温水壶', '防滑手套'].map(goodsId),
      layout: 2,
      // prepared, not shown yet
      status: 2,
      sort: 50,
    },
  ]);
}
