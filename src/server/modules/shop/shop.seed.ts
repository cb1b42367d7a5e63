import { STOCK_MOVE } from '../../../shared/dict/shop.ts';
import type { Db } from '../../db/client.ts';
import { DEMO_PICTURES } from '../picture-groups/index.ts';
import { seedDemoShopContent } from './content/shop-content.seed.ts';
import { moveStock } from './catalog/shop-goods.service.ts';
import { seedDemoShopOrders } from './orders/shop-orders.seed.ts';
import { shopCategories, shopGoods, shopServices, shopSkus } from './shop.table.ts';

/** [name, subtitle, price in cents, specification name, its values (each a SKU; later ones dearer)] */
type Goods = [name: string, subtitle: string, price: number, spec: string, values: string[]];

const SERVICES = [
  ['7天无理由退货', '签收后 7 天内未使用可退货'],
  ['包邮', '全国包邮（港澳台及偏远地区除外）'],
  ['正品保证', '景区直营，假一赔十'],
  ['48小时发货', '付款后 48 小时内发出'],
] as const;

// Three top-level categories and five subcategories: eight in all, the goods filed mostly under the children.
const TREE: { name: string; children: { name: string; goods: Goods[] }[]; goods: Goods[] }[] = [
  {
    name: '特产美食',
    goods: [
      ['青山湖莼菜', '西湖同源，开袋即食', 3800, '规格', ['250g', '500g']],
      ['农家土蜂蜜', '山中百花蜜，结晶为正常现象', 6800, '规格', ['500g', '1kg']],
      ['手工麻酥糖', '老字号作坊手工制作', 2500, '口味', ['原味', '桂花']],
      ['笋干礼盒', '高山春笋，自然晒干', 8800, '规格', ['300g', '600g']],
    ],
    children: [
      {
        name: '茶叶',
        goods: [
          ['明前龙井', '头采嫩芽，豆香浓郁', 26800, '规格', ['50g', '100g', '250g']],
          ['青山云雾茶', '高山云雾，回甘持久', 12800, '规格', ['100g', '250g']],
          ['九曲红梅', '杭州红茶，蜜香甜润', 9800, '规格', ['100g', '200g']],
          ['桂花乌龙', '乌龙茶窨制桂花', 6800, '包装', ['袋装', '罐装']],
          ['菊花茶', '胎菊，花朵完整', 3600, '规格', ['50g', '100g']],
          ['白茶饼', '三年陈白牡丹', 19800, '规格', ['100g', '357g']],
          ['竹叶青', '峨眉高山绿茶', 15800, '规格', ['100g', '250g']],
          ['茶具套装', '一壶四杯，旅行便携', 16800, '颜色', ['天青', '月白']],
        ],
      },
      {
        name: '糕点零食',
        goods: [
          ['定胜糕', '米香软糯，传统喜糕', 2800, '口味', ['豆沙', '玫瑰']],
          ['桂花糕', '湖畔桂花，清甜不腻', 2600, '规格', ['6枚', '12枚']],
          ['龙井茶酥', '茶香酥皮，一口一个', 3900, '规格', ['8枚', '16枚']],
          ['山核桃仁', '手剥山核桃，椒盐味', 5800, '规格', ['150g', '300g']],
          ['葱包烩', '经典杭帮小吃，冷冻装', 3200, '规格', ['6个', '12个']],
          ['笋丁豆腐干', '五香卤制，独立小包', 1800, '口味', ['五香', '香辣']],
          ['梅干菜烧饼', '炭火烘烤，酥香掉渣', 2400, '规格', ['10个', '20个']],
          ['杨梅干', '仙居东魁，酸甜开胃', 3500, '规格', ['200g', '400g']],
        ],
      },
    ],
  },
  {
    name: '文创纪念',
    goods: [
      ['景区明信片', '手绘湖景十二张', 2800, '款式', ['春夏', '秋冬']],
      ['青山塔积木', '1:300 微缩模型，426 颗粒', 12900, '版本', ['标准版', '灯光版']],
      ['湖景帆布包', '加厚帆布，可装 A4', 5900, '颜色', ['米白', '藏青']],
      ['景区纪念徽章', '珐琅工艺，六款随机', 1900, '数量', ['单枚', '六枚套装']],
      ['湖景丝巾', '真丝印花，礼盒包装', 19800, '花色', ['春湖', '秋山']],
      ['景区地图拼图', '500 片，手绘导览图', 6900, '片数', ['300片', '500片']],
    ],
    children: [
      {
        name: '手工艺品',
        goods: [
          ['竹编果篮', '本地竹匠手工编织', 8800, '尺寸', ['小号', '大号']],
          ['扎染方巾', '板蓝根天然染料', 6800, '花色', ['冰裂纹', '云纹']],
          ['木雕书签', '樟木手雕，附礼盒', 3900, '图案', ['青山塔', '九曲桥']],
          ['手绘油纸伞', '桐油防水，可实用', 16800, '尺寸', ['儿童款', '成人款']],
          ['青瓷茶杯', '龙泉青瓷，单杯装', 9800, '釉色', ['梅子青', '粉青']],
          ['剪纸装裱画', '非遗传承人作品', 12800, '尺寸', ['30×30cm', '50×50cm']],
          ['刺绣香囊', '内装艾草，驱蚊安神', 3800, '颜色', ['朱红', '黛绿']],
          ['紫砂小壶', '宜兴原矿紫泥', 36800, '容量', ['120ml', '180ml']],
        ],
      },
      {
        name: '文具书签',
        goods: [
          ['湖光笔记本', '烫金封面，内页 160 张', 3900, '内页', ['横线', '空白']],
          ['古风信笺', '宣纸信纸配信封', 2900, '款式', ['山水', '花鸟']],
          ['金属书签', '镂空青山塔图案', 2500, '颜色', ['金色', '银色']],
          ['景区手账贴纸', '防水贴纸六张', 1500, '主题', ['四季', '美食']],
          ['冰箱贴', '树脂浮雕，六款可选', 2200, '图案', ['湖心岛', '青山塔', '九曲桥']],
          ['钥匙扣', '黄铜材质，刻字定制', 2800, '款式', ['游船', '小鹿']],
          ['帆布笔袋', '双层大容量', 2600, '颜色', ['米白', '墨绿']],
          ['印章套装', '景区打卡章五枚', 6800, '材质', ['木质', '树脂']],
        ],
      },
    ],
  },
  {
    name: '户外用品',
    goods: [
      ['便携雨衣', '加厚 EVA，可重复使用', 2900, '颜色', ['透明', '天蓝', '粉色']],
      ['遮阳渔夫帽', 'UPF50+ 防晒', 5900, '颜色', ['卡其', '黑色']],
      ['折叠水杯', '硅胶材质，可折叠收纳', 3900, '容量', ['350ml', '500ml']],
      ['户外坐垫', '防潮铝膜，折叠便携', 1900, '颜色', ['橙色', '绿色']],
      ['野餐垫', '加厚防水，可机洗', 7900, '尺寸', ['150×150cm', '200×200cm']],
      ['充电宝', '10000mAh，可上飞机', 9900, '颜色', ['白色', '黑色']],
    ],
    children: [
      {
        name: '登山装备',
        goods: [
          ['登山杖', '碳纤维三节伸缩', 12800, '颜色', ['黑色', '红色']],
          ['徒步背包', '30L 透气背负', 26800, '颜色', ['灰色', '藏蓝']],
          ['速干T恤', '吸湿排汗，景区 LOGO', 8900, '尺码', ['S', 'M', 'L', 'XL']],
          ['防滑手套', '触屏耐磨', 4900, '尺码', ['M', 'L']],
          ['头灯', '三档亮度，USB 充电', 6900, '颜色', ['黑色', '橙色']],
          ['驱蚊喷雾', '植物配方，儿童可用', 3900, '规格', ['60ml', '100ml']],
          ['保温水壶', '316 不锈钢，保温 12 小时', 11800, '容量', ['500ml', '750ml']],
          ['急救包', '户外常用药品与敷料', 9800, '规格', ['基础版', '家庭版']],
          ['冰丝袖套', '防晒降温，一双装', 1900, '颜色', ['白色', '黑色']],
          ['望远镜', '10×25 便携观鸟', 29800, '颜色', ['黑色', '军绿']],
          ['骑行头盔', '环湖骑行必备，可调节', 15800, '尺码', ['M', 'L']],
          ['防水手机袋', '可触屏，带挂绳', 1900, '颜色', ['透明', '粉色', '蓝色']],
        ],
      },
    ],
  },
];

/**
 * Eight categories, four services and sixty goods with their SKUs, opening stock written to the ledger;
 * then a year of the members' shop orders (shop-orders.seed.ts).
 */
export async function seedDemoShop(db: Db, scenicId: number): Promise<void> {
  const services = await db
    .insert(shopServices)
    .values(SERVICES.map(([name, description], i) => ({ scenicId, name, description, sort: i })))
    .returning({ id: shopServices.id });
  const serviceIds = services.map((s) => s.id);
  let n = 0;
  const addGoods = async (categoryId: number, goods: Goods[]) => {
    for (const [name, subtitle, price, spec, values] of goods) {
      n += 1;
      const picture = DEMO_PICTURES[n % DEMO_PICTURES.length]!;
      const [item] = await db
        .insert(shopGoods)
        .values({
          scenicId,
          categoryId,
          name,
          subtitle,
          cover: picture,
          gallery: [picture, DEMO_PICTURES[(n + 1) % DEMO_PICTURES.length]!],
          detail: `<p>${subtitle}。</p><p>景区商城直营，下单后由景区游客中心发货。</p>`,
          serviceIds: n % 3 === 0 ? serviceIds.slice(0, 2) : serviceIds,
          specs: [{ name: spec, values }],
          // five goods wait off the shelf; the rest are on sale
          status: n % 12 === 0 ? 2 : 1,
          sort: n * 10,
          sales: (n * 37) % 500,
        })
        .returning({ id: shopGoods.id });
      for (const [i, value] of values.entries()) {
        const skuPrice = Math.round((price * (1 + i * 0.8)) / 100) * 100;
        const [sku] = await db
          .insert(shopSkus)
          .values({
            scenicId,
            goodsId: item!.id,
            specValues: [value],
            code: `QSH-${String(n).padStart(3, '0')}-${i + 1}`,
            price: skuPrice,
            originalPrice: Math.round(skuPrice * 1.25),
            stock: 0,
            sort: i,
          })
          .returning({ id: shopSkus.id });
        // one SKU of every seventh goods item is sold out
        const stock = n % 7 === 0 && i === 0 ? 0 : 20 + ((n * 13 + i * 29) % 180);
        if (stock > 0)
          await moveStock(db, { scenicId, skuId: sku!.id, delta: stock, reason: STOCK_MOVE.initial });
      }
    }
  };
  for (const [i, top] of TREE.entries()) {
    const [parent] = await db
      .insert(shopCategories)
      .values({
        scenicId,
        name: top.name,
        icon: DEMO_PICTURES[i % DEMO_PICTURES.length]!,
        sort: (i + 1) * 10,
      })
      .returning({ id: shopCategories.id });
    await addGoods(parent!.id, top.goods);
    for (const [k, child] of top.children.entries()) {
      const [category] = await db
        .insert(shopCategories)
        .values({ scenicId, parentId: parent!.id, name: child.name, sort: (k + 1) * 10 })
        .returning({ id: shopCategories.id });
      await addGoods(category!.id, child.goods);
    }
  }
  await seedDemoShopContent(db, scenicId);
  await seedDemoShopOrders(db, scenicId);
}
