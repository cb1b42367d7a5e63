// docs/product.md §2 /scenic/pictureCate and /scenic/ticmes: a picture group created through the form,
// two pictures uploaded at once, reordered by button and by keyboard drag, the order read back from the
// mini-program's public endpoint; a product's display edited; both screens in English at 800 px.
import fs from 'node:fs';
import path from 'node:path';
import type Axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { authApi } from '../src/shared/api/endpoints.ts';
import {
  pictureGroupApi,
  publicPictureGroupApi,
  type PictureGroupRow,
  type PictureRow,
  type PublicPictureGroup,
} from '../src/shared/api/picture-groups.ts';
import { publicTicketDisplayApi, type PublicTicketDisplay } from '../src/shared/api/ticket-display.ts';
import { gradientPng } from '../src/server/lib/demo-pictures.ts';
import { authGet, authPost } from './support/api.ts';
import { NARROW, snap, useConsole } from './support/browser.ts';
import { ROOT } from './support/server.ts';
import { button, drawer, pane, row, toast, waitForAnimations } from './support/ui.ts';

const { openPage } = useConsole();

const AXE_SOURCE = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical findings inside the open drawer (the a11y sweep sees only the lists). */
async function drawerViolations(page: Page): Promise<string[]> {
  await waitForAnimations(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    const result = await axe.run('.ant-drawer-open', { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
  });
}

async function scenicId(baseUrl: string, token: string) {
  return (await authGet<{ scenicId: number }>(baseUrl, token, authApi.getUserinfo)).data.scenicId;
}

async function publicGroup(baseUrl: string, scenic: number, name: string) {
  const res = await fetch(`${baseUrl}${publicPictureGroupApi.list}?scenicId=${scenic}`);
  const body = (await res.json()) as { data: PublicPictureGroup[] };
  return body.data.find((g) => g.name === name);
}

describe('scenic media', () => {
  it('creates a group, uploads two pictures at once, reorders them and the public endpoint follows', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const { page, go } = await openPage({ tokens: admin });
    await go('/scenic/pictureCate');
    await row(page, '首页轮播').waitFor();
    expect(await pane(page).locator('.ant-table-row').count()).toBe(3);
    await snap(page, 'picture-groups');

    await button(pane(page), '新增').click();
    await drawer(page).locator('#record_name').fill('E2E 夜景');
    await drawer(page).locator('#record_name').press('Enter');
    await toast(page, '操作成功').waitFor();
    await row(page, 'E2E 夜景').waitFor();
    const group = (
      await authPost<{ rows: PictureGroupRow[] }>(baseUrl, admin.access_token, pictureGroupApi.page, {
        name: 'E2E 夜景',
      })
    ).data.rows[0]!;

    await row(page, 'E2E 夜景').getByRole('button', { name: '管理图片' }).click();
    await drawer(page).getByText('还没有图片').waitFor();
    await drawer(page)
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'red.png', mimeType: 'image/png', buffer: gradientPng([220, 40, 40], 24, 16) },
        { name: 'blue.png', mimeType: 'image/png', buffer: gradientPng([40, 40, 220], 24, 16) },
      ]);
    await toast(page, '已添加 2 张图片').waitFor();
    const items = drawer(page).locator('[data-testid="picture-item"]');
    await expect.poll(() => items.count()).toBe(2);
    await snap(page, 'picture-manager');
    const picturesOf = async () =>
      (
        await authGet<PictureRow[]>(
          baseUrl,
          admin.access_token,
          `${pictureGroupApi.pictures}?groupId=${group.id}`,
        )
      ).data.map((p) => p.url);
    const [first, second] = await picturesOf();
    expect(first).toMatch(/\.png$/);

    // the move buttons: the first picture goes down, saved at once
    await drawer(page).getByRole('button', { name: '下移第 1 张图片' }).click();
    await toast(page, '顺序已保存').waitFor();
    await expect.poll(picturesOf).toEqual([second, first]);
    const scenic = await scenicId(baseUrl, admin.access_token);
    expect((await publicGroup(baseUrl, scenic, 'E2E 夜景'))?.pictures.map((p) => p.url)).toEqual([
      second,
      first,
    ]);

    // the drag handle by keyboard: pick up the first, move it down, drop it
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await drawer(page).getByRole('button', { name: '拖动第 1 张图片调整顺序' }).focus();
    // each step waits for what a screen reader hears (dnd-kit's live region)
    const heard = () => page.locator('[id^="DndLiveRegion"]').innerText();
    await page.keyboard.press('Space');
    await expect.poll(heard).toBe('已拿起第 1 张图片。');
    // dnd-kit's keyboard sensor starts listening a tick after the pick-up: a key pressed before it
    // is lost on a busy machine, so press again until the move is heard (two pictures: a second
    // press cannot move it further)
    const moved = '第 1 张图片移到第 2 位。';
    await expect
      .poll(async () => {
        if ((await heard()) !== moved) await page.keyboard.press('ArrowDown');
        return heard();
      })
      .toBe(moved);
    await page.keyboard.press('Space');
    await toast(page, '顺序已保存').waitFor();
    await expect.poll(picturesOf).toEqual([first, second]);
    expect((await publicGroup(baseUrl, scenic, 'E2E 夜景'))?.pictures.map((p) => p.url)).toEqual([
      first,
      second,
    ]);

    // the list shows the cover and the count
    await page.keyboard.press('Escape');
    await expect.poll(() => row(page, 'E2E 夜景').innerText()).toContain('2');
    expect(await row(page, 'E2E 夜景').locator(`img[src="${first}"]`).count()).toBe(1);
  });

  it("edits a product's display and the mini-program shows it", async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const { page, go } = await openPage({ tokens: admin });
    await go('/scenic/ticmes');
    await row(page, '成人票').waitFor();
    await snap(page, 'ticket-display');

    await row(page, '两日联票').getByRole('button', { name: '编辑' }).click();
    const name = drawer(page).locator('#record_displayName');
    await expect.poll(() => name.inputValue()).toBe('两日畅游联票');
    await name.fill('E2E 两日游');
    await drawer(page).locator('#record_tags').fill('E2E 标签');
    await drawer(page).locator('#record_tags').press('Enter');
    await button(page.locator('.ant-drawer-open'), '保存').click();
    await toast(page, '操作成功').waitFor();
    await row(page, 'E2E 两日游').waitFor();
    expect(await row(page, 'E2E 两日游').innerText()).toContain('E2E 标签');

    const scenic = await scenicId(baseUrl, admin.access_token);
    const res = await fetch(`${baseUrl}${publicTicketDisplayApi.list}?scenicId=${scenic}`);
    const shown = ((await res.json()) as { data: PublicTicketDisplay[] }).data;
    expect(shown.find((d) => d.name === 'E2E 两日游')?.tags).toEqual(['超值', '多日', 'E2E 标签']);
  });

  it('shows both screens in English on a narrow screen', async () => {
    const { page, go } = await openPage({
      tokens: inject('adminTokens'),
      width: NARROW,
      storage: [{ name: 'language', value: 'en' }],
    });
    await go('/scenic/pictureCate?showType=0');
    await row(page, 'Carousel').first().waitFor();
    expect(await pane(page).locator('.ant-table-row').count()).toBe(1);
    await snap(page, 'picture-groups-en-narrow');
    await row(page, 'Carousel').first().getByRole('button', { name: 'Pictures' }).click();
    await drawer(page).getByRole('button', { name: 'Move picture 1 down' }).waitFor();
    await snap(page, 'picture-manager-en-narrow');
    expect(await drawerViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await go('/scenic/ticmes?status=2');
    await row(page, 'Hidden').first().waitFor();
    await snap(page, 'ticket-display-en-narrow');
    await row(page, 'Hidden').first().getByRole('button', { name: 'Edit' }).click();
    await drawer(page).locator('#record_displayName').waitFor();
    expect(await drawerViolations(page)).toEqual([]);
    await snap(page, 'ticket-display-form-en-narrow');
  });
});
