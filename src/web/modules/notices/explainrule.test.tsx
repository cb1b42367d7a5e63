// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgreementRow } from '../../../shared/api/notices.ts';
import '../../lib/i18n.ts';
import { renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
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
  signIn(['admin:explainRule:page', 'admin:explainRule:update']);
});
signOutAfterEach();

const renderPage = () => renderInConsole(<ExplainRulePage />, '/ticket/explainrule');

/** A button by its text: role queries walk the whole page's accessibility tree (slow in jsdom). */
const button = (name: RegExp | string, within: HTMLElement = document.body) =>
  [...within.querySelectorAll('button')].find((b) =>
    typeof name === 'string'
      ? b.textContent === name || b.getAttribute('aria-label') === name
      : name.test(b.textContent ?? ''),
  )!;

describe('ExplainRulePage', () => {
  it('lists agreements, previews the stored HTML and edits it in the rich-text editor', async () => {
    renderPage();
    expect(await screen.findByText('青山湖风景区购票服务协议')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toContain('/web/api/admin/explainRule/page');
    // create needs admin:explainRule:create, which this account lacks: visible but disabled (docs/product.md §5)
    expect(button(/新\s*增/)).toBeDisabled();

    await userEvent.click(button(/预\s*览/));
    const preview = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal')!);
    expect(within(preview).getByText('一、购票与实名').tagName).toMatch(/^H\d$/);
    await userEvent.click(button(/确\s*定/, preview));

    await userEvent.click(button(/编\s*辑/));
    await waitFor(() => expect(document.querySelector('.ProseMirror')?.innerHTML).toContain('一证一票。'), {
      timeout: 5000,
    });
    expect(button('加粗')).toBeInTheDocument();
  });
});
