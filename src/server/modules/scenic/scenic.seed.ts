import { eq } from 'drizzle-orm';
import type { OpeningSeason } from '../../../shared/api/scenic.ts';
import type { Db } from '../../db/client.ts';
import { DEMO_PICTURES } from '../../lib/demo-pictures.ts';
import { scenicAreas } from './scenic.table.ts';

type Profile = Partial<typeof scenicAreas.$inferInsert> & { openingSeasons: OpeningSeason[] };

/** The lake area (the first demo area), centred where its scenic spots are. */
const QSH: Profile = {
  level: 5,
  contact: '陈静',
  phone: '0571-88880101',
  address: '浙江省杭州市西湖区青山湖路 88 号',
  latitude: 30.262,
  longitude: 120.148,
  openingSeasons: [
    { name: '旺季', from: '04-01', to: '10-31', openTime: '07:30', closeTime: '17:30' },
    { name: '淡季', from: '11-01', to: '03-31', openTime: '08:00', closeTime: '17:00' },
  ],
  intro:
    '<p><strong>青山湖风景区</strong>是国家 5A 级旅游景区，湖面约六平方公里，四面青山环抱，湖心岛、青山塔与九曲桥构成“一湖一岛一塔”的经典景观。</p>' +
    '<p>春季百花园郁金香盛开，秋季环湖银杏与枫叶层林尽染；环湖骑行线全长约十八公里，游船往返湖心岛约一小时。</p>' +
    '<ul><li>建议游览时间：半天至一天</li><li>适合人群：亲子、摄影、骑行爱好者</li></ul>',
  traffic:
    '自驾：杭州绕城高速青山湖出口下，沿青山湖路行驶约 3 公里即到，景区停车场可停放小客车八百辆。\n' +
    '公交：乘坐 K518、K599 路至“青山湖景区”站下车。\n' +
    '地铁：地铁 2 号线“青山湖站”B 出口，步行约 10 分钟。',
};

/** The old town in Yunnan (the second demo area). */
const YLGZ: Profile = {
  level: 4,
  latitude: 25.6065,
  longitude: 100.2676,
  openingSeasons: [
    { name: '夏季', from: '05-01', to: '09-30', openTime: '08:00', closeTime: '22:00' },
    { name: '冬季', from: '10-01', to: '04-30', openTime: '08:30', closeTime: '21:00' },
  ],
  intro:
    '<p><strong>云岭古镇</strong>始建于明代，是茶马古道上的重要驿站，至今保留青石板街巷、白族三坊一照壁民居和百年古戏台。</p>' +
    '<p>每晚古戏台上演白族歌舞，古镇夜市汇集乳扇、饵块等地道小吃；镇外梯田与苍山云海四季景致各异。</p>',
  traffic:
    '飞机：大理机场乘出租车约 40 分钟到达。\n' +
    '火车：大理站乘 8 路公交至“云岭古镇”站，约 30 分钟。\n' +
    '自驾：大丽高速云岭出口下，沿古镇路行驶约 2 公里，古镇入口设有停车场。',
};

/** Full profiles of both demo areas (the first, and the second by its code). */
export async function seedDemoScenicProfiles(db: Db, scenicId: number): Promise<void> {
  // the demo pictures (picture-groups writes them at start with SEED=demo)
  const [a, b, c, d, e, f] = DEMO_PICTURES;
  await db
    .update(scenicAreas)
    .set({ ...QSH, cover: a, gallery: [a!, b!, c!] })
    .where(eq(scenicAreas.id, scenicId));
  await db
    .update(scenicAreas)
    .set({ ...YLGZ, cover: d, gallery: [d!, e!, f!] })
    .where(eq(scenicAreas.code, 'YLGZ'));
}
