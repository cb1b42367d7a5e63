import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mapRouteApi,
  publicMapGuideApi,
  tourSpotApi,
  voiceTypeApi,
  voiceUploadApi,
  type MapConfig,
  type PublicGuideSpot,
  type PublicRoute,
  type SpotVoice,
  type TourSpotRow,
  type VoiceTypeRow,
} from '../../../shared/api/map-guide.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { toneWav } from './demo-media.ts';
import { MAP_GUIDE_PERMS } from './map-guide.fixtures.ts';

// The voice upload (by content, size, duration) and the mini-program's reads (no login).
let t: TestApp;
const tok: Record<string, string> = {};
let scenicId: number;
let spots: TourSpotRow[];
let kinds: VoiceTypeRow[];

const SEP = 'mapGuideVoiceBoundary';
/** A multipart body of one file part named "file". */
const formWith = (bytes: Buffer, filename: string) =>
  Buffer.concat([
    Buffer.from(`--${SEP}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${SEP}--\r\n`),
  ]);
const upload = (who: string, spotId: number, voiceTypeId: number, bytes: Buffer, filename = 'guide.wav') =>
  t.app.inject({
    method: 'POST',
    url: `${voiceUploadApi.uploadVoice}?spotId=${spotId}&voiceTypeId=${voiceTypeId}`,
    headers: { authorization: `bearer ${tok[who]}`, 'content-type': `multipart/form-data; boundary=${SEP}` },
    payload: formWith(bytes, filename),
  });
const pub = (url: string) => t.call(null, 'GET', url);
async function pubData<T>(url: string): Promise<T> {
  const res = await pub(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

/** The smallest MPEG-1 Layer III frames: a sync word, 128 kbit/s at 44.1 kHz, silent. */
function mp3(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  await t.grant('yunling', MAP_GUIDE_PERMS);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  scenicId = (await t.call(tok.admin!, 'GET', '/web/api/ticket/auth/getUserinfo')).json().data.scenicId;
  spots = (await t.call(tok.admin!, 'POST', tourSpotApi.list, { limit: 100 })).json().data.rows;
  kinds = (await t.call(tok.admin!, 'POST', voiceTypeApi.list, {})).json().data.rows;
});
afterAll(() => t.close());

describe('POST uploadVoice', () => {
  it("stores a wav and an mp3 by content, reads their length, replaces the spot's file in that voice", async () => {
    const spot = spots[0]!;
    const res = await upload('admin', spot.id, kinds[1]!.id, toneWav(2.4, 440), 'whatever.bin');
    expect(res.statusCode, res.body).toBe(200);
    const voice = res.json().data as SpotVoice;
    expect(voice).toMatchObject({ voiceTypeId: kinds[1]!.id, duration: 2 });
    expect(voice.url).toMatch(/^\/uploads\/scenic-\d+\/voice-[\w-]+\.wav$/);
    const served = await t.app.inject({ url: voice.url });
    expect(served.headers['content-type']).toBe('audio/wav');
    expect(served.rawPayload.subarray(0, 4).toString()).toBe('RIFF');

    const again = await upload('admin', spot.id, kinds[1]!.id, mp3(200), 'guide.mp3');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ id: voice.id, duration: 5 }); // 200 frames × 26 ms
    const listed = (await t.call(tok.admin!, 'POST', tourSpotApi.list, { name: spot.name })).json().data
      .rows[0];
    expect(listed.voices.find((v: SpotVoice) => v.voiceTypeId === kinds[1]!.id).url).toMatch(/\.mp3$/);
  });

  it('refuses what is not audio by content (a renamed text file), an empty upload and a file too large', async () => {
    const spot = spots[1]!;
    const text = await upload(
      'admin',
      spot.id,
      kinds[0]!.id,
      Buffer.from('just some words, not a sound'),
      'guide.mp3',
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().msg).toBe('仅支持 mp3、m4a、wav 格式的音频文件（按文件内容判断）');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await upload('admin', spot.id, kinds[0]!.id, png, 'guide.wav')).statusCode).toBe(400);
    const big = await upload('admin', spot.id, kinds[0]!.id, toneWav(400, 440));
    expect(big.statusCode).toBe(413);
    const noFile = await t.app.inject({
      method: 'POST',
      url: `${voiceUploadApi.uploadVoice}?spotId=${spot.id}&voiceTypeId=${kinds[0]!.id}`,
      headers: {
        authorization: `bearer ${tok.admin}`,
        'content-type': `multipart/form-data; boundary=${SEP}`,
      },
      payload: `--${SEP}--\r\n`,
    });
    expect(noFile.statusCode).toBe(400);
    // the spot keeps its demo voice
    const listed = (await t.call(tok.admin!, 'POST', tourSpotApi.list, { name: spot.name })).json().data
      .rows[0];
    expect(listed.voices.find((v: SpotVoice) => v.voiceTypeId === kinds[0]!.id).url).toBe(
      '/uploads/demo/guide-voice-zh.wav',
    );
  });

  it('names a bad query field, refuses without permission and another area', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: `${voiceUploadApi.uploadVoice}?spotId=x&voiceTypeId=1`,
      headers: {
        authorization: `bearer ${tok.admin}`,
        'content-type': `multipart/form-data; boundary=${SEP}`,
      },
      payload: formWith(toneWav(1, 440), 'a.wav'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('spotId');
    expect((await upload('staff', spots[0]!.id, kinds[0]!.id, toneWav(1, 440))).statusCode).toBe(403);
    expect((await upload('yunling', spots[0]!.id, kinds[0]!.id, toneWav(1, 440))).statusCode).toBe(404);
    const theirKind = (await t.call(tok.yunling!, 'POST', voiceTypeApi.list, {})).json().data.rows[0];
    expect((await upload('admin', spots[0]!.id, theirKind.id, toneWav(1, 440))).statusCode).toBe(404);
  });
});

describe('the mini-program map guide (/api/public/mapGuide, no login)', () => {
  it('gives the map configuration and the voices, cacheable', async () => {
    const res = await pub(`${publicMapGuideApi.config}?scenicId=${scenicId}`);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const config = res.json().data as MapConfig;
    expect(config.image).toBe('/uploads/demo/guide-map-qsh.png');
    const voices = await pubData<{ name: string }[]>(`${publicMapGuideApi.voices}?scenicId=${scenicId}`);
    expect(voices.map((v) => v.name)).toEqual(['普通话', 'English']);
    expect((await pub(`${publicMapGuideApi.config}?scenicId=x`)).statusCode).toBe(400);
  });

  it('gives the spots with the file of the chosen voice', async () => {
    const zh = await pubData<PublicGuideSpot[]>(`${publicMapGuideApi.spots}?scenicId=${scenicId}`);
    expect(zh).toHaveLength(15);
    expect(zh[2]!.voiceUrl).toBe('/uploads/demo/guide-voice-zh.wav');
    const en = await pubData<PublicGuideSpot[]>(
      `${publicMapGuideApi.spots}?scenicId=${scenicId}&voiceTypeId=${kinds[1]!.id}`,
    );
    expect(en[2]).toMatchObject({ voiceUrl: '/uploads/demo/guide-voice-en.wav', voiceDuration: 4 });
    expect(en.map((s) => s.name)).not.toContain('四方街');
  });

  it('finds the nearest spot near one and none far away', async () => {
    const spot = spots[4]!;
    const near = await pubData<PublicGuideSpot | null>(
      `${publicMapGuideApi.nearest}?scenicId=${scenicId}&lat=${spot.latitude! - 0.0002}&lng=${spot.longitude! + 0.0002}`,
    );
    expect(near?.id).toBe(spot.id);
    const far = await pubData<PublicGuideSpot | null>(
      `${publicMapGuideApi.nearest}?scenicId=${scenicId}&lat=30.1&lng=120`,
    );
    expect(far).toBeNull();
    expect((await pub(`${publicMapGuideApi.nearest}?scenicId=${scenicId}&lat=100&lng=120`)).statusCode).toBe(
      400,
    );
  });

  it('gives the enabled routes with their spots and paths', async () => {
    const routes = await pubData<PublicRoute[]>(`${publicMapGuideApi.routes}?scenicId=${scenicId}`);
    expect(routes.map((r) => r.name)).toEqual(['环湖精华线', '登山观景线', '亲子花园线']);
    expect(routes[0]!.path).toHaveLength(routes[0]!.spotIds.length);
    const first = (await t.call(tok.admin!, 'POST', mapRouteApi.list, {})).json().data.rows[0];
    await t.call(tok.admin!, 'POST', mapRouteApi.update, { id: first.id, status: 2 });
    const after = await pubData<PublicRoute[]>(`${publicMapGuideApi.routes}?scenicId=${scenicId}`);
    expect(after.map((r) => r.name)).toEqual(['登山观景线', '亲子花园线']);
  });
});
