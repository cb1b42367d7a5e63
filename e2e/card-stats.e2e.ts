// Issue 32's statistics screen end to end: 畅游卡管理 › 畅游卡统计 shows the demo's year of cards, the
// chart drawn by ECharts (loaded with the screen, not before), another range by a shortcut, a table
// exported as .xlsx, and the screen in English at 800 px.
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Tokens } from './support/api.ts';
import { NARROW, snap, useConsole, waitForRoute } from './support/browser.ts';
import { pane, sidebar } from './support/ui.ts';

const { openPage } = useConsole();

let admin: Tokens;

beforeAll(() => {
  admin = inject('adminTokens');
});

async function download(page: Page, trigger: Locator): Promise<{ body: Buffer; name: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { body: fs.readFileSync(await file.path()), name: file.suggestedFilename() };
}

describe('travel card statistics', () => {
  it('reads the figures and the chart, switches the range, exports a table', async () => {
    const { page, go } = await openPage({ tokens: admin });
    await go('/dashboard');
    await sidebar(page).getByText('畅游卡管理').click();
    await sidebar(page).getByText('畅游卡统计').click();
    await waitForRoute(page, '/VipCard/enjSelfCardStatis');
    const screen = pane(page);
    const chart = screen.getByTestId('card-stats-chart');
    await chart.waitFor();
    const days = async () => Number(await chart.getAttribute('data-points'));
    await expect.poll(days).toBe(30);
    // ECharts drew the bars (SVG renderer)
    await expect.poll(() => chart.locator('svg path').count()).toBeGreaterThan(8);

    // the last year (a shortcut of the range picker): the demo's ~2,000 cards, money with separators
    const queried = page.waitForResponse((r) => r.url().includes('/cardStats/query'));
    await screen.locator('.ant-picker-range').click();
    await page.locator('.ant-picker-presets li').filter({ hasText: '最近一年' }).click();
    expect((await queried).status()).toBe(200);
    await expect.poll(days).toBe(365);
    await expect
      .poll(async () =>
        Number((await screen.getByTestId('card-stats-total-sold').innerText()).replace(/\D/g, '')),
      )
      .toBeGreaterThan(1_500);
    expect(await screen.getByTestId('card-stats-total-amount').innerText()).toMatch(
      /\d{1,3}(,\d{3})+\.\d{2}/,
    );
    expect(await screen.getByTestId('card-stats-kinds').innerText()).toContain('湖山年卡');
    await snap(page, 'card-statistics');

    const file = await download(page, screen.getByTestId('card-stats-export-kind'));
    expect(file.name).toMatch(/^畅游卡种类收入-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(file.body.subarray(0, 2).toString()).toBe('PK');
  });

  it('reads in English at 800 px', async () => {
    const { page, go } = await openPage({
      tokens: admin,
      width: NARROW,
      storage: [{ name: 'language', value: 'en' }],
    });
    await go('/VipCard/enjSelfCardStatis');
    const screen = pane(page);
    await screen.getByTestId('card-stats-chart').waitFor();
    await screen.getByText('Revenue by channel').waitFor();
    expect(await screen.getByTestId('card-stats-total-sold').innerText()).toContain('Cards sold');
    // nothing wider than the screen
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
