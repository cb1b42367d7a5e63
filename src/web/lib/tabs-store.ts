import type { MenuTitle } from '../locales/index.ts';
import { createStore, useStore } from './store.ts';

/** A visited page in the tags view. `version` changes when the page is refreshed (re-mounted). */
export interface Tab {
  path: string;
  search: string;
  title: MenuTitle;
  affix: boolean;
  version: number;
}

export const tabsStore = createStore<Tab[]>([]);

export function useTabs(): Tab[] {
  return useStore(tabsStore);
}

/** Adds the page as a tab, or updates the query string of its tab. */
export function openTab(tab: Omit<Tab, 'version'>): void {
  tabsStore.set((tabs) => {
    const existing = tabs.find((t) => t.path === tab.path);
    if (existing) {
      return existing.search === tab.search
        ? tabs
        : tabs.map((t) => (t.path === tab.path ? { ...t, search: tab.search } : t));
    }
    const next = [...tabs, { ...tab, version: 0 }];
    // affixed tabs (the dashboard) stay in front
    return [...next.filter((t) => t.affix), ...next.filter((t) => !t.affix)];
  });
}

export function refreshTab(path: string): void {
  tabsStore.set((tabs) => tabs.map((t) => (t.path === path ? { ...t, version: t.version + 1 } : t)));
}

/**
 * Closes a tab. Returns where to go when it was the active one (docs/product.md §2: the last remaining tab,
 * or / when none is left), else null.
 */
export function closeTab(path: string, activePath: string): string | null {
  const tabs = tabsStore.get();
  const remaining = tabs.filter((t) => t.path !== path || t.affix);
  tabsStore.set(remaining);
  if (path !== activePath || remaining.some((t) => t.path === path)) return null;
  const last = remaining[remaining.length - 1];
  return last ? `${last.path}${last.search}` : '/';
}

export function closeOtherTabs(path: string): void {
  tabsStore.set((tabs) => tabs.filter((t) => t.path === path || t.affix));
}

/** Closes every tab but the affixed ones; returns where to go. */
export function closeAllTabs(): string {
  const remaining = tabsStore.get().filter((t) => t.affix);
  tabsStore.set(remaining);
  const last = remaining[remaining.length - 1];
  return last ? `${last.path}${last.search}` : '/';
}
