import { useQuery } from '@tanstack/react-query';
import { distributorApi, type DistributorOption } from '../../shared/api/distribution.ts';
import { get } from '../lib/request.ts';
import type { Dict } from './dict-tag.tsx';

/** The area's distributors (null until loaded, or when the account may not list them). */
export function useDistributors(enabled = true): DistributorOption[] | null {
  const { data } = useQuery({
    queryKey: [distributorApi.options],
    queryFn: () => get<DistributorOption[]>(distributorApi.options, undefined, { silent: true }),
    enabled,
  });
  return data ?? null;
}

/** The distributors as a dictionary, for a filter's select (the company name in both languages). */
export const distributorDict = (list: readonly DistributorOption[]): Dict =>
  Object.fromEntries(list.map((d) => [d.id, { zh: d.company, en: d.company }]));
