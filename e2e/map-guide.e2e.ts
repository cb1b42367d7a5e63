// docs/product.md §2 /mapGuide: a spot placed by a click on the area's illustrated map, a voice file
// attached to it, a route drawn through three spots, and all of it in the mini-program's public API.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  mapRouteApi,
  publicMapGuideApi,
  tourSpotApi,
  type MapRouteRow,
  type PublicGuideSpot,
  type PublicRoute,
  type TourSpotRow,
} from '../src/shared/api/map-guide.ts';
import { authApi } from '../src/shared/api/endpoints.ts';
import { toneWav } from '../src/server/modules/map-guide/demo-media.ts';
import { authGet, authPost } from './support/api.ts';
import { snap, useConsole, waitForRoute } from './support/browser.ts';
import { button, drawer, pane, row, toast, waitForAnimations } from './support/ui.ts';

const { openPage } = useConsole();
const SPOT = 'E2E 观鸟台';
const ROUTE = 'E2E 三点线';

const spotsNamed = async (name: string) => {
  const { data } = await authPost<{ rows: TourSpotRow[] }>(
    inject('baseUrl'),
    inject('adminTokens').access_token,
    tourSpotApi.list,
    { name, limit: 100 },
  );
  return data.rows;
};

/** Clicks the illustrated map at a fraction of its image (inside its corners). */
async function clickMap(page: Page, scope: ReturnType<typeof drawer>, fx: number, fy: number) {
  const image = scope.locator('.leaflet-image-layer');
  await image.waitFor();
  // the drawer slides in and the map fits its bounds: measure where the image is once both are still
  await waitForAnimations(page);
  const box = (await image.boundingBox())!;
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

// the shared server's demo stays as the other files expect it (the lake area's fifteen spots)
afterAll(async () => {
  const base = inject('baseUrl');
  const token = inject('adminTokens').access_token;
  const { data } = await authPost<{ rows: MapRouteRow[] }>(base, token, mapRouteApi.list, { name: ROUTE });
  for (const r of data.rows) await authGet(base, token, `${mapRouteApi.deleted}?id=${r.id}`);
  for (const s of await spotsNamed(SPOT)) await authGet(base, token, `${tourSpotApi.deleted}?id=${s.id}`);
});

describe('map guide', () => {
  it('places a spot on the map, attaches a voice, draws a route through three spots, all public', async () => {
    const admin = inject('adminTokens');
    const { page, go } = await openPage({ tokens: admin });

    // 1. a spot placed by a click on the map
    await go('/mapGuide/tourSpot');
    await row(page, '湖心岛').waitFor();
    await button(pane(page), '新增').click();
    await drawer(page).locator('#record_name').fill(SPOT);
    // clicked again while the map was still settling (a click beside the image places nothing)
    await expect
      .poll(async () => {
        await clickMap(page, drawer(page), 0.8, 0.85);
        return drawer(page).getByTestId('spot-position').innerText();
      })
      .toMatch(/^30\.\d+, 120\.\d+$/);
    await snap(page, 'map-guide-spot-form');
    await button(page.locator('.ant-drawer-open'), '保存').click();
    await toast(page, '操作成功').waitFor();
    await row(page, SPOT).waitFor();
    const [spot] = await spotsNamed(SPOT);
    expect(spot!.latitude).not.toBeNull();

    // 2. a voice file attached to it (English)
    await go('/mapGuide/voiceSetting');
    const spotRow = row(page, SPOT);
    await spotRow.waitFor();
    const chooser = page.waitForEvent('filechooser');
    await spotRow
      .getByRole('button', { name: /上\s*传/ })
      .nth(1)
      .click();
    await (await chooser).setFiles({ name: 'guide.wav', mimeType: 'audio/wav', buffer: toneWav(2.2, 440) });
    await toast(page, '操作成功').waitFor();
    await spotRow.locator('audio').waitFor();
    expect(await spotRow.innerText()).toContain('2秒');

    // 3. a route drawn through three spots
    const stops = (await spotsNamed('')).filter((s) => ['湖心岛', '九曲桥', SPOT].includes(s.name));
    await go('/mapGuide/tourRoute');
    await row(page, '环湖精华线').waitFor();
    await button(pane(page), '新增路线').click();
    await waitForRoute(page, '/mapGuide/tourRouteDetail');
    await pane(page).locator('.leaflet-image-layer').waitFor();
    await pane(page).locator('#name').fill(ROUTE);
    for (const s of stops) await pane(page).locator(`path.guide-spot-${s.id}`).click();
    await expect.poll(() => pane(page).getByTestId('route-stops').locator('.ant-tag').count()).toBe(3);
    await snap(page, 'map-guide-route');
    await button(pane(page), '保存').click();
    await toast(page, '操作成功').waitFor();
    await row(page, ROUTE).waitFor();

    // 4. the mini-program sees them
    const info = await authGet<{ scenicId: number }>(
      inject('baseUrl'),
      admin.access_token,
      authApi.getUserinfo,
    );
    const scenicId = info.data.scenicId;
    const publicGet = async <T>(url: string) =>
      ((await (await fetch(`${inject('baseUrl')}${url}`)).json()) as { data: T }).data;
    const voices = await publicGet<{ id: number; name: string }[]>(
      `${publicMapGuideApi.voices}?scenicId=${scenicId}`,
    );
    const english = voices.find((v) => v.name === 'English')!;
    const spots = await publicGet<PublicGuideSpot[]>(
      `${publicMapGuideApi.spots}?scenicId=${scenicId}&voiceTypeId=${english.id}`,
    );
    expect(spots.find((s) => s.name === SPOT)).toMatchObject({
      voiceDuration: 2,
      voiceUrl: expect.stringMatching(/\.wav$/),
    });
    const routes = await publicGet<PublicRoute[]>(`${publicMapGuideApi.routes}?scenicId=${scenicId}`);
    const drawn = routes.find((r) => r.name === ROUTE)!;
    expect(drawn.spotIds).toEqual(stops.map((s) => s.id));
    expect(drawn.distance).toBeGreaterThan(0);
  });
});
