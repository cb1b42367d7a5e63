// Issue 34's sales reports end to end: the overview, the trends and the summary each draw a chart
// (ECharts, loaded with the screen) and a table of the demo's order history; the summary exports
// as a valid .xlsx whose grand total is the screen's.
import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { snap, useConsole, waitForRoute } from './support/browser.ts';
import { pane } from './support/ui.ts';

const { openPage } = useConsole();

/** Each screen, the table it draws a chart of, and a table that must have rows. */
const SCREENS = [
  { path: '/statAnalyse/dataPars', chart: 'byChannel', table: 'byPayWay' },
  { path: '/statAnalyse/dataAnalyse', chart: 'trend', table: 'byHour' },
  { path: '/statAnalyse/statAllReport', chart: 'byProduct', table: 'summary' },
] as const;

/** A figure of the screen as a number (money in yuan, as the export writes it). */
async function figure(page: Page, key: string): Promise<number> {
  const text = await pane(page)
    .getByTestId(`report-figure-${key}`)
    .locator('.ant-statistic-content-value')
    .innerText();
  return Number(text.replace(/[^\d.]/g, ''));
}

describe('sales reports', () => {
  it.each(SCREENS)('$path draws a chart and tables of the demo history', async (screen) => {
    const { page, go } = await openPage({ tokens: inject('adminTokens') });
    await go(screen.path);
    await waitForRoute(page, screen.path);
    const view = pane(page);
    const chart = view.getByTestId(`report-chart-${screen.chart}`);
    await chart.waitFor();
    await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
    await expect.poll(() => chart.locator('svg path').count()).toBeGreaterThan(2);
    for (const table of [screen.chart, screen.table]) {
      const rows = view.getByTestId(`report-table-${table}`).locator('.ant-table-tbody tr');
      await expect.poll(() => rows.count()).toBeGreaterThan(1);
    }
    await expect
      .poll(() => figure(page, screen.path.endsWith('statAllReport') ? 'amount' : 'orders'))
      .toBeGreaterThan(0);
    await snap(page, `report-${screen.path.split('/').at(-1)}`);
  });

  it('exports the summary as an .xlsx with the totals of the screen', async () => {
    const { page, go } = await openPage({ tokens: inject('adminTokens') });
    await go('/statAnalyse/statAllReport');
    const view = pane(page);
    await expect.poll(() => figure(page, 'amount')).toBeGreaterThan(0);
    const amount = await figure(page, 'amount');
    const tickets = await figure(page, 'tickets');
    const net = await figure(page, 'net');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      view.getByTestId('report-export-summary').click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^汇总报表-产品 × 渠道 × 支付方式-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const body = fs.readFileSync(await file.path());
    expect(body.subarray(0, 2).toString()).toBe('PK');
    const files = unzipSync(new Uint8Array(body));
    const sheet = Object.entries(files).find(([name]) => /^xl\/worksheets\/sheet\d*\.xml$/.test(name));
    const rows = strFromU8(sheet![1]).split('<row').slice(1);
    // the grand total is the last row: its tickets, sales and net are the screen's
    const values = [...rows.at(-1)!.matchAll(/<v>([^<]*)<\/v>/g)].map((m) => Number(m[1]));
    expect(values).toContain(tickets);
    expect(values).toContain(amount);
    expect(values).toContain(net);
    const strings = Object.entries(files).find(([name]) => name.endsWith('sharedStrings.xml'));
    if (strings) expect(strFromU8(strings[1])).toContain('合计');
  });
});
