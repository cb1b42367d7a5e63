import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import type { Lang } from '../../shared/dict/dict.ts';
import { useSettings } from '../lib/settings.ts';
import type { Dict } from './dict-tag.tsx';

export interface DictSelectProps extends Omit<SelectProps<number | string>, 'options'> {
  dict: Dict;
  /** Offer only these codes, in this order (default: every code of the dictionary). */
  codes?: readonly (number | string)[];
}

// Object keys are strings; numeric codes go back to numbers so the form value matches the API's.
function codeOf(key: string): number | string {
  return /^-?\d+$/.test(key) ? Number(key) : key;
}

export function dictOptions(dict: Dict, lang: Lang, codes?: readonly (number | string)[]) {
  const all = codes ?? Object.keys(dict).map(codeOf);
  return all.map((code) => ({ value: code, label: dict[code]?.[lang] ?? String(code) }));
}

/**
 * Chooses one code (or several with mode="multiple") of a dictionary; antd Form compatible. Typing
 * searches the labels (antd searches the values by default, which are numeric codes here).
 */
export function DictSelect({ dict, codes, allowClear = true, showSearch, ...props }: DictSelectProps) {
  const { lang } = useSettings();
  const options = useMemo(() => dictOptions(dict, lang, codes), [dict, lang, codes]);
  const searchable = showSearch ?? (props.mode === 'multiple' || props.mode === 'tags' ? true : undefined);
  return (
    <Select
      allowClear={allowClear}
      {...props}
      showSearch={searchable === true ? { optionFilterProp: 'label' } : searchable}
      options={options}
    />
  );
}
