// Issue 34's gate, origin and distributor reports end to end: each screen draws a chart (ECharts,
// loaded with the screen) and a table of the demo's history; a table exports as .xlsx; the demo's
// distributor (`agent`) sees its own company only.
import { describe, expect, inject, it } from 'vitest';
import { authPost } from './support/api.ts';
import { useConsole, waitForRoute } from './support/browser.ts';
import { pane } from './support/ui.ts';

const { openPage } = useConsole();

/** Each screen, the table it draws a chart of, and its export's file name. */
const SCREENS = [
  { path: '/statAnalyse/stat', table: 'days', file: '入园统计-按日' },
  { path: '/statAnalyse/origin', table: 'provinces', file: '客源地分析-按省份' },
  { path: '/statAnalyse/disReport', table: 'distributors', file: '分销报表-按分销商' },
  { path: '/statAnalyse/disSale', table: 'days', file: '分销销售-按日' },
  { path: '/statAnalyse/disTicket', table: 'states', file: '分销票务-按状态' },
] as const;

describe('gate, origin and distributor reports', () => {
  it.each(SCREENS)('$path draws a chart and a table of the demo, and exports it', async (screen) => {
    const { page, go } = await openPage({ tokens: inject('adminTokens') });
    await go(screen.path);
    await waitForRoute(page, screen.path);
    const view = pane(page);
    const chart = view.getByTestId(`report-chart-${screen.table}`);
    await chart.waitFor();
    await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
    await expect.poll(() => chart.locator('svg path').count()).toBeGreaterThan(2);
    const rows = view
      .getByTestId(`report-table-${screen.table}`)
      .locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      view.getByTestId(`report-export-${screen.table}`).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${screen.file}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  });

  it('shows the demo distributor its own company only', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const all = await authPost<{ tables: Record<string, { company: string | null }[]> }>(
      baseUrl,
      admin.access_token,
      '/web/api/admin/stat/disReport/query',
      { from, to: today },
    );
    const companies = all.data.tables.distributors!.map((r) => r.company).filter((c) => c !== null);
    expect(companies.length).toBeGreaterThan(1);

    const { page, go } = await openPage({ account: 'agent' });
    await go('/statAnalyse/disReport');
    const table = pane(page).getByTestId('report-table-distributors');
    await table.waitFor();
    await expect.poll(() => table.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    const text = await table.innerText();
    expect(text).toContain('山水旅行社');
    for (const other of companies.filter((c) => c !== '山水旅行社')) expect(text).not.toContain(other);
  });
});
