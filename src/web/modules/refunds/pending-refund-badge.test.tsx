// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { userStore } from '../../lib/session.ts';
import PendingRefundBadge from './pending-refund-badge.tsx';
import { fetchPendingRefundCount } from './refund-count.ts';

function login(authorities: string[], admType = 1) {
  act(() =>
    userStore.set({
      admId: 1,
      user_name: 'admin',
      admNickname: 'Admin',
      avatar: '',
      introduction: '',
      scenicId: 1,
      scenicName: '青山湖风景区',
      admType,
      payType: 0,
      authorities,
      author: [],
      mustChangePassword: false,
      timeZone: 'Asia/Shanghai',
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => userStore.set(null));
});

function renderBadge() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter>
          <PendingRefundBadge />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

const reply =
  (body: unknown, status = 200) =>
  async (_url: string, _init?: RequestInit) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('pending refund badge (docs/product.md §7 countRefundApply)', () => {
  it('shows the count of open applications', async () => {
    const fetchMock = vi.fn(reply({ code: 200, msg: '', data: 7 }));
    vi.stubGlobal('fetch', fetchMock);
    login(['admin:refundApply:page']);
    renderBadge();
    await waitFor(() => expect(screen.getByTestId('pending-refund-badge').textContent).toContain('7'));
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/order/countRefundApply');
  });

  it('is 0 when the call fails', async () => {
    vi.stubGlobal('fetch', vi.fn(reply({ code: 500, msg: 'x', data: null }, 500)));
    expect(await fetchPendingRefundCount()).toBe(0);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('offline'))),
    );
    expect(await fetchPendingRefundCount()).toBe(0);
  });

  it('is hidden (and asks nothing) without the permission', async () => {
    const fetchMock = vi.fn(reply({ code: 200, msg: '', data: 3 }));
    vi.stubGlobal('fetch', fetchMock);
    login(['admin:order:page']);
    renderBadge();
    expect(screen.queryByTestId('pending-refund-badge')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is hidden (and asks nothing) for a shop account, even one holding everything', async () => {
    const fetchMock = vi.fn(reply({ code: 200, msg: '', data: 3 }));
    vi.stubGlobal('fetch', fetchMock);
    // docs/accounts.md "Shop accounts": the server refuses it every route outside the shop
    login(['*'], 4);
    renderBadge();
    expect(screen.queryByTestId('pending-refund-badge')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
