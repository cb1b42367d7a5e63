import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DEMO_PICTURES } from '../picture-groups/index.ts';
import { ticketProducts } from '../products/index.ts';
import { ticketDisplays } from './ticket-display.table.ts';

/** Display texts of the demo products by product name; a product not named keeps its defaults. */
const DEMO: Record<string, { displayName: string; shortText: string; tags: string[]; status?: number }> = {
  成人票: { displayName: '青山湖门票·成人', shortText: '当日有效，含湖心岛游览', tags: ['热门', '当日可订'] },
  儿童票: { displayName: '青山湖门票·儿童', shortText: '1.2-1.5 米儿童适用，须成人陪同', tags: ['亲子'] },
  老年优惠票: { displayName: '长者优惠票', shortText: '60 周岁及以上凭身份证入园', tags: ['优惠'] },
  两日联票: { displayName: '两日畅游联票', shortText: '连续两日有效，可入园两次', tags: ['超值', '多日'] },
  夜游票: { displayName: '青山湖夜游', shortText: '灯光夜景，按场次入园', tags: ['夜游', '限时'], status: 2 },
};

/** Display settings of the demo area's products (the second demo area sells none). */
export async function seedDemoTicketDisplays(db: Db, scenicId: number): Promise<void> {
  const products = await db
    .select()
    .from(ticketProducts)
    .where(eq(ticketProducts.scenicId, scenicId))
    .orderBy(asc(ticketProducts.sort), asc(ticketProducts.id));
  const values = products.flatMap((p, i) => {
    const demo = DEMO[p.name];
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
