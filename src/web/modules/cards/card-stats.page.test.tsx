// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardStats } from '../../../shared/api/card-stats.ts';
import '../../lib/i18n.ts';
import { areaToday } from '../../lib/area-clock.ts';
import { renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import CardStatsPage from './card-stats.page.tsx';

// ECharts does not draw in jsdom: the lazily loaded chart is stood in for by what it is given
vi.mock('./card-stats-chart.tsx', () => ({
  default: (p: { days: unknown[]; summary: string }) => (
    <div data-testid="card-stats-chart" data-points={p.days.length} aria-label={p.summary} />
  ),
}));

const STATS: CardStats = {
  from: '2026-03-01',
  to: '2026-03-02',
  timeZone: 'Asia/Shanghai',
  areaName: '青山湖景区',
  totals: {
    sold: 3,
    amount: 1_234_567_89,
    refunded: 5_000,
    net: 1_234_517_89,
    activated: 2,
    inUse: 1,
    expired: 1,
    entries: 4,
  },
  days: [
    { day: '2026-03-01', sold: 2, activated: 1, expired: 0, entries: 3, amount: 1_234_500_00 },
    { day: '2026-03-02', sold: 1, activated: 1, expired: 1, entries: 1, amount: 67_89 },
  ],
  kinds: [
    { kindId: 7, kindName: '湖山年卡', sold: 3, amount: 1_234_567_89, refunded: 5_000, net: 1_234_517_89 },
  ],
  channels: [
    { source: 'winManagement', sold: 1, amount: 67_89, refunded: 0, net: 67_89 },
    { source: 'weixinManagement', sold: 2, amount: 1_234_500_00, refunded: 5_000, net: 1_234_450_00 },
    { source: 'backstageManagement', sold: 0, amount: 0, refunded: 0, net: 0 },
  ],
  gates: [{ gateId: 3, gateName: '东门闸机', entries: 4 }],
};

const bodies: { url: string; body: Record<string, unknown> }[] = [];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
  bodies.push({ url, body });
  if (url.endsWith('/cardStats/export'))
    return new Response('xlsx', {
      status: 200,
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="x.xlsx"; filename*=UTF-8''${encodeURIComponent('畅游卡种类收入.xlsx')}`,
      },
    });
  return new Response(JSON.stringify({ code: 200, msg: '', data: STATS }), { status: 200 });
});

beforeEach(() => {
  bodies.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  signIn(['admin:card:stats:query']);
});
signOutAfterEach();

describe('/VipCard/enjSelfCardStatis', () => {
  it('asks for the last 30 area days and shows the figures, money as yuan with thousands separators', async () => {
    renderInConsole(<CardStatsPage />, '/VipCard/enjSelfCardStatis');
    expect(await screen.findByTestId('card-stats-total-amount')).toHaveTextContent('1,234,567.89');
    const today = areaToday();
    expect(bodies[0]).toEqual({
      url: '/web/api/admin/cardStats/query',
      body: { from: today.subtract(29, 'day').format('YYYY-MM-DD'), to: today.format('YYYY-MM-DD') },
    });
    expect(screen.getByTestId('card-stats-total-sold')).toHaveTextContent('3');
    expect(screen.getByTestId('card-stats-total-inUse')).toHaveTextContent('1');
    expect(screen.getByTestId('card-stats-total-expired')).toHaveTextContent('1');
    expect(screen.getByTestId('card-stats-total-net')).toHaveTextContent('1,234,517.89');
    const kinds = screen.getByTestId('card-stats-kinds');
    expect(within(kinds).getByText('湖山年卡')).toBeInTheDocument();
    expect(within(kinds).getByText('50.00')).toBeInTheDocument();
    expect(await screen.findByTestId('card-stats-chart')).toHaveAttribute('data-points', '2');
    expect(screen.getByText('东门闸机')).toBeInTheDocument();
    expect(screen.getByText(/青山湖景区/)).toBeInTheDocument();
  });

  it('exports one table with the range and its sheet', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderInConsole(<CardStatsPage />, '/VipCard/enjSelfCardStatis');
    fireEvent.click(await screen.findByTestId('card-stats-export-kind'));
    await waitFor(() => expect(bodies.some((b) => b.url.endsWith('/cardStats/export'))).toBe(true));
    const sent = bodies.find((b) => b.url.endsWith('/cardStats/export'))!.body;
    expect(sent).toMatchObject({ sheet: 'kind', to: areaToday().format('YYYY-MM-DD') });
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
  });
});
