import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { post } from '../../lib/request.ts';
import { listQueryKey, type PageResult } from './query.ts';
import type { ColumnDef, ListPageDefinition, Row } from './types.ts';
import {
  filtersBody,
  listBody,
  parseListState,
  serializeListState,
  sortBody,
  type ListState,
} from './url-state.ts';

// Only the visible tab may move the console's location (a hidden one would take over the screen).
const isActiveTab = (pathname: string) =>
  typeof window === 'undefined' ||
  !window.location.hash ||
  window.location.hash.slice(1).split('?')[0] === pathname;

export const sortKeyOf = <T extends Row>(column: ColumnDef<T>) =>
  typeof column.sortable === 'string' ? column.sortable : column.key;

/** Refreshes every page of the list of `url` (after a change elsewhere on the screen). */
export function useListReload(url: string): () => void {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: listQueryKey(url) }),
    [queryClient, url],
  );
}

/**
 * A paged list whose filters, page, size and sort live in the tab's URL: the state, the query, `go`
 * to another state, `reload`, and the body an export of the same filter sends. <ListPage> is built
 * on it; a screen that outgrows <ListPage> uses it directly.
 */
export function useList<T extends Row>(
  d: Pick<
    ListPageDefinition<T>,
    'url' | 'search' | 'columns' | 'params' | 'defaultSort' | 'request' | 'refreshEvery'
  >,
) {
  const location = useLocation();
  const navigate = useNavigate();
  const fields = useMemo(() => d.search ?? [], [d.search]);
  const sortable = useMemo(() => d.columns.filter((c) => c.sortable).map(sortKeyOf), [d.columns]);
  const state = useMemo(
    () => parseListState(location.search, fields, sortable),
    [location.search, fields, sortable],
  );
  const body = { ...d.params, ...listBody(state, fields, d.defaultSort) };

  const query = useQuery({
    queryKey: [...listQueryKey(d.url), body],
    queryFn: () =>
      d.request
        ? (d.request(d.url, body) as Promise<PageResult<T>>)
        : post<PageResult<T>>(d.url, body, { silent: true }),
    placeholderData: keepPreviousData,
    // react-query pauses it while the browser tab is hidden, and a console tab in the back is a
    // hidden <Activity> (page-host.tsx) whose effects are off, so only the tab in front refreshes
    ...(d.refreshEvery ? { refetchInterval: d.refreshEvery } : {}),
  });
  const { data, isPlaceholderData, refetch } = query;

  const go = useCallback(
    (next: ListState) => {
      const search = serializeListState(next, fields, location.search);
      if (search === (location.search === '?' ? '' : location.search)) void refetch();
      else navigate({ pathname: location.pathname, search }, { replace: true });
    },
    [fields, location.pathname, location.search, navigate, refetch],
  );

  // After deleting the last rows of the last page, show the page that now is the last one.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / state.limit)) : 1;
  const pastEnd = !!data && !isPlaceholderData && data.rows.length === 0 && state.page > lastPage;
  useEffect(() => {
    if (pastEnd && isActiveTab(location.pathname)) go({ ...state, page: lastPage });
  }, [pastEnd, lastPage, go, state, location.pathname]);

  const reload = useListReload(d.url);
  const exportBody = () => ({
    ...d.params,
    ...filtersBody(state.values, fields),
    ...(state.sort ? sortBody(state) : {}),
  });

  return { fields, state, query, go, reload, exportBody };
}
