// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { jsonReply, renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import PendingRefundBadge from './pending-refund-badge.tsx';
import { fetchPendingRefundCount } from './refund-count.ts';

const login = (authorities: string[], admType = 1) => signIn(authorities, { admType });
signOutAfterEach();

const renderBadge = () => renderInConsole(<PendingRefundBadge />);
const reply = jsonReply;

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
