// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportDefinition, ReportResult } from '../../../shared/api/report.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import '../../lib/i18n.ts';
import { renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import { ReportPage } from './report-page.tsx';

const QUERY = '/web/api/admin/stat/thing/query';
const EXPORT = '/web/api/admin/stat/thing/export';

const report: ReportDefinition = {
  api: { query: QUERY, export: EXPORT },
  fileName: { zh: '测试报表', en: 'Test report' },
  figures: [
    { key: 'sales', label: { zh: '销售额', en: 'Sales' }, kind: 'money', previous: 'salesBefore' },
    { key: 'tickets', label: { zh: '票数', en: 'Tickets' }, kind: 'number' },
  ],
  tables: [
    {
      key: 'byStatus',
      title: { zh: '按状态', en: 'By status' },
      columns: [
        { key: 'status', header: { zh: '状态', en: 'Status' }, kind: 'dict', dict: EnableStatus },
        { key: 'amount', header: { zh: '金额', en: 'Amount' }, kind: 'money' },
      ],
    },
  ],
};

const result: ReportResult = {
  figures: { sales: 37773400, salesBefore: 30000000, tickets: 12345 },
  tables: {
    byStatus: [
      { status: 1, amount: 37000000 },
      { status: 2, amount: 773400 },
      { status: null, amount: 37773400, total: 1 },
    ],
  },
};

const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  if (url.startsWith(EXPORT))
    return new Response('xlsx', {
      status: 200,
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
  return Response.json({ code: 200, msg: '', data: result });
});
const bodies = (prefix: string) =>
  fetchMock.mock.calls
    .filter(([url]) => url.startsWith(prefix))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

let search = '';
function Probe() {
  search = useLocation().search;
  return null;
}

const renderReport = (url = '/statAnalyse/thing') =>
  renderInConsole(
    <>
      <Probe />
      <Routes>
        <Route path="/statAnalyse/thing" element={<ReportPage def={{ report, printable: true }} />} />
      </Routes>
    </>,
    url,
  );

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  signIn(['*']);
});
signOutAfterEach();

describe('ReportPage', () => {
  it('asks for the last 29 days and today, and shows figures, the previous period and the total row', async () => {
    renderReport();
    const figure = await screen.findByTestId('report-figure-sales');
    expect(figure.textContent).toContain('377,734.00');
    expect(figure.textContent).toContain('300,000.00');
    expect(figure.textContent).toContain('25.9%');
    expect(screen.getByTestId('report-figure-tickets').textContent).toContain('12,345');
    const table = screen.getByTestId('report-table-byStatus');
    expect(table.textContent).toContain('合计');
    expect(table.textContent).toContain('7,734.00');
    const [body] = bodies(QUERY);
    const from = new Date(`${String(body!.from)}T00:00:00Z`).getTime();
    const to = new Date(`${String(body!.to)}T00:00:00Z`).getTime();
    expect((to - from) / 86_400_000).toBe(29);
  });

  it('reads the period from the URL and exports one table with it', async () => {
    renderReport('/statAnalyse/thing?from=2026-01-01&to=2026-01-31');
    await screen.findByTestId('report-figure-sales');
    expect(bodies(QUERY)[0]).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    await userEvent.click(screen.getByTestId('report-export-byStatus'));
    await waitFor(() =>
      expect(bodies(EXPORT)).toEqual([{ from: '2026-01-01', to: '2026-01-31', table: 'byStatus' }]),
    );
    expect(search).toBe('?from=2026-01-01&to=2026-01-31');
  });
});
