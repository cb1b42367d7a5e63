// Issue 34's ticket details, money movements and top-ups end to end: the two reports draw a chart
// (ECharts, loaded with the screen) and tables of the demo; the ticket details list its tickets and
// export them as a streamed .xlsx that opens with the list's total of rows.
import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, inject, it } from 'vitest';
import { authPost } from './support/api.ts';
import { useConsole, waitForRoute } from './support/browser.ts';
import { button, pane } from './support/ui.ts';

const { openPage } = useConsole();

/** Each report screen, the table it draws a chart of, and a table that must have rows. */
const SCREENS = [
  { path: '/statAnalyse/particulars', chart: 'byDay', table: 'byPayWay' },
  { path: '/statAnalyse/rechargeStat', chart: 'byDay', table: 'byRule' },
] as const;

describe('ticket details, money movements and top-ups', () => {
  it.each(SCREENS)('$path draws a chart and tables of the demo', async (screen) => {
    const { page, go } = await openPage({ tokens: inject('adminTokens') });
    await go(screen.path);
    await waitForRoute(page, screen.path);
    const view = pane(page);
    const chart = view.getByTestId(`report-chart-${screen.chart}`);
    await chart.waitFor();
    await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
    await expect.poll(() => chart.locator('svg path').count()).toBeGreaterThan(2);
    for (const table of [screen.chart, screen.table]) {
      const rows = view.getByTestId(`report-table-${table}`).locator('.ant-table-tbody tr.ant-table-row');
      await expect.poll(() => rows.count()).toBeGreaterThan(1);
    }
  });

  it('/statAnalyse/detailReport lists the tickets and exports them all as a valid .xlsx', async () => {
    const { page, go } = await openPage({ tokens: inject('adminTokens') });
    // the list's default period: the last 29 days and today of the demo's history
    const { data } = await authPost<{ total: number }>(
      inject('baseUrl'),
      inject('adminTokens').access_token,
      '/web/api/admin/stat/detailReport/page',
      { page: 1, limit: 20 },
    );
    expect(data.total).toBeGreaterThan(0);
    await go('/statAnalyse/detailReport');
    await waitForRoute(page, '/statAnalyse/detailReport');
    const view = pane(page);
    await expect.poll(() => view.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await view.locator('.ant-pagination-total-text', { hasText: `共 ${data.total} 条` }).waitFor();

    const [file] = await Promise.all([page.waitForEvent('download'), button(view, '导出').click()]);
    expect(file.suggestedFilename()).toMatch(/^售票明细-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const body = fs.readFileSync(await file.path());
    expect(body.subarray(0, 2).toString()).toBe('PK');
    const files = unzipSync(new Uint8Array(body));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml']));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('订单号');
    expect(sheet.split('<row>').length - 1).toBe(data.total + 1);
  });
});
