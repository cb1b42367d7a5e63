import type { Db } from '../../db/client.ts';
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

/** Thirteen spots of the demo area, with positions around its centre. */
export async function seedDemoScenicSpots(db: Db, scenicId: number): Promise<void> {
  await db.insert(scenicSpots).values(
    SPOTS.map(([name, spotType, openTime, closeTime, introduction], i) => ({
      scenicId,
      name,
      spotType,
      openTime,
      closeTime,
      introduction,
      latitude: Number((30.245 + i * 0.003).toFixed(6)),
      longitude: Number((120.14 + (i % 5) * 0.004).toFixed(6)),
      sort: (i + 1) * 10,
    })),
  );
}
