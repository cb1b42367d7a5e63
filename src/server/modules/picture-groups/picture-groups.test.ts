import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogApi } from '../../../shared/api/logs.ts';
import {
  pictureGroupApi as api,
  publicPictureGroupApi as pub,
  type PictureGroupRow,
  type PictureRow,
  type PublicPictureGroup,
} from '../../../shared/api/picture-groups.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { callsAs, data, expect400 } from '../../test/replies.ts';
import { scenicAreas } from '../scenic/index.ts';
import { DEMO_PICTURES, gradientPng } from '../../lib/demo-pictures.ts';

let t: TestApp;
let qsh = 0;
let ylgz = 0;
const tok: Record<string, string> = {};

const { call, publicGet } = callsAs(() => t, tok);

async function rows(who = 'admin', body: Record<string, unknown> = {}) {
  return data<{ rows: PictureGroupRow[]; total: number }>(
    await call(who, 'POST', api.page, { limit: 100, ...body }),
  );
}
const pictures = async (groupId: number, who = 'admin') =>
  data<PictureRow[]>(await call(who, 'GET', `${api.pictures}?groupId=${groupId}`));

/** Uploads a PNG through the console's upload endpoint; answers its url. */
async function upload(who: string, rgb: [number, number, number]) {
  const boundary = 'media-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    gradientPng(rgb, 8, 8),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: storageApi.uploadUnMove,
    headers: {
      authorization: `Bearer ${tok[who]}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return (await data<string[]>(res))[0]!;
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  const areas = await t.database.db.select().from(scenicAreas);
  qsh = areas.find((a) => a.code === 'QSH')!.id;
  ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
  await t.grant(
    'yunling',
    ['page', 'create', 'update', 'delete'].map((a) => `admin:scenicPictureGroup:${a}`),
  );
  // may look, not change
  await t.grant('staff', ['admin:scenicPictureGroup:page']);
  for (const name of ['admin', 'staff', 'yunling', 'agent']) tok[name] = (await t.login(name)).access_token;
});
afterAll(() => t.close());

describe('picture groups (/scenic/pictureCate)', () => {
  it('lists the demo groups with cover and count, filters, sorts and exports', async () => {
    const all = await rows();
    expect(all.rows.map((r) => [r.name, r.showType, r.pictureCount])).toEqual([
      ['首页轮播', 0, 3],
      ['湖光山色', 1, 4],
      ['四季花事', 1, 2],
    ]);
    expect(all.rows[0]!.cover).toBe(DEMO_PICTURES[0]);
    expect((await rows('admin', { showType: 0 })).rows.map((r) => r.name)).toEqual(['首页轮播']);
    expect((await rows('admin', { status: 2 })).rows.map((r) => r.name)).toEqual(['四季花事']);
    expect((await rows('admin', { name: '湖光' })).total).toBe(1);
    expect((await rows('admin', { sort: 'sort', order: 'desc' })).rows[0]!.name).toBe('四季花事');
    // the demo pictures are real files under /uploads
    const image = await t.app.inject({ url: DEMO_PICTURES[0]! });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const xlsx = await call('admin', 'POST', api.export, { showType: 1 });
    expect(xlsx.statusCode).toBe(200);
    const text = xlsxText(xlsx.rawPayload);
    expect(text).toContain('湖光山色');
    expect(text).toContain('相册');
    expect(text).not.toContain('首页轮播');
  });

  it('creates a group, adds uploaded pictures, captions, reorders and deletes them, audited', async () => {
    const group = await data<PictureGroupRow>(
      await call('admin', 'POST', api.create, { name: '夜游灯会', showType: 0, sort: 5 }),
    );
    expect(group).toMatchObject({ name: '夜游灯会', showType: 0, status: 1, cover: '', pictureCount: 0 });

    const urls = [await upload('admin', [200, 0, 0]), await upload('admin', [0, 200, 0])];
    expect(urls[0]).toMatch(new RegExp(`^/uploads/scenic-${qsh}/.+\\.png$`));
    const added = await data<PictureRow[]>(
      await call('admin', 'POST', api.addPictures, {
        groupId: group.id,
        pictures: [{ url: urls[0], caption: '红灯' }, { url: urls[1] }],
      }),
    );
    expect(added.map((p) => [p.url, p.caption, p.sort])).toEqual([
      [urls[0], '红灯', 1],
      [urls[1], '', 2],
    ]);
    // more are appended after the last one
    const third = (
      await data<PictureRow[]>(
        await call('admin', 'POST', api.addPictures, {
          groupId: group.id,
          pictures: [{ url: DEMO_PICTURES[2] }],
        }),
      )
    )[2]!;
    expect(third.sort).toBe(3);

    const [a, b, c] = added.concat(third).map((p) => p.id);
    const reordered = await data<PictureRow[]>(
      await call('admin', 'POST', api.reorder, { groupId: group.id, ids: [c, a, b] }),
    );
    expect(reordered.map((p) => p.id)).toEqual([c, a, b]);
    expect((await pictures(group.id)).map((p) => p.id)).toEqual([c, a, b]);
    const listed = (await rows('admin', { name: '夜游灯会' })).rows[0]!;
    expect(listed).toMatchObject({ cover: DEMO_PICTURES[2], pictureCount: 3 });

    const captioned = await data<PictureRow>(
      await call('admin', 'POST', api.updatePicture, { id: b, caption: ' 绿灯 ' }),
    );
    expect(captioned.caption).toBe('绿灯');
    await data(await call('admin', 'GET', `${api.deletePicture}?id=${a}`));
    expect((await pictures(group.id)).map((p) => p.id)).toEqual([c, b]);
    expect((await call('admin', 'GET', `${api.deletePicture}?id=${a}`)).statusCode).toBe(404);

    const audit = await data<{ rows: { action: string; targetType: string; targetId: string }[] }>(
      await call('admin', 'POST', auditLogApi.page, { module: 'scenic', limit: 20 }),
    );
    const trail = audit.rows
      .filter(
        (r) =>
          (r.targetType === 'pictureGroup' && r.targetId === String(group.id)) ||
          r.targetType === 'groupPicture',
      )
      .map((r) => `${r.targetType}:${r.action}`);
    expect(trail).toEqual([
      'groupPicture:delete',
      'groupPicture:update',
      'pictureGroup:reorder',
      'pictureGroup:addPictures',
      'pictureGroup:addPictures',
      'pictureGroup:create',
    ]);

    await data(await call('admin', 'GET', `${api.delete}?id=${group.id}`));
    expect((await call('admin', 'GET', `${api.pictures}?groupId=${group.id}`)).statusCode).toBe(404);
  });

  it('names the field of bad input and changes nothing', async () => {
    const before = await rows();
    const group = before.rows[1]!;
    const order = (await pictures(group.id)).map((p) => p.id);
    expect400(await call('admin', 'POST', api.create, { name: ' ' }), 'name');
    expect400(await call('admin', 'POST', api.create, { name: 'A', showType: 2 }), 'showType');
    expect400(await call('admin', 'POST', api.create, { name: 'A', sort: -1 }), 'sort');
    expect400(await call('admin', 'POST', api.create, { name: 'A', extra: 1 }), 'extra');
    expect400(await call('admin', 'POST', api.update, { id: group.id, status: 3 }), 'status');
    expect400(await call('admin', 'POST', api.page, { showType: 5 }), 'showType');
    expect400(await call('admin', 'POST', api.addPictures, { groupId: group.id, pictures: [] }), 'pictures');
    expect400(
      await call('admin', 'POST', api.addPictures, {
        groupId: group.id,
        pictures: [{ url: 'javascript:alert(1)' }],
      }),
      'pictures.0.url',
    );
    expect400(
      await call('admin', 'POST', api.addPictures, { groupId: group.id, pictures: [{ url: '' }] }),
      'pictures.0.url',
    );
    // too many for one group
    const many = Array.from({ length: 57 }, () => ({ url: DEMO_PICTURES[0] }));
    expect400(
      await call('admin', 'POST', api.addPictures, { groupId: group.id, pictures: many }),
      'pictures',
    );
    // a reorder must name every picture of the group once
    expect400(await call('admin', 'POST', api.reorder, { groupId: group.id, ids: order.slice(1) }), 'ids');
    expect400(
      await call('admin', 'POST', api.reorder, { groupId: group.id, ids: [order[0], ...order] }),
      'ids',
    );
    const foreign = (await pictures(before.rows[0]!.id))[0]!.id;
    expect400(
      await call('admin', 'POST', api.reorder, { groupId: group.id, ids: [...order.slice(1), foreign] }),
      'ids',
    );
    expect400(
      await call('admin', 'POST', api.updatePicture, { id: order[0], caption: 'x'.repeat(101) }),
      'caption',
    );

    expect(await rows()).toEqual(before);
    expect((await pictures(group.id)).map((p) => p.id)).toEqual(order);
  });

  it('refuses an account without the permission', async () => {
    const group = (await rows()).rows[0]!;
    expect((await call('staff', 'POST', api.page, {})).statusCode).toBe(200);
    expect((await call('staff', 'POST', api.create, { name: 'A' })).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${api.delete}?id=${group.id}`)).statusCode).toBe(403);
    const ids = (await pictures(group.id, 'staff')).map((p) => p.id);
    expect(
      (await call('staff', 'POST', api.reorder, { groupId: group.id, ids: ids.reverse() })).statusCode,
    ).toBe(403);
    expect(
      (
        await call('staff', 'POST', api.addPictures, {
          groupId: group.id,
          pictures: [{ url: DEMO_PICTURES[0] }],
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('staff', 'GET', `${api.deletePicture}?id=${ids[0]}`)).statusCode).toBe(403);
    // a distributor account never manages the area's pictures
    expect((await call('agent', 'POST', api.page, {})).statusCode).toBe(403);
    expect((await pictures(group.id)).map((p) => p.id)).toEqual(ids.reverse());
  });

  it("keeps each area's groups and pictures to itself", async () => {
    const own = await rows('yunling');
    expect(own.rows.map((r) => r.name)).toEqual(['古镇轮播', '古镇街巷', '民俗节庆']);
    const other = (await rows()).rows[0]!;
    const otherPictures = await pictures(other.id);
    const otherPicture = otherPictures[0]!.id;
    expect((await call('yunling', 'GET', `${api.query}?id=${other.id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', api.update, { id: other.id, name: 'X' })).statusCode).toBe(404);
    expect((await call('yunling', 'GET', `${api.delete}?id=${other.id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', api.status, { ids: [other.id], status: 2 })).statusCode).toBe(404);
    expect((await call('yunling', 'GET', `${api.pictures}?groupId=${other.id}`)).statusCode).toBe(404);
    expect(
      (
        await call('yunling', 'POST', api.addPictures, {
          groupId: other.id,
          pictures: [{ url: DEMO_PICTURES[0] }],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('yunling', 'POST', api.reorder, {
          groupId: other.id,
          ids: otherPictures.map((p) => p.id).reverse(),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('yunling', 'POST', api.updatePicture, { id: otherPicture, caption: 'X' })).statusCode,
    ).toBe(404);
    expect((await call('yunling', 'GET', `${api.deletePicture}?id=${otherPicture}`)).statusCode).toBe(404);
    expect((await pictures(other.id)).map((p) => [p.id, p.caption])).toEqual(
      otherPictures.map((p) => [p.id, p.caption]),
    );
    // a picture of another group of one's own area cannot be slipped into a reorder either
    const mine = own.rows[1]!;
    const mineIds = (await pictures(mine.id, 'yunling')).map((p) => p.id);
    expect400(
      await call('yunling', 'POST', api.reorder, { groupId: mine.id, ids: [...mineIds, otherPicture] }),
      'ids',
    );
  });
});

describe('public picture groups (mini-program, no login)', () => {
  it("answers an area's enabled groups with their pictures in order, cacheable", async () => {
    const res = await publicGet(`${pub.list}?scenicId=${qsh}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const groups = res.json().data as PublicPictureGroup[];
    // the disabled album (四季花事) is not shown
    expect(groups.map((g) => g.name)).toEqual(['首页轮播', '湖光山色']);
    expect(groups[0]!.pictures.map((p) => p.caption)).toEqual(['湖心岛晨景', '青山塔远眺', '望湖台日落']);
    const carousels = (await publicGet(`${pub.list}?scenicId=${qsh}&showType=0`)).json()
      .data as PublicPictureGroup[];
    expect(carousels.map((g) => g.name)).toEqual(['首页轮播']);
    const yl = (await publicGet(`${pub.list}?scenicId=${ylgz}`)).json().data as PublicPictureGroup[];
    expect(yl.map((g) => g.name)).toEqual(['古镇轮播', '古镇街巷', '民俗节庆']);

    const etag = res.headers.etag as string;
    expect((await publicGet(`${pub.list}?scenicId=${qsh}`, { 'if-none-match': etag })).statusCode).toBe(304);
    // a new order is a new answer
    const album = groups[1]!;
    await data(
      await call('admin', 'POST', api.reorder, {
        groupId: album.id,
        ids: album.pictures.map((p) => p.id).reverse(),
      }),
    );
    const changed = await publicGet(`${pub.list}?scenicId=${qsh}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    const after = (changed.json().data as PublicPictureGroup[])[1]!;
    expect(after.pictures.map((p) => p.caption)).toEqual(album.pictures.map((p) => p.caption).reverse());

    expect((await publicGet(pub.list)).statusCode).toBe(400);
  });
});
