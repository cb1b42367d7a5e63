import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scenicAreas } from '../scenic/index.ts';
import { DEMO_PICTURES } from '../../lib/demo-pictures.ts';
import { groupPictures, pictureGroups } from './picture-groups.table.ts';

type DemoGroup = {
  name: string;
  showType: 0 | 1;
  status?: 1 | 2;
  /** [index into DEMO_PICTURES, caption] */
  pictures: [number, string][];
};

const QSH: DemoGroup[] = [
  {
    name: '首页轮播',
    showType: 0,
    pictures: [
      [0, '湖心岛晨景'],
      [1, '青山塔远眺'],
      [3, '望湖台日落'],
    ],
  },
  {
    name: '湖光山色',
    showType: 1,
    pictures: [
      [4, '湖面晨雾'],
      [5, '竹林栈道'],
      [0, '九曲桥'],
      [1, '环湖骑行线'],
    ],
  },
  {
    name: '四季花事',
    showType: 1,
    status: 2,
    pictures: [
      [2, '四月郁金香'],
      [3, '十月菊展'],
    ],
  },
];

const YLGZ: DemoGroup[] = [
  {
    name: '古镇轮播',
    showType: 0,
    pictures: [
      [3, '四方街黄昏'],
      [1, '云岭驿站'],
    ],
  },
  {
    name: '古镇街巷',
    showType: 1,
    pictures: [
      [4, '南巷石板路'],
      [5, '老宅天井'],
      [0, '古井'],
    ],
  },
  {
    name: '民俗节庆',
    showType: 1,
    pictures: [
      [2, '扎染作坊'],
      [3, '火把节'],
    ],
  },
];

async function seedArea(db: Db, scenicId: number, groups: DemoGroup[]) {
  for (const [i, g] of groups.entries()) {
    const [group] = await db
      .insert(pictureGroups)
      .values({ scenicId, name: g.name, showType: g.showType, status: g.status ?? 1, sort: (i + 1) * 10 })
      .returning({ id: pictureGroups.id });
    if (!group) throw new Error('demo insert returned no row');
    await db.insert(groupPictures).values(
      g.pictures.map(([picture, caption], at) => ({
        scenicId,
        groupId: group.id,
        url: DEMO_PICTURES[picture]!,
        caption,
        sort: at + 1,
      })),
    );
  }
}

/** Three picture groups (a carousel and two albums) in each demo area; the images: lib/demo-pictures.ts. */
export async function seedDemoPictureGroups(db: Db, scenicId: number): Promise<void> {
  await seedArea(db, scenicId, QSH);
  const [second] = await db
    .select({ id: scenicAreas.id })
    .from(scenicAreas)
    .where(eq(scenicAreas.code, 'YLGZ'));
  if (second) await seedArea(db, second.id, YLGZ);
}
