// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgreementRow } from '../../../shared/api/notices.ts';
import '../../lib/i18n.ts';
import { userStore } from '../../lib/session.ts';
import ExplainRulePage from './explainrule.page.tsx';

const ROW: AgreementRow = {
  id: 3,
  title: '青山湖风景区购票服务协议',
  content: '<h3>一、购票与实名</h3><p>一证一票。</p>',
  status: 1,
  sort: 1,
  createTime: '2025-01-01T00:00:00.000Z',
  updateTime: '2025-01-02T00:00:00.000Z',
};

const fetchMock = vi.fn(
  async (_url: string, _init: RequestInit) =>
    new Response(JSON.stringify({ code: 200, msg: '', data: { rows: [ROW], total: 1 } }), { status: 200 }),
);
beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  act(() =>
    userStore.set({
      admId: 1,
      user_name: 'admin',
      admNickname: 'Admin',
      avatar: '',
      introduction: '',
      scenicId: 1,
      scenicName: '青山湖风景区',
      admType: 1,
      payType: 0,
      authorities: ['admin:explainRule:page', 'admin:explainRule:update'],
      author: [],
      mustChangePassword: false,
      timeZone: 'Asia/Shanghai',
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => userStore.set(null));
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={['/ticket/explainrule']}>
          <ExplainRulePage />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

describe('ExplainRulePage', () => {
  it('lists agreements, previews the stored HTML and edits it in the rich-text editor', async () => {
    renderPage();
    expect(await screen.findByText('青山湖风景区购票服务协议')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toContain('/web/api/admin/explainRule/page');
    // create needs admin:explainRule:create, which this account lacks: visible but disabled (docs/product.md §5)
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: /预\s*览/ }));
    const preview = await screen.findByRole('dialog');
    expect(within(preview).getByRole('heading', { name: '一、购票与实名' })).toBeInTheDocument();
    await userEvent.click(within(preview).getByRole('button', { name: /确\s*定/ }));

    await userEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(document.querySelector('.ProseMirror')?.innerHTML).toContain('一证一票。'), {
      timeout: 5000,
    });
    expect(screen.getByRole('button', { name: '加粗' })).toBeInTheDocument();
  });
});
