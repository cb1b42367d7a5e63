import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { userApi, type LevelOption } from '../../../shared/api/members.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { get } from '../../lib/request.ts';

/** The area's member levels as a dictionary (id → name in both languages), for filters and pickers. */
export function useLevels(): { levels: LevelOption[]; dict: Record<number, DictEntry> } {
  const query = useQuery({ queryKey: [userApi.levels], queryFn: () => get<LevelOption[]>(userApi.levels) });
  return useMemo(() => {
    const levels = query.data ?? [];
    return { levels, dict: Object.fromEntries(levels.map((l) => [l.id, { zh: l.name, en: l.name }])) };
  }, [query.data]);
}
