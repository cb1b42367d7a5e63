import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { post } from '../../lib/request.ts';
import { listQueryKey } from './query.ts';
import type { SearchFieldDef } from './types.ts';
import { filtersBody, parseListState } from './url-state.ts';

/**
 * The count and sums of a list's current filter (the tab's query string) from its `totals` call,
 * cached beside the list's pages so a change that reloads the list reloads them too.
 */
export function useListTotals<T>(pageUrl: string, totalsUrl: string, search: readonly SearchFieldDef[]) {
  const location = useLocation();
  const filters = useMemo(
    () => filtersBody(parseListState(location.search, search, []).values, search),
    [location.search, search],
  );
  return useQuery({
    queryKey: [...listQueryKey(pageUrl), 'totals', filters],
    queryFn: () => post<T>(totalsUrl, filters, { silent: true }),
  });
}
