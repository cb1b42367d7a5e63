// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { createRef, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n.ts';
import { PagedTable, cleanParams, useTableSearch, type PagedTableHandle } from './paged-table.tsx';
import { SearchBar } from './search-bar.tsx';
import { Form, Input } from 'antd';

interface Row {
  id: number;
  name: string;
}

const URL = '/web/api/admin/module/page';
const columns = [{ title: 'Name', dataIndex: 'name' }];

type Answer = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;
let answer: (body: Record<string, unknown>) => Answer;
const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
  const reply = await answer(JSON.parse(String(init.body)) as Record<string, unknown>);
  return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
});

function pageOf(body: Record<string, unknown>, total = 45) {
  const page = Number(body.page);
  const limit = Number(body.limit);
  const rows: Row[] = [];
  for (let i = (page - 1) * limit; i < Math.min(total, page * limit); i++)
    rows.push({ id: i, name: `row ${i}` });
  return { body: { code: 200, msg: '', data: { rows, total } } };
}

function renderTable(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={client}>
      <App>{node}</App>
    </QueryClientProvider>
  );
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactNode) => result.rerender(wrap(next)) };
}

const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)) as unknown);

beforeEach(() => {
  answer = (body) => pageOf(body);
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('PagedTable', () => {
  it('posts page, limit and the filters to the url and shows rows and total', async () => {
    renderTable(
      <PagedTable<Row> url={URL} params={{ name: 'abc', status: 1 }} columns={columns} rowKey="id" />,
    );
    expect(await screen.findByText('row 0')).toBeInTheDocument();
    expect(screen.getByText('row 19')).toBeInTheDocument();
    expect(screen.queryByText('row 20')).not.toBeInTheDocument();
    expect(screen.getByText('共 45 条')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(URL);
    expect(fetchMock.mock.calls[0]?.[1].method).toBe('POST');
    expect(sentBodies()[0]).toEqual({ page: 1, limit: 20, name: 'abc', status: 1 });
  });

  it('does not send empty filters', () => {
    expect(cleanParams({ a: '', b: '  ', c: null, d: undefined, e: 0, f: ' x ', g: false })).toEqual({
      e: 0,
      f: 'x',
      g: false,
    });
  });

  it('shows the loading text while the query runs', async () => {
    let release!: () => void;
    answer = (body) => new Promise((resolve) => (release = () => resolve(pageOf(body))));
    renderTable(<PagedTable<Row> url={URL} columns={columns} rowKey="id" />);
    expect(await screen.findByText('正在查询中。。。')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    act(() => release());
    expect(await screen.findByText('row 0')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('正在查询中。。。')).not.toBeInTheDocument());
  });

  it('offers the spec page sizes and moves between pages', async () => {
    const user = userEvent.setup();
    const { container } = renderTable(<PagedTable<Row> url={URL} columns={columns} rowKey="id" />);
    await screen.findByText('row 0');
    await user.click(screen.getByTitle('3'));
    expect(await screen.findByText('row 40')).toBeInTheDocument();
    expect(sentBodies().at(-1)).toEqual({ page: 3, limit: 20 });
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
    await user.click(document.querySelector('.ant-select-item-option[title^="50"]')!);
    await waitFor(() => expect(sentBodies().at(-1)).toEqual({ page: 1, limit: 50 }));
    expect(await screen.findByText('row 44')).toBeInTheDocument();
  });

  it('goes back to page 1 when the filters change', async () => {
    const user = userEvent.setup();
    const { rerender } = renderTable(
      <PagedTable<Row> url={URL} params={{ name: 'a' }} columns={columns} rowKey="id" />,
    );
    await screen.findByText('row 0');
    await user.click(screen.getByTitle('2'));
    await screen.findByText('row 20');
    expect(sentBodies().at(-1)).toEqual({ page: 2, limit: 20, name: 'a' });

    rerender(<PagedTable<Row> url={URL} params={{ name: 'b' }} columns={columns} rowKey="id" />);
    await waitFor(() => expect(sentBodies().at(-1)).toEqual({ page: 1, limit: 20, name: 'b' }));
    expect(await screen.findByText('row 0')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    answer = () => ({ body: { code: 200, msg: '', data: { rows: [], total: 0 } } });
    renderTable(<PagedTable<Row> url={URL} columns={columns} rowKey="id" />);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the error with a retry button that asks again', async () => {
    const user = userEvent.setup();
    answer = () => ({ body: { code: 500, msg: '数据库忙', data: null } });
    renderTable(<PagedTable<Row> url={URL} columns={columns} rowKey="id" />);
    expect(await screen.findByText('数据库忙')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer = (body) => pageOf(body);
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('row 0')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fetches again through its ref and when reloadKey changes', async () => {
    const ref = createRef<PagedTableHandle>();
    const { rerender } = renderTable(
      <PagedTable<Row> ref={ref} url={URL} reloadKey={0} columns={columns} rowKey="id" />,
    );
    await screen.findByText('row 0');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer = (body) => pageOf(body, 3);
    act(() => ref.current?.reload());
    expect(await screen.findByText('共 3 条')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);

    answer = (body) => pageOf(body, 7);
    rerender(<PagedTable<Row> ref={ref} url={URL} reloadKey={1} columns={columns} rowKey="id" />);
    expect(await screen.findByText('共 7 条')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(within(document.body).getAllByRole('row')).toHaveLength(8);
  });

  it('moves to the new last page when the rows of its page are gone', async () => {
    const user = userEvent.setup();
    const ref = createRef<PagedTableHandle>();
    renderTable(<PagedTable<Row> ref={ref} url={URL} columns={columns} rowKey="id" />);
    await screen.findByText('row 0');
    await user.click(screen.getByTitle('3'));
    await screen.findByText('row 40');

    answer = (body) => pageOf(body, 40);
    act(() => ref.current?.reload());
    await waitFor(() => expect(sentBodies().at(-1)).toEqual({ page: 2, limit: 20 }));
    expect(await screen.findByText('row 39')).toBeInTheDocument();
  });

  it('searches from a SearchBar through useTableSearch, again even with the same filters', async () => {
    const user = userEvent.setup();
    function ListPage() {
      const { params, reloadKey, search } = useTableSearch<{ name?: string }>();
      return (
        <>
          <SearchBar onSearch={search}>
            <Form.Item name="name" label="Name">
              <Input />
            </Form.Item>
          </SearchBar>
          <PagedTable<Row> url={URL} params={params} reloadKey={reloadKey} columns={columns} rowKey="id" />
        </>
      );
    }
    renderTable(<ListPage />);
    await screen.findByText('row 0');
    await user.type(screen.getByLabelText('Name'), 'lake{Enter}');
    await waitFor(() => expect(sentBodies().at(-1)).toEqual({ page: 1, limit: 20, name: 'lake' }));
    const calls = fetchMock.mock.calls.length;
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBe(calls + 1));
    expect(sentBodies().at(-1)).toEqual({ page: 1, limit: 20, name: 'lake' });
  });
});
