import { useCallback, useState } from 'react';
import { read, write } from '../../lib/storage.ts';

/** Table density; 'default' follows the console's size setting. */
export type Density = 'default' | 'middle' | 'small';

export interface ColumnPrefs {
  /** Keys of the columns the user chose to see or hide, overriding the definition's default. */
  shown: string[];
  hidden: string[];
  density: Density;
}

/** localStorage key of a screen's column settings. */
export const columnPrefsKey = (id: string) => `backstage_list_${id}`;

const EMPTY: ColumnPrefs = { shown: [], hidden: [], density: 'default' };

function load(id: string): ColumnPrefs {
  try {
    const stored = JSON.parse(read(columnPrefsKey(id)) ?? 'null') as Partial<ColumnPrefs> | null;
    if (!stored || typeof stored !== 'object') return EMPTY;
    const strings = (list: unknown) =>
      Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
    const density = (['default', 'middle', 'small'] as const).find((d) => d === stored.density);
    return { shown: strings(stored.shown), hidden: strings(stored.hidden), density: density ?? 'default' };
  } catch {
    return EMPTY;
  }
}

/** A screen's column visibility and density, remembered per screen in localStorage. */
export function useColumnPrefs(id: string, defaultHidden: readonly string[]) {
  const [prefs, setPrefs] = useState(() => load(id));
  const update = useCallback(
    (next: ColumnPrefs) => {
      setPrefs(next);
      write(columnPrefsKey(id), JSON.stringify(next));
    },
    [id],
  );
  const isVisible = (key: string) =>
    prefs.hidden.includes(key) ? false : prefs.shown.includes(key) ? true : !defaultHidden.includes(key);
  const setVisible = (key: string, visible: boolean) =>
    update({
      ...prefs,
      shown: visible ? [...prefs.shown.filter((k) => k !== key), key] : prefs.shown.filter((k) => k !== key),
      hidden: visible
        ? prefs.hidden.filter((k) => k !== key)
        : [...prefs.hidden.filter((k) => k !== key), key],
    });
  const setDensity = (density: Density) => update({ ...prefs, density });
  const reset = () => update(EMPTY);
  return { density: prefs.density, isVisible, setVisible, setDensity, reset };
}
