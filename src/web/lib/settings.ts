import type { Lang } from '../../shared/dict/dict.ts';
import { StorageKey, read, write } from './storage.ts';
import { createStore, useStore } from './store.ts';

/** docs/product.md §2/§9: component size medium (default), small, mini. */
export type Size = 'medium' | 'small' | 'mini';
export const SIZES: readonly Size[] = ['medium', 'small', 'mini'];
export const DEFAULT_THEME = '#409EFF';

export interface Settings {
  size: Size;
  lang: Lang;
  theme: string;
  sidebarOpened: boolean;
}

function initial(): Settings {
  const size = read(StorageKey.size);
  const theme = read(StorageKey.theme);
  return {
    size: (SIZES as readonly string[]).includes(size ?? '') ? (size as Size) : 'medium',
    lang: read(StorageKey.language) === 'en' ? 'en' : 'zh',
    theme: theme && /^#[0-9a-fA-F]{6}$/.test(theme) ? theme : DEFAULT_THEME,
    // spec: the sidebar status is remembered; '0' means collapsed
    sidebarOpened: read(StorageKey.sidebarStatus) !== '0',
  };
}

export const settingsStore = createStore<Settings>(initial());

/** Changes one setting and remembers it. */
export function updateSettings(patch: Partial<Settings>): void {
  settingsStore.set((prev) => ({ ...prev, ...patch }));
  if (patch.size) write(StorageKey.size, patch.size);
  if (patch.lang) write(StorageKey.language, patch.lang);
  if (patch.theme) write(StorageKey.theme, patch.theme);
  if (patch.sidebarOpened !== undefined) write(StorageKey.sidebarStatus, patch.sidebarOpened ? '1' : '0');
}

export function useSettings(): Settings {
  return useStore(settingsStore);
}
