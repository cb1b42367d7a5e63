import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Table, type TableProps } from 'antd';
import type { AnyObject } from 'antd/es/_util/type';
import { useCallback, useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../shared/api/common.ts';
import { post } from '../lib/request.ts';

/** Spec §3 generic paged list response. */
export interface PageResult<T> {
  rows: T[];
  total: number;
}

export interface PagedTableHandle {
  /** Fetches the current page again. */
  reload(): void;
}

export interface PagedTableProps<T extends AnyObject> extends Omit<
  TableProps<T>,
  'dataSource' | 'pagination' | 'loading' | 'columns' | 'rowKey' | 'onChange'
> {
  /** POST endpoint answering `{ rows, total }` for `{ page, limit, ...params }`. */
  url: string;
  /** Filters merged into the body; a change goes back to page 1. Empty values are not sent. */
  params?: Record<string, unknown>;
  columns: NonNullable<TableProps<T>['columns']>;
  rowKey: NonNullable<TableProps<T>['rowKey']>;
  /** Extra parts of the query key, for data the url and params do not capture. */
  queryKey?: readonly unknown[];
  /** Any change fetches the current page again (e.g. a counter bumped after an edit). */
  reloadKey?: unknown;
  defaultPageSize?: number;
  ref?: Ref<PagedTableHandle>;
}

/**
 * Every query key of a paged table starts with its url, so after a change a page can refresh all
 * pages of that list: `queryClient.invalidateQueries({ queryKey: pagedTableKey(url) })`.
 */
export const pagedTableKey = (url: string) => [url] as const;

/** Drops filters the user left empty, so the server sees "no filter" rather than a blank value. */
export function cleanParams(params: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    const trimmed = typeof value === 'string' ? value.trim() : value;
    if (trimmed === undefined || trimmed === null || trimmed === '') continue;
    body[key] = trimmed;
  }
  return body;
}

/**
 * Spec §7 "the table component calls a configured URL with paging data": a table over a POST
 * endpoint with the spec §2/§9 paginator (total, sizes 10-400, prev, pager, next, jumper).
 */
export function PagedTable<T extends AnyObject>({
  url,
  params,
  columns,
  rowKey,
  queryKey = [],
  reloadKey,
  defaultPageSize = DEFAULT_PAGE_SIZE,
  ref,
  ...tableProps
}: PagedTableProps<T>) {
  const { t } = useTranslation(['widgets', 'common']);
  const filters = cleanParams(params);
  const filtersKey = JSON.stringify(filters);
  // The page belongs to the filters it was chosen under; new filters start again at page 1.
  const [paging, setPaging] = useState({ page: 1, limit: defaultPageSize, filtersKey });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;
  const { limit } = paging;
  const body = { ...filters, page, limit };

  const query = useQuery({
    queryKey: [url, body, ...queryKey, reloadKey],
    queryFn: () => post<PageResult<T>>(url, body, { silent: true }),
    placeholderData: keepPreviousData,
  });
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = query;

  const reload = useCallback(() => void refetch(), [refetch]);
  useImperativeHandle(ref, () => ({ reload }), [reload]);

  // After deleting the last rows of the last page, show the page that now is the last one.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / limit)) : 1;
  const pastEnd = !!data && !isPlaceholderData && data.rows.length === 0 && page > lastPage;
  useEffect(() => {
    if (pastEnd) setPaging({ page: lastPage, limit, filtersKey });
  }, [pastEnd, lastPage, limit, filtersKey]);

  const emptyText = error ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={error.message || t('common:loadFailed')}>
      <Button onClick={reload}>{t('common:retry')}</Button>
    </Empty>
  ) : isPending ? (
    <div style={{ height: 48 }} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:empty')} />
  );

  return (
    <Table<T>
      {...tableProps}
      rowKey={rowKey}
      columns={columns}
      dataSource={error ? [] : (data?.rows ?? [])}
      loading={{ spinning: isFetching, description: t('common:loading') }}
      locale={{ ...tableProps.locale, emptyText }}
      pagination={{
        current: page,
        pageSize: limit,
        total: error ? 0 : (data?.total ?? 0),
        showTotal: (total) => t('total', { total }),
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZES],
        showQuickJumper: true,
        onChange: (nextPage, nextLimit) =>
          setPaging({ page: nextLimit === limit ? nextPage : 1, limit: nextLimit, filtersKey }),
      }}
    />
  );
}

/**
 * The filters of a list page: `search` (from a SearchBar) sets them and always fetches again, even
 * when they did not change; `reload` refreshes after an edit. Spread into `<PagedTable>`.
 */
export function useTableSearch<P extends Record<string, unknown>>(initial?: P) {
  const [state, setState] = useState({ params: initial ?? ({} as P), reloadKey: 0 });
  const search = useCallback((params: P) => setState((s) => ({ params, reloadKey: s.reloadKey + 1 })), []);
  const reload = useCallback(() => setState((s) => ({ ...s, reloadKey: s.reloadKey + 1 })), []);
  return { params: state.params, reloadKey: state.reloadKey, search, reload };
}
