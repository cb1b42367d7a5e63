import { eq } from 'drizzle-orm';
import { CONTENT_STATE } from '../../../shared/dict/content.ts';
import type { Db } from '../../db/client.ts';
import { DEMO_PICTURES } from '../picture-groups/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { announcements, scenicArticles } from './content.table.ts';

const DAY = 86_400_000;
const { draft, published, withdrawn } = CONTENT_STATE;

type Notice = {
  title: string;
  body: string[];
  state: number;
  pinned?: boolean;
  /** window, in days from now; null is an open end */
  from?: number | null;
  to?: number | null;
};
type Article = {
  category: 1 | 2 | 3;
  title: string;
  author: string;
  body: string[];
  state: number;
  views: number;
};

const html = (paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');

const QSH_NOTICES: Notice[] = [
  {
    title: '春季开园时间调整公告',
    body: [
      '自本月起，景区开放时间调整为 <strong>07:30-18:00</strong>，17:00 停止售票与入园。',
      '湖心岛游船末班时间为 16:30，请游客合理安排行程。',
    ],
    state: published,
    pinned: true,
    from: -10,
    to: 80,
  },
  {
    title: '环湖骑行线部分路段封闭施工',
    body: [
      '因栈道维护，环湖骑行线东段（渔村码头至观湖亭）暂停通行，预计两周后恢复。',
      '请骑行游客绕行西线。',
    ],
    state: published,
    from: -3,
    to: 14,
  },
  {
    title: '游客服务中心提供免费轮椅与婴儿车租借',
    body: ['凭身份证件可在游客服务中心免费借用轮椅与婴儿车，当日闭园前归还即可。'],
    state: published,
    from: null,
    to: null,
  },
  {
    title: '国庆假期实名预约入园提示',
    body: ['国庆假期实行实名预约、分时段入园，每日限流两万人次，请提前在小程序预约。'],
    state: published,
    pinned: true,
    from: -60,
    to: -30,
  },
  {
    title: '五一假期游船加开班次',
    body: ['五一期间游船航线每 20 分钟一班，末班延后至 17:30。'],
    state: draft,
    from: 20,
    to: 30,
  },
  {
    title: '望湖台日出观景活动暂停',
    body: ['因山顶平台护栏更换，日出观景活动暂停，恢复时间另行通知。'],
    state: withdrawn,
    from: -20,
    to: null,
  },
];

const YL_NOTICES: Notice[] = [
  {
    title: '古镇夜游开放时间延长',
    body: ['即日起古镇夜游延长至 <strong>22:30</strong>，四方街每晚 20:00 有民族歌舞表演。'],
    state: published,
    pinned: true,
    from: -5,
    to: 60,
  },
  {
    title: '古桥修缮期间请走临时便桥',
    body: ['云岭古桥进行文物修缮，游客请经南侧临时便桥通行。'],
    state: published,
    from: null,
    to: 30,
  },
  {
    title: '春节庙会筹备公告',
    body: ['春节庙会摊位招募中，详情请咨询古镇管委会。'],
    state: draft,
  },
  {
    title: '停车场收费标准调整',
    body: ['古镇停车场收费标准已恢复原价，本公告撤回。'],
    state: withdrawn,
    from: -40,
    to: null,
  },
];

const QSH_ARTICLES: Article[] = [
  {
    category: 1,
    title: '青山湖一日游：经典路线全攻略',
    author: '青山湖旅游服务中心',
    body: [
      '上午从渔村码头乘游船登湖心岛，岛上的百年古樟与湖景茶室值得停留一小时。',
      '午后沿九曲桥回到东岸，经观湖亭步行至青山塔，登顶俯瞰全湖。',
      '傍晚到望湖台看晚霞，沿竹林栈道下山，全程约 <strong>六小时</strong>。',
    ],
    state: published,
    views: 1386,
  },
  {
    category: 1,
    title: '带孩子游青山湖的七个小建议',
    author: '王晓',
    body: [
      '游客服务中心可免费借用婴儿车；百花园与渔村码头附近有母婴室。',
      '环湖骑行线有亲子双人车出租，建议选择西线，路面平坦、车流少。',
    ],
    state: published,
    views: 642,
  },
  {
    category: 2,
    title: '青山湖风景区获评国家 4A 级旅游景区',
    author: '景区管委会',
    body: ['经省级评定委员会评审，青山湖风景区正式获评国家 4A 级旅游景区。', '景区将继续完善游客服务设施。'],
    state: published,
    views: 2310,
  },
  {
    category: 3,
    title: '青山塔的前世今生',
    author: '陈立',
    body: [
      '青山塔始建于明代万历年间，七层八面，砖木结构，历经三次重修。',
      '塔内保存有清代重修碑记一方，是研究本地建筑史的重要实物。',
    ],
    state: published,
    views: 518,
  },
  {
    category: 2,
    title: '百花园十月菊花展即将开幕',
    author: '景区管委会',
    body: ['今年菊展展出品种三百余个，并设有菊艺造型与插花体验区。'],
    state: draft,
    views: 0,
  },
  {
    category: 3,
    title: '湖畔渔村的捕鱼节',
    author: '李敏',
    body: ['每年冬至前后，渔村会举行开湖捕鱼仪式，延续已有百年。'],
    state: withdrawn,
    views: 97,
  },
];

const YL_ARTICLES: Article[] = [
  {
    category: 1,
    title: '云岭古镇慢游两日攻略',
    author: '古镇游客中心',
    body: ['第一天逛四方街与老茶马驿站，晚上看民族歌舞；第二天清晨登观景台看云海。'],
    state: published,
    views: 874,
  },
  {
    category: 3,
    title: '茶马古道上的云岭驿站',
    author: '赵强',
    body: ['云岭驿站曾是茶马古道上的重要歇脚点，马帮在此换马、补给、交易茶叶。'],
    state: published,
    views: 455,
  },
  {
    category: 2,
    title: '古镇入选省级历史文化名镇',
    author: '古镇管委会',
    body: ['云岭古镇入选第三批省级历史文化名镇名录。'],
    state: published,
    views: 1203,
  },
  {
    category: 1,
    title: '古镇美食地图',
    author: '赵强',
    body: ['四方街东口的乳扇、南巷的米线、驿站旁的烤饵块，都是本地人常去的老店。'],
    state: draft,
    views: 0,
  },
  {
    category: 3,
    title: '古镇扎染手艺',
    author: '李敏',
    body: ['扎染以板蓝根为染料，图案多取自山川花鸟，游客可在作坊体验。'],
    state: withdrawn,
    views: 64,
  },
];

async function seedArea(db: Db, scenicId: number, notices: Notice[], articles: Article[], now: number) {
  const at = (days: number | null | undefined) => (days == null ? null : new Date(now + days * DAY));
  await db.insert(announcements).values(
    notices.map((n, i) => ({
      scenicId,
      title: n.title,
      // the demo pictures (written at start with SEED=demo), every other announcement
      cover: i % 2 === 0 ? DEMO_PICTURES[(i + scenicId) % DEMO_PICTURES.length]! : '',
      content: html(n.body),
      pinned: n.pinned ?? false,
      state: n.state,
      publishFrom: at(n.from),
      publishTo: at(n.to),
      publishedAt: n.state === draft ? null : at(n.from ?? -(i + 1)),
      updatedAt: new Date(now - i * DAY),
    })),
  );
  await db.insert(scenicArticles).values(
    articles.map((a, i) => ({
      scenicId,
      category: a.category,
      title: a.title,
      cover: DEMO_PICTURES[(i + 2 * scenicId) % DEMO_PICTURES.length]!,
      author: a.author,
      content: html(a.body),
      state: a.state,
      viewCount: a.views,
      publishedAt: a.state === draft ? null : at(-(i * 3 + 2)),
      updatedAt: new Date(now - i * DAY),
    })),
  );
}

/** Announcements in every state (some pinned, one out of its window) and articles of both demo areas. */
export async function seedDemoContent(db: Db, scenicId: number): Promise<void> {
  const now = Date.now();
  await seedArea(db, scenicId, QSH_NOTICES, QSH_ARTICLES, now);
  const [second] = await db
    .select({ id: scenicAreas.id })
    .from(scenicAreas)
    .where(eq(scenicAreas.code, 'YLGZ'));
  if (second) await seedArea(db, second.id, YL_NOTICES, YL_ARTICLES, now);
}
