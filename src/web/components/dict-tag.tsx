import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { DictEntry } from '../../shared/dict/dict.ts';
import { dictLabel } from '../../shared/dict/dict.ts';
import { useSettings } from '../lib/settings.ts';

export type Dict = Record<number | string, DictEntry>;

export interface DictTagProps {
  dict: Dict;
  value: number | string | null | undefined;
  /** Shown when there is no value. */
  fallback?: ReactNode;
}

/** A code of a dictionary as a tag in the entry's colour; an unknown code shows as itself. */
export function DictTag({ dict, value, fallback = null }: DictTagProps) {
  const { lang } = useSettings();
  if (value === null || value === undefined || value === '') return <>{fallback}</>;
  return <Tag color={dict[value]?.color}>{dictLabel(dict, value, lang)}</Tag>;
}
