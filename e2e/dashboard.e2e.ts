// Issue 34's dashboard: today's figures of the area, each with yesterday's and last year's and a link
// to its screen, and the 30-day trend, read after the shell has drawn; staff without the roles see none.
import { describe, expect, it } from 'vitest';
import { snap, useConsole } from './support/browser.ts';
import { pane, switchLanguage } from './support/ui.ts';

const { openPage } = useConsole();

describe('the dashboard', () => {
  it("shows the area's figures and trend, links each to its screen, in both languages", async () => {
    const { page, go } = await openPage({ account: 'admin' });
    await go('/dashboard');
    const screen = pane(page);
    for (const key of [
      'sales',
      'visitorsNow',
      'entries',
      'refundsPending',
      'shipmentsPending',
      'devicesOffline',
    ])
      await screen.getByTestId(`dashboard-figure-${key}`).waitFor();
    const sales = screen.getByTestId('dashboard-figure-sales');
    expect(await sales.innerText()).toContain('今日销售额');
    expect(await sales.innerText()).toMatch(/昨日 [\d,]+\.\d\d/);
    const trend = screen.getByTestId('dashboard-trend');
    expect(await trend.getAttribute('data-points')).toBe('30');
    // the demo's history has sales on most days: bars are drawn
    await expect.poll(() => trend.locator('rect').count()).toBe(30);
    await snap(page, 'dashboard-figures');

    await switchLanguage(page, 'English');
    expect(await screen.getByTestId('dashboard-figure-entries').innerText()).toContain('Entries today');
    await snap(page, 'dashboard-figures-en');

    await screen.getByTestId('dashboard-figure-devicesOffline').click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/terminal/terminal'));
  });

  it('shows no figures to staff whose roles hold none', async () => {
    const { page, go } = await openPage({ account: 'staff' });
    await go('/dashboard');
    await pane(page).getByText('您好，').first().waitFor();
    await pane(page).getByText('快捷入口').waitFor();
    expect(await pane(page).getByTestId('dashboard-trend').count()).toBe(0);
  });
});
