import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DEMO_PICTURES } from '../picture-groups/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { scenicSpots } from '../scenic-spots/index.ts';
import { drawnMapPng, ensureDemoFile, toneWav, type Stroke } from './demo-media.ts';
import { pathLength } from './map-guide.service.ts';
import { guideMaps, guideRoutes, spotVoices, voiceTypes } from './map-guide.table.ts';

type Box = { south: number; north: number; west: number; east: number };
interface DemoArea {
  code: string;
  name: string;
  box: Box;
  /** spots the guide adds to those of /scenic/viewpoint: name, type, introduction */
  extra: [string, 1 | 2 | 3, string][];
  routes: [name: string, spotOrder: number[], minutes: number, introduction: string][];
}

const MAP_SIZE = { width: 480, height: 640 };

/** The two demo areas' guides (src/server/modules/scenic-spots/scenic-spots.seed.ts has their spots). */
const AREAS: DemoArea[] = [
  {
    code: 'QSH',
    name: '青山湖手绘导览图',
    box: { south: 30.238, north: 30.29, west: 120.128, east: 120.168 },
    extra: [
      ['荷花池', 1, '夏季十里荷花，池上有木栈道可近观。'],
      ['古樟树', 1, '树龄八百余年的香樟，村民祈福之处。'],
    ],
    routes: [
      ['环湖精华线', [10, 0, 3, 2, 7], 90, '从游客中心出发，经湖心岛、九曲桥到渔村码头。'],
      ['登山观景线', [10, 5, 1, 6], 150, '竹林栈道上山，登青山塔，到望湖台看日落。'],
      ['亲子花园线', [12, 4, 2], 45, '停车场出发，百花园赏花后到观湖亭休息。'],
    ],
  },
  {
    code: 'YLGZ',
    name: '云岭古镇手绘导览图',
    box: { south: 25.683, north: 25.74, west: 100.14, east: 100.176 },
    extra: [
      ['银器街', 1, '老银匠现场錾刻银器，可定制小件。'],
      ['古井', 1, '明代古井，至今仍有居民取水。'],
      ['西门公厕', 3, '无障碍卫生间与母婴室。'],
      ['观景茶亭', 1, '半山茶亭，远眺古镇全貌与梯田。'],
    ],
    routes: [
      ['古镇漫步线', [8, 0, 1, 2, 5], 120, '从游客中心到四方街、古戏台与夜市。'],
      ['手艺体验线', [0, 3, 11, 4], 75, '扎染、银器与白族民居，一路动手体验。'],
      ['梯田徒步线', [8, 14, 6, 7], 180, '出镇上山，经观景茶亭到梯田观景台。'],
    ],
  },
];

const VOICES = [
  { name: '普通话', language: 'zh-CN', key: 'demo/guide-voice-zh.wav', seconds: 3, hz: 440 },
  { name: 'English', language: 'en', key: 'demo/guide-voice-en.wav', seconds: 4, hz: 523 },
];
const mapKey = (code: string) => `demo/guide-map-${code.toLowerCase()}.png`;

/** The drawing: hills at the edges, a lake (the lake area) or a river (the town), a road across. */
function drawing(area: DemoArea): Stroke[] {
  const { width: w, height: h } = MAP_SIZE;
  const hill = (cx: number, cy: number, r: number): Stroke => ({
    kind: 'ellipse',
    cx,
    cy,
    rx: r,
    ry: r * 0.7,
    rgb: [150, 190, 120],
  });
  const water: Stroke =
    area.code === 'QSH'
      ? { kind: 'ellipse', cx: w * 0.6, cy: h * 0.55, rx: w * 0.28, ry: h * 0.2, rgb: [140, 190, 230] }
      : {
          kind: 'path',
          points: [
            [0, h * 0.3],
            [w * 0.5, h * 0.35],
            [w, h * 0.25],
          ],
          width: 14,
          rgb: [140, 190, 230],
        };
  const road: Stroke = {
    kind: 'path',
    points: [
      [w * 0.2, h],
      [w * 0.3, h * 0.7],
      [w * 0.25, h * 0.45],
      [w * 0.45, h * 0.2],
      [w * 0.8, h * 0.05],
    ],
    width: 6,
    rgb: [200, 160, 110],
  };
  return [
    hill(w * 0.15, h * 0.12, 90),
    hill(w * 0.85, h * 0.1, 70),
    hill(w * 0.1, h * 0.85, 80),
    water,
    road,
  ];
}

/** The demo files: written by the server at start with SEED=demo (the seed runs without the upload folder). */
export async function ensureMapGuideDemoFiles(uploadDir: string) {
  for (const v of VOICES) await ensureDemoFile(uploadDir, v.key, () => toneWav(v.seconds, v.hz));
  for (const area of AREAS)
    await ensureDemoFile(uploadDir, mapKey(area.code), () =>
      drawnMapPng(MAP_SIZE.width, MAP_SIZE.height, drawing(area)),
    );
}

async function seedArea(db: Db, scenicId: number, area: DemoArea) {
  const { box } = area;
  const existing = await db
    .select({ id: scenicSpots.id, sort: scenicSpots.sort })
    .from(scenicSpots)
    .where(eq(scenicSpots.scenicId, scenicId))
    .orderBy(asc(scenicSpots.sort), asc(scenicSpots.id));
  const base = existing.length;
  if (area.extra.length)
    await db.insert(scenicSpots).values(
      area.extra.map(([name, spotType, introduction], k) => ({
        scenicId,
        name,
        spotType,
        introduction,
        image: DEMO_PICTURES[(base + k) % DEMO_PICTURES.length]!,
        latitude: Number((box.south + 0.01 + (base + k - 10) * 0.008).toFixed(6)),
        longitude: Number((box.west + 0.006 + k * 0.007).toFixed(6)),
        sort: (base + k + 1) * 10,
      })),
    );
  const spots = await db
    .select()
    .from(scenicSpots)
    .where(eq(scenicSpots.scenicId, scenicId))
    .orderBy(asc(scenicSpots.sort), asc(scenicSpots.id));
  const centre = { lat: (box.south + box.north) / 2, lng: (box.west + box.east) / 2 };
  await db.insert(guideMaps).values({
    scenicId,
    name: area.name,
    image: `/uploads/${mapKey(area.code)}`,
    centerSpot: centre,
    lowerLeft: { lat: box.south, lng: box.west },
    lowerRight: { lat: box.south, lng: box.east },
    upperLeft: { lat: box.north, lng: box.west },
    upperRight: { lat: box.north, lng: box.east },
    radius: 120,
  });
  const kinds = await db
    .insert(voiceTypes)
    .values(VOICES.map((v, i) => ({ scenicId, name: v.name, language: v.language, sort: i })))
    .returning({ id: voiceTypes.id });
  await db.insert(spotVoices).values(
    spots.flatMap((s) =>
      kinds.map((k, i) => ({
        scenicId,
        spotId: s.id,
        voiceTypeId: k.id,
        url: `/uploads/${VOICES[i]!.key}`,
        duration: VOICES[i]!.seconds,
      })),
    ),
  );
  await db.insert(guideRoutes).values(
    area.routes.map(([name, order, duration, introduction], i) => {
      const on = order.map((n) => spots[n]!);
      const path = on.map((s) => ({ lat: s.latitude!, lng: s.longitude! }));
      return {
        scenicId,
        name,
        spotIds: on.map((s) => s.id),
        path,
        distance: pathLength(path),
        duration,
        introduction,
        sort: i,
      };
    }),
  );
}

/** A guide map, two voices with their clips on every spot and three routes in each demo area. */
export async function seedDemoMapGuide(db: Db, scenicId: number): Promise<void> {
  for (const area of AREAS) {
    const [found] = await db
      .select({ id: scenicAreas.id })
      .from(scenicAreas)
      .where(eq(scenicAreas.code, area.code));
    const id = area.code === 'QSH' ? scenicId : found?.id;
    if (id) await seedArea(db, id, area);
  }
}
