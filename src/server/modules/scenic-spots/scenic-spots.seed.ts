import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DEMO_PICTURES } from '../picture-groups/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { scenicSpots } from './scenic-spots.table.ts';

type Spot = [name: string, type: 1 | 2 | 3, open: string, close: string, introduction: string];

// A lake-and-hills area's guide: attractions with their own hours, two routes, the facilities visitors ask for.
const SPOTS: Spot[] = [
  ['湖心岛', 1, '08:00', '17:30', '乘游船登岛，岛上有百年古樟与湖景茶室。'],
  ['青山塔', 1, '08:30', '17:00', '七层砖塔，登顶可俯瞰全湖。'],
  ['观湖亭', 1, '', '', '湖东岸的观景亭，全天开放。'],
  ['九曲桥', 1, '', '', '连接东岸与湖心岛的石桥，春季两岸桃花盛开。'],
  ['百花园', 1, '08:00', '18:00', '四季花展，四月郁金香、十月菊花。'],
  ['竹林栈道', 1, '07:00', '18:00', '沿山脚的木栈道，全长两公里。'],
  ['望湖台', 1, '05:30', '19:00', '山顶平台，观日出与湖面晨雾的好去处。'],
  ['渔村码头', 1, '08:00', '17:30', '游船上下客码头，附近有渔家美食。'],
  ['环湖骑行线', 2, '07:00', '18:30', '绕湖一周约十八公里，沿途有三处租车点。'],
  ['游船航线', 2, '08:30', '17:00', '渔村码头—湖心岛—青山塔，往返约一小时。'],
  ['游客服务中心', 3, '07:30', '18:30', '咨询、寄存、轮椅与婴儿车租借。'],
  ['医疗救助站', 3, '', '', '全天有医护人员值守。'],
  ['停车场', 3, '', '', '可停放小客车八百辆。'],
];

// An old town on the tea-horse road: its streets, stage and workshops, a walk out to the terraces.
const TOWN_SPOTS: Spot[] = [
  ['四方街', 1, '', '', '古镇中心的石板广场，四条老街由此通往东南西北。'],
  ['古戏台', 1, '09:00', '22:00', '清代戏台，每晚七点半上演白族歌舞。'],
  ['茶马驿站', 1, '08:30', '18:00', '当年马帮歇脚的客栈，现为茶马古道陈列馆。'],
  ['扎染作坊', 1, '09:00', '17:30', '可观看扎染工序，并亲手染一方手帕。'],
  ['白族民居院落', 1, '08:30', '18:00', '三坊一照壁的老宅，展示白族传统生活。'],
  ['古镇夜市', 1, '18:00', '23:00', '乳扇、饵块、烤鱼等地道小吃汇集于此。'],
  ['梯田观景台', 1, '06:00', '19:30', '镇外山坡上的观景台，春季放水时最美。'],
  ['古道徒步线', 2, '07:30', '17:00', '沿茶马古道旧石阶上山，往返约三小时。'],
  ['游客中心', 3, '08:00', '20:00', '咨询、寄存、导游预约与失物招领。'],
  ['医务室', 3, '', '', '全天有医护人员值守。'],
  ['东门停车场', 3, '', '', '可停放小客车四百辆，旅游大巴三十辆。'],
];

const rowsOf = (scenicId: number, spots: Spot[], centre: [number, number]) =>
  spots.map(([name, spotType, openTime, closeTime, introduction], i) => ({
    scenicId,
    name,
    spotType,
    openTime,
    closeTime,
    introduction,
    // the attractions show one of the demo pictures (written at start with SEED=demo)
    image: spotType === 1 ? DEMO_PICTURES[i % DEMO_PICTURES.length]! : '',
    latitude: Number((centre[0] + i * 0.003).toFixed(6)),
    longitude: Number((centre[1] + (i % 5) * 0.004).toFixed(6)),
    sort: (i + 1) * 10,
  }));

/** Thirteen spots of the lake area and eleven of the old town, with positions around their centres. */
export async function seedDemoScenicSpots(db: Db, scenicId: number): Promise<void> {
  await db.insert(scenicSpots).values(rowsOf(scenicId, SPOTS, [30.245, 120.14]));
  const [town] = await db
    .select({ id: scenicAreas.id })
    .from(scenicAreas)
    .where(eq(scenicAreas.code, 'YLGZ'));
  if (town) await db.insert(scenicSpots).values(rowsOf(town.id, TOWN_SPOTS, [25.69, 100.15]));
}
