import type { CopyrightContent, CopyrightRow } from '../../shared/api/copyright.ts';
import { terminalCopyrightApi } from '../../shared/api/endpoints.ts';
import { CONSOLE_CLIENT_ID } from '../../shared/dict/terminal-client.ts';
import { get } from './request.ts';
import { StorageKey, readJson, remove, write } from './storage.ts';
import { createStore, useStore } from './store.ts';

function contentOf(rows: CopyrightRow[] | null): CopyrightContent | null {
  const text = rows?.[0]?.copContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<CopyrightContent>;
    return { siteIcon: parsed.siteIcon ?? '', siteTitle: parsed.siteTitle ?? '' };
  } catch {
    return null;
  }
}

/** The site title and icon (docs/product.md §3 copyright record), from the stored copy until the fetch answers. */
export const brandingStore = createStore<CopyrightContent | null>(
  contentOf(readJson<CopyrightRow[]>(StorageKey.copyRight)),
);

export function useBranding(): CopyrightContent | null {
  return useStore(brandingStore);
}

function applyToDocument(branding: CopyrightContent | null) {
  if (branding?.siteTitle) document.title = branding.siteTitle;
  if (branding?.siteIcon) {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = branding.siteIcon;
  }
}

/** docs/product.md §7/§8: fetch the branding at start; a failed fetch removes the stored copy. */
export async function loadBranding(): Promise<void> {
  applyToDocument(brandingStore.get());
  try {
    const { items } = await get<{ items: CopyrightRow[] }>(
      terminalCopyrightApi.getTerCopyRight,
      { clientId: CONSOLE_CLIENT_ID },
      { auth: false, silent: true },
    );
    write(StorageKey.copyRight, JSON.stringify(items));
    brandingStore.set(contentOf(items));
  } catch {
    remove(StorageKey.copyRight);
    brandingStore.set(null);
  }
  applyToDocument(brandingStore.get());
}
