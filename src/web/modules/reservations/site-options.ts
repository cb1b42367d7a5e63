import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SiteOption } from '../../../shared/api/reservations.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { get } from '../../lib/request.ts';

/**
 * The area's sites as a dictionary (id → name in both languages) for a site filter, and the list
 * itself for the pickers. `url` is the screen's own sites endpoint (its permission).
 */
export function useSites(url: string): { sites: SiteOption[]; dict: Record<number, DictEntry> } {
  const query = useQuery({ queryKey: [url], queryFn: () => get<SiteOption[]>(url) });
  return useMemo(() => {
    const sites = query.data ?? [];
    return { sites, dict: Object.fromEntries(sites.map((s) => [s.id, { zh: s.name, en: s.name }])) };
  }, [query.data]);
}
