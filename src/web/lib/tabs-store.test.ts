import { beforeEach, describe, expect, it } from 'vitest';
import { closeAllTabs, closeOtherTabs, closeTab, openTab, refreshTab, tabsStore } from './tabs-store.ts';

const open = (path: string, affix = false) => openTab({ path, search: '', title: 'dashboard', affix });

describe('tabs', () => {
  beforeEach(() => tabsStore.set([]));

  it('adds each page once, affixed tabs first, and remembers the latest query string', () => {
    open('/a');
    open('/dashboard', true);
    open('/a');
    openTab({ path: '/a', search: '?page=3', title: 'dashboard', affix: false });
    expect(tabsStore.get().map((t) => `${t.path}${t.search}`)).toEqual(['/dashboard', '/a?page=3']);
  });

  it('closing the active tab goes to the last remaining one, or / when none is left (docs/product.md §2)', () => {
    open('/a');
    open('/b');
    open('/c');
    expect(closeTab('/b', '/c')).toBeNull();
    expect(closeTab('/c', '/c')).toBe('/a');
    expect(closeTab('/a', '/a')).toBe('/');
    expect(tabsStore.get()).toEqual([]);
  });

  it('never closes an affixed tab', () => {
    open('/dashboard', true);
    open('/a');
    expect(closeTab('/dashboard', '/dashboard')).toBeNull();
    expect(closeAllTabs()).toBe('/dashboard');
    expect(tabsStore.get().map((t) => t.path)).toEqual(['/dashboard']);
  });

  it('close others keeps the chosen and the affixed tabs', () => {
    open('/dashboard', true);
    open('/a');
    open('/b');
    closeOtherTabs('/b');
    expect(tabsStore.get().map((t) => t.path)).toEqual(['/dashboard', '/b']);
  });

  it('refresh bumps the version so the page re-mounts', () => {
    open('/a');
    refreshTab('/a');
    expect(tabsStore.get()[0]?.version).toBe(1);
  });
});
