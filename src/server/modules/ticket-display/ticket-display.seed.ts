import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DEMO_PICTURES } from '../picture-groups/index.ts';
import { ticketProducts } from '../products/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { ticketDisplays } from './ticket-display.table.ts';

type Display = { displayName: string; shortText: string; tags: string[]; status?: number };

/** Display texts of the demo products by product name; a product not named keeps its defaults. */
const DEMO: Record<string, Display> = {
  成人票: { displayName: '青山湖门票·成人', shortText: '当日有效，含湖心岛游览', tags: ['热门', '当日可订'] },
  儿童票: { displayName: '青山湖门票·儿童', shortText: '1.2-1.5 米儿童适用，须成人陪同', tags: ['亲子'] },
  老年优惠票: { displayName: '长者优惠票', shortText: '60 周岁及以上凭身份证入园', tags: ['优惠'] },
  两日联票: { displayName: '两日畅游联票', shortText: '连续两日有效，可入园两次', tags: ['超值', '多日'] },
  夜游票: { displayName: '青山湖夜游', shortText: '灯光夜景，按场次入园', tags: ['夜游', '限时'], status: 2 },
};

/** The old town's products (products.seed.ts). */
const TOWN: Record<string, Display> = {
  古镇成人票: {
    displayName: '云岭古镇门票',
    shortText: '含茶马驿站、民居院落参观',
    tags: ['热门', '当日可订'],
  },
  古镇优惠票: { displayName: '古镇优惠票', shortText: '学生、60 周岁及以上凭证入镇', tags: ['优惠'] },
  扎染体验票: { displayName: '白族扎染体验', shortText: '一小时手作，带走自染手帕', tags: ['亲子', '手作'] },
  古戏台夜场: { displayName: '古戏台白族歌舞', shortText: '每晚两场，按场次入场', tags: ['夜游', '演出'] },
};

/** Display settings of the demo products of both demo areas. */
export async function seedDemoTicketDisplays(db: Db, scenicId: number): Promise<void> {
  await seedArea(db, scenicId, DEMO);
  const [town] = await db
    .select({ id: scenicAreas.id })
    .from(scenicAreas)
    .where(eq(scenicAreas.code, 'YLGZ'));
  if (town) await seedArea(db, town.id, TOWN);
}

async function seedArea(db: Db, scenicId: number, texts: Record<string, Display>): Promise<void> {
  const products = await db
    .select()
    .from(ticketProducts)
    .where(eq(ticketProducts.scenicId, scenicId))
    .orderBy(asc(ticketProducts.sort), asc(ticketProducts.id));
  const values = products.flatMap((p, i) => {
    const demo = texts[p.name];
    if (!demo) return [];
    return [
      {
        scenicId,
        productId: p.id,
        displayName: demo.displayName,
        cover: DEMO_PICTURES[i % DEMO_PICTURES.length]!,
        shortText: demo.shortText,
        tags: demo.tags,
        sort: (i + 1) * 10,
        status: demo.status ?? 1,
      },
    ];
  });
  if (values.length) await db.insert(ticketDisplays).values(values);
}
