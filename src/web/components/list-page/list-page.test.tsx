// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { LoginResult } from '../../../shared/dict/log-fields.ts';
import '../../lib/i18n.ts';
import { renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import { columnPrefsKey } from './column-prefs.ts';
import { ListPage } from './list-page.tsx';
import { defineListPage } from './types.ts';
import { listBody, parseListState, serializeListState } from './url-state.ts';

interface Row {
  id: number;
  name: string;
  status: number;
  price: number;
  createTime: string;
}

const URL_PAGE = '/web/api/admin/thing/page';
const URL_EXPORT = '/web/api/admin/thing/export';
const URL_CREATE = '/web/api/admin/thing/create';
const URL_DELETE = '/web/api/admin/thing/delete';

const CreateSchema = z
  .object({ name: z.string().trim().min(1, { error: 'required' }).max(20), status: z.number().int() })
  .strict();

const definition = defineListPage<Row>({
  id: 'test.thing',
  url: URL_PAGE,
  exportUrl: URL_EXPORT,
  rowKey: 'id',
  perms: {
    create: 'admin:oauth:create',
    update: 'admin:oauth:update',
    delete: 'admin:oauth:delete',
    export: 'admin:oauth:page',
    status: 'admin:oauth:update',
  },
  search: [
    { kind: 'text', name: 'name', label: 'oauth:name' },
    { kind: 'dict', name: 'status', label: 'oauth:status', dict: EnableStatus },
  ],
  columns: [
    { key: 'name', title: 'oauth:name', sortable: true },
    { key: 'status', title: 'oauth:status', kind: 'dict', dict: EnableStatus },
    { key: 'price', title: { zh: '价格', en: 'Price' }, kind: 'money' },
    { key: 'createTime', title: 'oauth:createTime', kind: 'dateTime', sortable: true },
  ],
  form: {
    createUrl: URL_CREATE,
    createSchema: CreateSchema,
    fields: [
      { name: 'name', label: 'oauth:name', required: true },
      { name: 'status', label: 'oauth:status', kind: 'dict', dict: EnableStatus },
    ],
    initialValues: { status: 1 },
  },
  delete: { url: URL_DELETE },
  status: { url: '/web/api/admin/thing/status' },
});

const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  if (url.startsWith(URL_EXPORT))
    return new Response('xlsx', {
      status: 200,
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('东西.xlsx')}`,
      },
    });
  if (url.startsWith(URL_PAGE)) {
    const body = JSON.parse(String(init.body)) as { page: number; limit: number };
    const rows: Row[] = [];
    for (let i = (body.page - 1) * body.limit; i < Math.min(45, body.page * body.limit); i++)
      rows.push({ id: i, name: `row ${i}`, status: 1, price: 1234, createTime: '2024-05-01T02:03:04.000Z' });
    return Response.json({ code: 200, msg: '', data: { rows, total: 45 } });
  }
  return Response.json({ code: 200, msg: '', data: null });
});

const calls = (prefix: string) => fetchMock.mock.calls.filter(([url]) => url.startsWith(prefix));
const lastBody = (prefix: string) => {
  const list = calls(prefix);
  return JSON.parse(String(list[list.length - 1]?.[1].body)) as Record<string, unknown>;
};

/** Buttons by their text (antd spaces two-character Chinese labels); role queries are slow here. */
const buttons = (text: string, root: ParentNode = document) =>
  [...root.querySelectorAll('button')].filter((b) => b.textContent?.replace(/\s/g, '') === text);
const button = (text: string, root: ParentNode = document) => buttons(text, root)[0]!;

const searchInput = () => document.querySelector<HTMLInputElement>('input#name')!;

let currentSearch = '';
function LocationProbe() {
  currentSearch = useLocation().search;
  return null;
}

function renderPage(entry = '/sys/thing', page: typeof definition = definition) {
  return renderInConsole(
    <>
      <LocationProbe />
      <Routes>
        <Route path="/sys/thing" element={<ListPage definition={page} />} />
      </Routes>
    </>,
    entry,
  );
}

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  signIn(['*']);
});
signOutAfterEach();

describe('list state in the URL', () => {
  const fields = definition.search ?? [];

  it('round-trips filters, paging and sort, leaving defaults out', () => {
    const state = {
      values: { name: 'abc', status: 2 },
      page: 3,
      limit: 50,
      sort: 'name',
      order: 'asc' as const,
    };
    const search = serializeListState(state, fields);
    expect(search).toBe('?name=abc&status=2&page=3&limit=50&sort=name&order=asc');
    expect(parseListState(search, fields, ['name'])).toEqual(state);
    expect(serializeListState({ values: { name: ' ' }, page: 1, limit: 20 }, fields)).toBe('');
  });

  it('ignores a sort the definition does not offer and a page size the server refuses', () => {
    expect(parseListState('?sort=password&limit=7&page=-1', fields, ['name'])).toEqual({
      values: {},
      page: 1,
      limit: 20,
    });
  });

  it('maps dictionary codes and date ranges into the request body', () => {
    const more = [
      {
        kind: 'dict',
        name: 'result',
        label: 'oauth:status',
        dict: LoginResult,
        param: 'success',
        toParam: (c: unknown) => c === 'success',
      },
      { kind: 'dateRange', name: 'time', label: 'oauth:status', from: 'createTimeFrom', to: 'createTimeTo' },
    ] as const;
    const state = parseListState(
      '?result=failure&createTimeFrom=2024-05-01T00:00:00.000Z&createTimeTo=2024-05-02T00:00:00.000Z',
      more,
      [],
    );
    const body = listBody(state, more);
    expect(body.success).toBe(false);
    expect(body).not.toHaveProperty('result');
    expect(typeof body.createTimeFrom).toBe('string');
    // whole days: the end covers the last day to its last millisecond
    expect(String(body.createTimeTo)).toMatch(/\.999Z$/);
  });

  it('keeps the URL parameters it does not own (the parent record of the list)', () => {
    const state = { values: { name: 'a' }, page: 2, limit: 20 };
    expect(serializeListState(state, fields, '?productId=5&page=3&name=b')).toBe(
      '?productId=5&name=a&page=2',
    );
  });

  it('sends a date-only range as days, and the default sort until the user sorts', () => {
    const days = [
      { kind: 'dateRange', name: 'dates', label: 'oauth:name', from: 'from', to: 'to', dateOnly: true },
    ] as const;
    const state = parseListState('?from=2025-03-01&to=2025-03-09', days, ['name']);
    const byDefault = { sort: 'showDate', order: 'asc' } as const;
    expect(listBody(state, days, byDefault)).toEqual({
      from: '2025-03-01',
      to: '2025-03-09',
      page: 1,
      limit: 20,
      sort: 'showDate',
      order: 'asc',
    });
    expect(serializeListState(state, days)).toBe('?from=2025-03-01&to=2025-03-09');
    expect(listBody({ ...state, sort: 'name', order: 'desc' }, days, byDefault)).toMatchObject({
      sort: 'name',
      order: 'desc',
    });
  });
});

describe('ListPage', () => {
  it('puts filters, page and sort into the request body and the URL', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('row 0')).toBeInTheDocument();
    expect(lastBody(URL_PAGE)).toEqual({ page: 1, limit: 20 });
    expect(screen.getAllByText('12.34')).toHaveLength(20);

    await user.type(searchInput(), 'row');
    await user.click(button('搜索'));
    await waitFor(() => expect(lastBody(URL_PAGE)).toEqual({ name: 'row', page: 1, limit: 20 }));
    expect(currentSearch).toBe('?name=row');

    await user.click(await screen.findByTitle('2'));
    await waitFor(() => expect(lastBody(URL_PAGE)).toEqual({ name: 'row', page: 2, limit: 20 }));
    expect(currentSearch).toBe('?name=row&page=2');

    // a sortable header: ascending, back to page 1
    const header = screen.getAllByRole('columnheader').find((th) => th.textContent?.includes('名称'));
    await user.click(header!);
    await waitFor(() =>
      expect(lastBody(URL_PAGE)).toEqual({ name: 'row', page: 1, limit: 20, sort: 'name', order: 'asc' }),
    );
    expect(currentSearch).toBe('?name=row&sort=name&order=asc');
  });

  it('restores filters, page, size and sort from the URL', async () => {
    renderPage('/sys/thing?name=abc&status=2&page=2&limit=10&sort=createTime&order=desc');
    await waitFor(() =>
      expect(lastBody(URL_PAGE)).toEqual({
        name: 'abc',
        status: 2,
        page: 2,
        limit: 10,
        sort: 'createTime',
        order: 'desc',
      }),
    );
    expect(searchInput()).toHaveValue('abc');
    expect(await screen.findByText('row 10')).toBeInTheDocument();
  });

  it('keeps a hidden column hidden after a remount', async () => {
    const user = userEvent.setup();
    const first = renderPage();
    await screen.findByText('row 0');
    expect(screen.getByRole('columnheader', { name: '价格' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('列设置'));
    const settings = await screen.findByTestId('column-settings');
    await user.click(within(settings).getByRole('checkbox', { name: '价格' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: '价格' })).not.toBeInTheDocument());
    await user.click(within(settings).getByText('紧凑'));
    first.unmount();

    expect(JSON.parse(localStorage.getItem(columnPrefsKey('test.thing'))!)).toMatchObject({
      hidden: ['price'],
      density: 'small',
    });
    renderPage();
    await screen.findByText('row 0');
    expect(screen.queryByRole('columnheader', { name: '价格' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '名称' })).toBeInTheDocument();
  });

  it('disables the buttons the user lacks', async () => {
    signIn(['admin:oauth:page']);
    renderPage('/sys/thing?limit=10');
    await screen.findByText('row 0');
    expect(button('新增')).toBeDisabled();
    expect(button('导出')).toBeEnabled();
    expect(button('删除')).toBeDisabled();
    expect(button('启用')).toBeDisabled();
  });

  it('asks before deleting, and refreshes after', async () => {
    const user = userEvent.setup();
    renderPage('/sys/thing?limit=10');
    await screen.findByText('row 0');
    const pageCalls = calls(URL_PAGE).length;
    await user.click(button('删除'));
    expect(await screen.findByText('确定删除这条记录吗？')).toBeInTheDocument();
    expect(calls(URL_DELETE)).toHaveLength(0);

    const popover = screen.getByText('确定删除这条记录吗？').closest('.ant-popover') as HTMLElement;
    await user.click(buttons('确定', popover)[0] ?? button('OK', popover));
    await waitFor(() => expect(calls(URL_DELETE)).toHaveLength(1));
    expect(calls(URL_DELETE)[0]?.[0]).toBe(`${URL_DELETE}?id=0`);
    expect(calls(URL_DELETE)[0]?.[1].method).toBe('GET');
    await waitFor(() => expect(calls(URL_PAGE).length).toBeGreaterThan(pageCalls));
  });

  it("sends a parent's fixed fields, keeps it in the URL, and asks its own delete question", async () => {
    const user = userEvent.setup();
    const child = defineListPage<Row>({
      ...definition,
      params: { productId: 5 },
      defaultSort: { sort: 'createTime', order: 'asc' },
      delete: { url: URL_DELETE, confirm: 'oauth:resetSecretConfirm' },
    });
    renderPage('/sys/thing?productId=5&limit=10', child);
    await screen.findByText('row 0');
    expect(lastBody(URL_PAGE)).toEqual({
      productId: 5,
      page: 1,
      limit: 10,
      sort: 'createTime',
      order: 'asc',
    });
    await user.type(searchInput(), 'row');
    await user.click(button('搜索'));
    // slow machines: the search, its request and the popover each take a while
    const slow = { timeout: 5000 };
    await waitFor(() => expect(currentSearch).toBe('?productId=5&name=row&limit=10'), slow);
    await waitFor(() => expect(lastBody(URL_PAGE)).toMatchObject({ productId: 5, name: 'row' }), slow);
    // the table takes clicks again once the search's rows are in (no spinner over it)
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull(), slow);
    await user.click(buttons('删除')[0]!);
    expect(await screen.findByText(/旧密钥立即失效/, {}, slow)).toBeInTheDocument();
  });

  it('validates the form with the shared schema: the field shows the error and nothing is sent', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('row 0');
    await user.click(button('新增'));
    const dialog = await screen.findByRole('dialog');
    await user.click(button('保存', dialog));
    expect(await within(dialog).findByText('不能为空')).toBeInTheDocument();
    expect(calls(URL_CREATE)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: '名称' }), 'x'.repeat(21));
    await user.click(button('保存', dialog));
    // zod's own message, in the console's language
    expect(await within(dialog).findByText(/20/)).toBeInTheDocument();
    expect(calls(URL_CREATE)).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: '名称' }), { target: { value: ' New ' } });
    await user.click(button('保存', dialog));
    await waitFor(() => expect(calls(URL_CREATE)).toHaveLength(1));
    expect(lastBody(URL_CREATE)).toEqual({ name: 'New', status: 1 });
  });

  it('exports the current filter (all pages) to the export url and saves the file', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage('/sys/thing?name=abc&page=3&sort=name&order=asc');
    await screen.findByText('row 40');
    await user.click(button('导出'));
    await waitFor(() => expect(calls(URL_EXPORT)).toHaveLength(1));
    expect(calls(URL_EXPORT)[0]?.[1].method).toBe('POST');
    expect(lastBody(URL_EXPORT)).toEqual({ name: 'abc', sort: 'name', order: 'asc' });
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });
});

describe('the paged table (docs/product.md §2, §9)', () => {
  it("shows '正在查询中。。。' while the query runs", async () => {
    let release!: () => void;
    fetchMock.mockImplementationOnce(
      (url, init) =>
        new Promise((resolve) => (release = () => resolve(fetchMock.getMockImplementation()!(url, init)))),
    );
    renderPage();
    expect(await screen.findByText('正在查询中。。。')).toBeInTheDocument();
    act(() => release());
    expect(await screen.findByText('row 0')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('正在查询中。。。')).not.toBeInTheDocument());
  });

  it('offers total, the spec page sizes, pager and jumper', async () => {
    const user = userEvent.setup();
    const { container } = renderPage();
    await screen.findByText('row 0');
    expect(container.querySelector('.ant-pagination-total-text')?.textContent).toMatch(/45/);
    expect(container.querySelector('.ant-pagination-options-quick-jumper input')).not.toBeNull();
    await user.click(container.querySelector('.ant-pagination-options .ant-select')!);
    const sizes = await screen.findAllByRole('option');
    expect(sizes.map((o) => o.textContent?.match(/\d+/)?.[0])).toEqual([
      '10',
      '20',
      '30',
      '50',
      '100',
      '400',
    ]);
  });

  it('shows the empty state', async () => {
    fetchMock.mockImplementationOnce(async () =>
      Response.json({ code: 200, msg: '', data: { rows: [], total: 0 } }),
    );
    renderPage();
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the error with a retry button that asks again', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementationOnce(async () => Response.json({ code: 500, msg: '数据库忙', data: null }));
    renderPage();
    expect(await screen.findByText('数据库忙')).toBeInTheDocument();
    await user.click(button('重试'));
    expect(await screen.findByText('row 0')).toBeInTheDocument();
    expect(calls(URL_PAGE)).toHaveLength(2);
  });
});
