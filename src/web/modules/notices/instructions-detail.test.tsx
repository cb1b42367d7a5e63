// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { renderInConsole } from '../../test/console.tsx';
import InstructionsDetailPage from './instructions-detail.page.tsx';

const DETAIL = {
  id: 7,
  title: '入园须知',
  noticeType: 2,
  status: 1,
  sort: 2,
  content: '<h3>入园须知</h3><p>请凭证件入园。</p>',
  createTime: '2025-01-01T00:00:00.000Z',
  updateTime: '2025-01-01T00:00:00.000Z',
};

beforeAll(() => {
  // ProseMirror measures the selection to scroll it into view; jsdom has no layout.
  const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  document.elementFromPoint ??= () => null;
});

const calls: { url: string; body: unknown }[] = [];
let answer: (url: string) => Response = () => ok(null);
function ok(data: unknown) {
  return new Response(JSON.stringify({ code: 200, msg: '操作成功', data }), { status: 200 });
}
const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : null });
  return answer(url);
});
beforeEach(() => {
  calls.length = 0;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

function renderAt(url: string) {
  return renderInConsole(
    <Routes>
      <Route path="/ticket/instructionsDetailPage" element={<InstructionsDetailPage />} />
      <Route path="/ticket/instructions" element={<Where />} />
    </Routes>,
    url,
  );
}

const editorText = () => document.querySelector('.ProseMirror')?.textContent ?? '';

describe('InstructionsDetailPage', () => {
  it('loads a template into the form, the editor and the live preview, and saves the changes', async () => {
    answer = (url) => (url.includes('/query') ? ok(DETAIL) : ok(null));
    renderAt('/ticket/instructionsDetailPage?id=7');
    expect(await screen.findByDisplayValue('入园须知')).toBeInTheDocument();
    await waitFor(() => expect(editorText()).toContain('请凭证件入园。'), { timeout: 5000 });
    expect(screen.getByTestId('rich-text-view')).toContainHTML('<h3>入园须知</h3>');
    expect(calls[0]!.url).toContain('/web/api/admin/instructions/query?id=7');

    const title = screen.getByDisplayValue('入园须知');
    await userEvent.clear(title);
    await userEvent.type(title, '入园须知（新）');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/update'))).toBe(true));
    const update = calls.find((c) => c.url.endsWith('/update'))!;
    expect(update.body).toEqual({
      id: 7,
      title: '入园须知（新）',
      noticeType: 2,
      sort: 2,
      status: 1,
      content: DETAIL.content,
    });
    expect(await screen.findByTestId('where')).toHaveTextContent('/ticket/instructions');
  });

  it('checks a new template with the shared schema before sending anything', async () => {
    renderAt('/ticket/instructionsDetailPage');
    await waitFor(() => expect(document.querySelector('.ProseMirror')).toBeTruthy(), { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    // title and content are empty, no type is chosen
    // the three fields' errors may not all be drawn in the same tick
    await waitFor(() => expect(screen.getAllByText('不能为空').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-has-error')).toHaveLength(3));
    expect(calls.filter((c) => c.url.endsWith('/create'))).toHaveLength(0);
  });

  it('shows a 400 naming the content under the editor', async () => {
    answer = (url) =>
      url.endsWith('/create')
        ? new Response(
            JSON.stringify({
              code: 400,
              msg: '参数 content 有误：不能为空（清理不安全的标记后没有剩下文字或图片）',
              data: { field: 'content' },
            }),
            { status: 400 },
          )
        : ok(null);
    renderAt('/ticket/instructionsDetailPage');
    await waitFor(() => expect(document.querySelector('.ProseMirror')).toBeTruthy(), { timeout: 5000 });
    await userEvent.type(screen.getByRole('textbox', { name: '标题' }), '新须知');
    await userEvent.click(screen.getByRole('combobox', { name: '须知类型' }));
    await userEvent.click(await screen.findByTitle('退票须知'));
    await userEvent.click(document.querySelector<HTMLElement>('.ProseMirror')!);
    await userEvent.keyboard('x');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/create'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/create'))!.body).toMatchObject({
      title: '新须知',
      noticeType: 3,
      content: '<p>x</p>',
    });
    const messages = await screen.findAllByText(/参数 content 有误/);
    expect(messages.some((m) => m.closest('.ant-form-item'))).toBe(true);
  });
});
