// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, Form } from 'antd';
import type { Editor } from '@tiptap/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { normalizeLink, SAFE_IMAGE, SAFE_LINK } from './insert-dialogs.tsx';
import RichTextEditor from './rich-text-editor.tsx';
import { LazyRichTextEditor, RichTextView } from './index.ts';

beforeAll(() => {
  // ProseMirror measures the selection to scroll it into view; jsdom has no layout.
  const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  document.elementFromPoint ??= () => null;
});

const fetchMock = vi.fn(
  async (_url: string, _init: RequestInit) =>
    new Response(JSON.stringify({ code: 200, msg: '', data: ['/uploads/scenic-1/a.png'] }), { status: 200 }),
);
beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const textbox = () => document.querySelector<HTMLElement>('.ProseMirror')!;
// tiptap keeps its instance on the editable element; jsdom cannot make a real text selection.
const editorOf = () => (textbox() as HTMLElement & { editor: Editor }).editor;

/** Selects the editor's whole text, as a user's drag would. */
function selectAll() {
  act(() => {
    editorOf().commands.selectAll();
  });
  return userEvent.setup();
}

describe('RichTextEditor', () => {
  it('shows the value and a bilingual-labelled toolbar', () => {
    render(
      <App>
        <RichTextEditor value="<p>你好 <strong>世界</strong></p>" />
      </App>,
    );
    expect(textbox().innerHTML).toContain('<strong>世界</strong>');
    for (const name of [
      '撤销',
      '重做',
      '加粗',
      '斜体',
      '下划线',
      '删除线',
      '无序列表',
      '有序列表',
      '引用',
      '左对齐',
      '居中',
      '右对齐',
      '插入链接',
      '插入图片',
      '分割线',
      '清除格式',
    ])
      expect(screen.getByRole('button', { name }), name).toBeInTheDocument();
  });

  it('reports typed text as HTML and an emptied editor as ""', async () => {
    const onChange = vi.fn();
    render(
      <App>
        <RichTextEditor value="" onChange={onChange} />
      </App>,
    );
    const user = userEvent.setup();
    await user.click(textbox());
    await user.keyboard('须知');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>须知</p>'));
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
  });

  it('applies toolbar formatting to the selection', async () => {
    const onChange = vi.fn();
    render(
      <App>
        <RichTextEditor value="<p>文字</p>" onChange={onChange} />
      </App>,
    );
    const user = selectAll();
    await user.click(screen.getByRole('button', { name: '加粗' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><strong>文字</strong></p>'));
    expect(screen.getByRole('button', { name: '加粗' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '居中' }));
    // jsdom serialises the style with a trailing semicolon; the server keeps either form
    await waitFor(() =>
      expect(onChange.mock.lastCall?.[0]).toMatch(
        /^<p style="text-align: center;?"><strong>文字<\/strong><\/p>$/,
      ),
    );
    await user.click(screen.getByRole('button', { name: '清除格式' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>文字</p>'));
  });

  it('inserts a link through the dialog, refusing javascript: addresses', async () => {
    const onChange = vi.fn();
    render(
      <App>
        <RichTextEditor value="<p>官网</p>" onChange={onChange} />
      </App>,
    );
    const user = selectAll();
    await user.click(screen.getByRole('button', { name: '插入链接' }));
    const input = await screen.findByRole('textbox', { name: '链接地址' });
    await user.type(input, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: /确\s*认/ }));
    expect(
      await screen.findByText('请输入以 http://、https://、mailto: 或 tel: 开头的地址'),
    ).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'www.example.com');
    await user.click(screen.getByRole('button', { name: /确\s*认/ }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://www.example.com">官网</a></p>',
      ),
    );
  });

  it('uploads an image through uploadUnMove and inserts it; refuses a large file with the spec message', async () => {
    const onChange = vi.fn();
    render(
      <App>
        <RichTextEditor value="<p>地图</p>" onChange={onChange} />
      </App>,
    );
    const user = userEvent.setup({ applyAccept: false });
    await user.click(textbox());
    await user.click(screen.getByRole('button', { name: '插入图片' }));
    const fileInput = await waitFor(() => {
      const el = document.querySelector<HTMLInputElement>('.ant-modal input[type=file]');
      if (!el) throw new Error('no file input yet');
      return el;
    });
    await user.upload(fileInput, new File([new Uint8Array(600 * 1024)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('图片大小不能超过500K')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    // rc-upload renders a fresh input after each pick
    const again = document.querySelector<HTMLInputElement>('.ant-modal input[type=file]')!;
    await user.upload(again, new File([new Uint8Array(100)], 'map.png', { type: 'image/png' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toContain('/web/api/ticket/storage/uploadUnMove');
    await user.type(screen.getByRole('textbox', { name: '图片说明' }), '景区地图');
    await user.click(screen.getByRole('button', { name: /确\s*认/ }));
    await waitFor(() =>
      expect(onChange.mock.lastCall?.[0]).toContain('<img src="/uploads/scenic-1/a.png" alt="景区地图">'),
    );
  });

  it('is an antd form control: a value set by the form replaces the content', async () => {
    let formRef: ReturnType<typeof Form.useForm>[0] | undefined;
    function Harness() {
      const [form] = Form.useForm();
      formRef = form;
      return (
        <App>
          <Form form={form} initialValues={{ content: '<p>一</p>' }}>
            <Form.Item name="content" label="内容">
              <LazyRichTextEditor />
            </Form.Item>
            <Button onClick={() => form.setFieldsValue({ content: '<h2>二</h2>' })}>load</Button>
          </Form>
        </App>
      );
    }
    render(<Harness />);
    await waitFor(() => expect(textbox()).toBeTruthy(), { timeout: 5000 });
    expect(textbox().innerHTML).toContain('一');
    await userEvent.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() => expect(textbox().innerHTML).toContain('<h2>二</h2>'));
    expect(formRef!.getFieldValue('content')).toBe('<h2>二</h2>');

    act(() => {
      editorOf().chain().focus().setTextSelection(2).insertContent('三').run();
    });
    // (starter-kit's trailing node may add an empty paragraph after the heading)
    await waitFor(() => expect(formRef!.getFieldValue('content')).toMatch(/^<h2>二三<\/h2>(<p><\/p>)?$/));
    await act(async () => undefined);
  });
});

describe('RichTextView', () => {
  it('renders stored HTML', () => {
    render(<RichTextView html="<h3>入园须知</h3><ul><li><p>一</p></li></ul>" />);
    expect(screen.getByRole('heading', { name: '入园须知' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('一');
  });
});

describe('link and image rules (match the server sanitiser)', () => {
  it('normalizes bare domains and keeps only safe schemes', () => {
    expect(normalizeLink(' www.example.com/a?b=1 ')).toBe('https://www.example.com/a?b=1');
    expect(normalizeLink('mailto:a@b.cn')).toBe('mailto:a@b.cn');
    expect(SAFE_LINK.test('https://a.cn')).toBe(true);
    expect(SAFE_LINK.test('tel:0571-88886666')).toBe(true);
    expect(SAFE_LINK.test('javascript:alert(1)')).toBe(false);
    expect(SAFE_LINK.test('data:text/html,x')).toBe(false);
    expect(SAFE_IMAGE.test('/uploads/scenic-1/a.png')).toBe(true);
    expect(SAFE_IMAGE.test('data:image/png;base64,AA')).toBe(false);
  });
});
