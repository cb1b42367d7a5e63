import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mapRouteApi,
  tourMapApi,
  tourSpotApi,
  voiceTypeApi,
  type MapConfig,
  type MapRouteRow,
  type TourMapRow,
  type TourSpotRow,
  type VoiceTypeRow,
} from '../../../shared/api/map-guide.ts';
import { auditLogApi } from '../../../shared/api/logs.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { MAP_GUIDE_PERMS } from './map-guide.fixtures.ts';

// docs/product.md §7 map guide calls over HTTP: success, bad input, no permission, another area.
let t: TestApp;
const tok: Record<string, string> = {};
type Res = { statusCode: number; body: string; rawPayload: Buffer; json: () => { data: unknown } };

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body) as Promise<Res>;
async function data<T>(res: Promise<Res>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as T;
}
const list = <T>(url: string, who = 'admin', body: Record<string, unknown> = {}) =>
  data<{ rows: T[]; total: number }>(call(who, 'POST', url, { limit: 100, ...body }));
async function expect400(res: Promise<Res>, field: string) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(400);
  expect(JSON.parse(r.body).data.field).toBe(field);
}
const status = async (res: Promise<Res>) => (await res).statusCode;

let config: MapConfig;

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  await t.grant('yunling', MAP_GUIDE_PERMS);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  config = (await data<MapConfig | null>(call('admin', 'GET', mapRouteApi.getMapConfig)))!;
});
afterAll(() => t.close());

describe('getMapConfig and tourMap (/mapGuide/spotGuide)', () => {
  it("gives the area's map configuration, the demo's drawn map placed by its corners", async () => {
    expect(config).toMatchObject({ name: '青山湖手绘导览图', image: '/uploads/demo/guide-map-qsh.png' });
    expect(config.upperLeft.lat).toBeGreaterThan(config.lowerLeft.lat);
    const image = await t.app.inject({ url: config.image });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const theirs = await data<MapConfig>(call('yunling', 'GET', mapRouteApi.getMapConfig));
    expect(theirs.name).toBe('云岭古镇手绘导览图');
    expect(await status(call('staff', 'GET', mapRouteApi.getMapConfig))).toBe(403);
  });

  it('creates, reads, edits and deletes a map; the corners are checked, audited', async () => {
    const body = {
      name: '夜游图',
      image: '/uploads/demo/guide-map-qsh.png',
      centerSpot: { lat: 30.25, lng: 120.15 },
      lowerLeft: { lat: 30.2, lng: 120.1 },
      lowerRight: { lat: 30.2, lng: 120.2 },
      upperLeft: { lat: 30.3, lng: 120.1 },
      upperRight: { lat: 30.3, lng: 120.2 },
      status: 2,
      sort: 5,
    };
    const map = await data<TourMapRow>(call('admin', 'POST', tourMapApi.create, body));
    expect(map).toMatchObject({ name: '夜游图', radius: 50, mapKey: '', status: 2 });
    expect((await data<TourMapRow>(call('admin', 'GET', `${tourMapApi.query}?id=${map.id}`))).name).toBe(
      '夜游图',
    );
    const edited = await data<TourMapRow>(
      call('admin', 'POST', tourMapApi.update, { id: map.id, mapStyleId: 'style-1', radius: 80 }),
    );
    expect(edited).toMatchObject({ mapStyleId: 'style-1', radius: 80, centerSpot: body.centerSpot });
    // the centre moved outside the stored corners
    await expect400(
      call('admin', 'POST', tourMapApi.update, { id: map.id, centerSpot: { lat: 31, lng: 120.15 } }),
      'centerSpot',
    );
    expect((await list<TourMapRow>(tourMapApi.list, 'admin', { status: 2 })).rows.map((r) => r.id)).toEqual([
      map.id,
    ]);
    expect(await status(call('admin', 'GET', `${tourMapApi.deleted}?id=${map.id}`))).toBe(200);
    expect(await status(call('admin', 'GET', `${tourMapApi.query}?id=${map.id}`))).toBe(404);
    const trail = await list<{ action: string; targetId: string }>(auditLogApi.page, 'admin', {
      module: 'mapGuide',
    });
    expect(trail.rows.filter((r) => r.targetId === String(map.id)).map((r) => r.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
  });

  it('names the field of bad input, refuses without permission and keeps areas apart', async () => {
    const good = {
      name: 'X',
      image: '/uploads/x.png',
      centerSpot: config.centerSpot,
      lowerLeft: config.lowerLeft,
    };
    const corners = {
      lowerRight: config.lowerRight,
      upperLeft: config.upperLeft,
      upperRight: config.upperRight,
    };
    await expect400(call('admin', 'POST', tourMapApi.create, { ...good, ...corners, image: '' }), 'image');
    await expect400(
      call('admin', 'POST', tourMapApi.create, { ...good, ...corners, upperLeft: { lat: 91, lng: 0 } }),
      'upperLeft.lat',
    );
    await expect400(
      call('admin', 'POST', tourMapApi.create, {
        ...good,
        ...corners,
        upperLeft: config.lowerLeft,
        upperRight: config.lowerRight,
      }),
      'centerSpot',
    );
    await expect400(call('admin', 'GET', `${tourMapApi.selectMarker}?lat=x&lng=1`), 'lat');
    expect(await status(call('staff', 'POST', tourMapApi.list, {}))).toBe(403);
    expect(await status(call('staff', 'POST', tourMapApi.create, { ...good, ...corners }))).toBe(403);
    expect(await status(call('staff', 'GET', `${tourMapApi.selectMarker}?lat=30&lng=120`))).toBe(403);
    expect(await status(call('yunling', 'GET', `${tourMapApi.query}?id=${config.id}`))).toBe(404);
    expect(await status(call('yunling', 'POST', tourMapApi.update, { id: config.id, name: 'X' }))).toBe(404);
    expect(await status(call('yunling', 'GET', `${tourMapApi.deleted}?id=${config.id}`))).toBe(404);
  });

  it('selectMarker finds the spot nearest a position within the radius, and none far away', async () => {
    const spot = (await list<TourSpotRow>(tourSpotApi.list, 'admin', { name: '青山塔' })).rows[0]!;
    const near = await data<TourSpotRow | null>(
      call('admin', 'GET', `${tourMapApi.selectMarker}?lat=${spot.latitude! + 0.0003}&lng=${spot.longitude}`),
    );
    expect(near?.name).toBe('青山塔');
    expect(near?.voices).toHaveLength(2);
    const far = await data<TourSpotRow | null>(
      call(
        'admin',
        'GET',
        `${tourMapApi.selectMarker}?lat=${config.lowerLeft.lat}&lng=${config.lowerLeft.lng}`,
      ),
    );
    expect(far).toBeNull();
    // another area's spot is not found from this one
    const town = (await list<TourSpotRow>(tourSpotApi.list, 'yunling', { name: '四方街' })).rows[0]!;
    const fromHere = await data<TourSpotRow | null>(
      call('admin', 'GET', `${tourMapApi.selectMarker}?lat=${town.latitude}&lng=${town.longitude}`),
    );
    expect(fromHere).toBeNull();
  });
});

describe('tourSpot (/mapGuide/tourSpot): the scenic spots of the area', () => {
  it('lists the same spots as /scenic/viewpoint with their voices; the town has fifteen', async () => {
    const spots = await list<TourSpotRow>(tourSpotApi.list);
    expect(spots.total).toBe(15);
    expect(spots.rows.every((s) => s.voices.length === 2)).toBe(true);
    expect((await list<TourSpotRow>(tourSpotApi.list, 'yunling')).total).toBe(15);
    const facilities = await list<TourSpotRow>(tourSpotApi.list, 'admin', { spotType: 3 });
    expect(facilities.rows.map((r) => r.name)).toEqual(['游客服务中心', '医疗救助站', '停车场']);
  });

  it('creates a spot placed inside the map, edits and deletes it; a position outside is refused', async () => {
    const inside = { latitude: config.centerSpot.lat, longitude: config.centerSpot.lng };
    const spot = await data<TourSpotRow>(
      call('admin', 'POST', tourSpotApi.create, {
        name: '观鸟台',
        icon: '/uploads/demo/picture-1.png',
        images: ['/uploads/demo/picture-2.png'],
        ...inside,
      }),
    );
    expect(spot).toMatchObject({
      name: '观鸟台',
      spotType: 1,
      voices: [],
      images: ['/uploads/demo/picture-2.png'],
    });
    await expect400(
      call('admin', 'POST', tourSpotApi.update, { id: spot.id, latitude: config.upperLeft.lat + 0.01 }),
      'latitude',
    );
    await expect400(call('admin', 'POST', tourSpotApi.update, { id: spot.id, longitude: null }), 'longitude');
    const edited = await data<TourSpotRow>(
      call('admin', 'POST', tourSpotApi.update, {
        id: spot.id,
        latitude: null,
        longitude: null,
        spotType: 3,
      }),
    );
    expect(edited).toMatchObject({ latitude: null, longitude: null, spotType: 3 });
    expect(await status(call('admin', 'GET', `${tourSpotApi.deleted}?id=${spot.id}`))).toBe(200);
    expect((await list<TourSpotRow>(tourSpotApi.list)).total).toBe(15);
  });

  it('names the field of bad input, refuses without permission and keeps areas apart', async () => {
    const outside = { latitude: config.lowerLeft.lat - 0.01, longitude: config.lowerLeft.lng };
    await expect400(call('admin', 'POST', tourSpotApi.create, { name: 'A', ...outside }), 'latitude');
    await expect400(call('admin', 'POST', tourSpotApi.create, { name: 'A', latitude: 30.25 }), 'longitude');
    await expect400(call('admin', 'POST', tourSpotApi.create, { name: ' ' }), 'name');
    await expect400(call('admin', 'POST', tourSpotApi.create, { name: 'A', spotType: 4 }), 'spotType');
    await expect400(
      call('admin', 'POST', tourSpotApi.create, { name: 'A', images: ['javascript:1'] }),
      'images.0',
    );
    expect((await list<TourSpotRow>(tourSpotApi.list)).total).toBe(15);
    expect(await status(call('staff', 'POST', tourSpotApi.list, {}))).toBe(403);
    expect(await status(call('staff', 'POST', tourSpotApi.create, { name: 'A' }))).toBe(403);
    const ours = (await list<TourSpotRow>(tourSpotApi.list)).rows[0]!;
    expect(await status(call('yunling', 'POST', tourSpotApi.update, { id: ours.id, name: 'X' }))).toBe(404);
    expect(await status(call('yunling', 'GET', `${tourSpotApi.deleted}?id=${ours.id}`))).toBe(404);
  });
});

describe('voiceType (/mapGuide/voiceSetting)', () => {
  it('lists the demo voices, creates, edits and deletes one; a name once per area', async () => {
    const kinds = await list<VoiceTypeRow>(voiceTypeApi.list);
    expect(kinds.rows.map((k) => [k.name, k.language])).toEqual([
      ['普通话', 'zh-CN'],
      ['English', 'en'],
    ]);
    const yue = await data<VoiceTypeRow>(
      call('admin', 'POST', voiceTypeApi.create, { name: '粤语', language: 'yue' }),
    );
    expect(await status(call('admin', 'POST', voiceTypeApi.create, { name: '粤语', language: 'yue' }))).toBe(
      409,
    );
    expect(
      (await data<VoiceTypeRow>(call('admin', 'POST', voiceTypeApi.update, { id: yue.id, sort: 9 }))).sort,
    ).toBe(9);
    expect(await status(call('admin', 'GET', `${voiceTypeApi.deleted}?id=${yue.id}`))).toBe(200);
    expect((await list<VoiceTypeRow>(voiceTypeApi.list)).total).toBe(2);
  });

  it('names the field of bad input, refuses without permission and keeps areas apart', async () => {
    await expect400(
      call('admin', 'POST', voiceTypeApi.create, { name: 'X', language: 'not a tag' }),
      'language',
    );
    await expect400(call('admin', 'POST', voiceTypeApi.create, { language: 'en' }), 'name');
    expect(await status(call('staff', 'POST', voiceTypeApi.list, {}))).toBe(403);
    const ours = (await list<VoiceTypeRow>(voiceTypeApi.list)).rows[0]!;
    expect(await status(call('yunling', 'POST', voiceTypeApi.update, { id: ours.id, name: 'X' }))).toBe(404);
    expect(await status(call('yunling', 'GET', `${voiceTypeApi.deleted}?id=${ours.id}`))).toBe(404);
  });
});

describe('mapRoute (/mapGuide/tourRoute)', () => {
  it('lists the three demo routes; creates one through three spots, its length from the path', async () => {
    const routes = await list<MapRouteRow>(mapRouteApi.list);
    expect(routes.rows.map((r) => r.name)).toEqual(['环湖精华线', '登山观景线', '亲子花园线']);
    expect(routes.rows.every((r) => r.distance > 0)).toBe(true);
    const spots = (await list<TourSpotRow>(tourSpotApi.list)).rows.slice(0, 3);
    const path = spots.map((s) => ({ lat: s.latitude!, lng: s.longitude! }));
    const route = await data<MapRouteRow>(
      call('admin', 'POST', mapRouteApi.create, {
        name: '三点线',
        spotIds: spots.map((s) => s.id),
        path,
        duration: 75,
      }),
    );
    // 0.003° of latitude apart each, with a 0.004° step east: about 555 m per leg
    expect(route.distance).toBeGreaterThan(1000);
    expect(route.distance).toBeLessThan(1200);
    expect(
      (await data<MapRouteRow>(call('admin', 'GET', `${mapRouteApi.query}?id=${route.id}`))).spotIds,
    ).toEqual(spots.map((s) => s.id));
    const shorter = await data<MapRouteRow>(
      call('admin', 'POST', mapRouteApi.update, { id: route.id, path: path.slice(0, 2) }),
    );
    expect(shorter.distance).toBeLessThan(route.distance);
    expect(await status(call('admin', 'GET', `${mapRouteApi.deleted}?id=${route.id}`))).toBe(200);
    expect((await list<MapRouteRow>(mapRouteApi.list)).total).toBe(3);
  });

  it('names the field of bad input, refuses without permission and keeps areas apart', async () => {
    const spots = (await list<TourSpotRow>(tourSpotApi.list)).rows.slice(0, 2);
    const town = (await list<TourSpotRow>(tourSpotApi.list, 'yunling')).rows[0]!;
    const path = spots.map((s) => ({ lat: s.latitude!, lng: s.longitude! }));
    const ok = { name: 'R', spotIds: spots.map((s) => s.id), path, duration: 30 };
    await expect400(call('admin', 'POST', mapRouteApi.create, { ...ok, spotIds: [spots[0]!.id] }), 'spotIds');
    await expect400(
      call('admin', 'POST', mapRouteApi.create, { ...ok, spotIds: [spots[0]!.id, town.id] }),
      'spotIds',
    );
    await expect400(
      call('admin', 'POST', mapRouteApi.create, { ...ok, path: [path[0], { lat: 10, lng: 10 }] }),
      'path',
    );
    await expect400(call('admin', 'POST', mapRouteApi.create, { ...ok, duration: 0 }), 'duration');
    expect(await status(call('staff', 'POST', mapRouteApi.list, {}))).toBe(403);
    expect(await status(call('staff', 'POST', mapRouteApi.create, ok))).toBe(403);
    const ours = (await list<MapRouteRow>(mapRouteApi.list)).rows[0]!;
    expect(await status(call('yunling', 'GET', `${mapRouteApi.query}?id=${ours.id}`))).toBe(404);
    expect(await status(call('yunling', 'POST', mapRouteApi.update, { id: ours.id, name: 'X' }))).toBe(404);
    expect(await status(call('yunling', 'GET', `${mapRouteApi.deleted}?id=${ours.id}`))).toBe(404);
  });
});

describe('exports of the spot and route lists', () => {
  it("writes the filter's spots and routes of the acting area as .xlsx; refused without permission", async () => {
    const spots = await call('admin', 'POST', tourSpotApi.export, { spotType: 3 });
    expect(spots.statusCode).toBe(200);
    const spotText = xlsxText(spots.rawPayload);
    expect(spotText).toContain('游客服务中心');
    expect(spotText).not.toContain('湖心岛');
    expect(spotText).not.toContain('四方街');
    const routes = await call('yunling', 'POST', mapRouteApi.export, {});
    expect(routes.statusCode).toBe(200);
    const routeText = xlsxText(routes.rawPayload);
    expect(routeText).toContain('古镇漫步线');
    expect(routeText).toContain('2小时');
    expect(routeText).not.toContain('环湖精华线');
    expect(await status(call('staff', 'POST', tourSpotApi.export, {}))).toBe(403);
    expect(await status(call('staff', 'POST', mapRouteApi.export, {}))).toBe(403);
  });
});
