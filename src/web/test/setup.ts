// Setup of every test file. Server tests run in node, so everything here is for the DOM
// environment only and loaded lazily, leaving the node runs untouched.
import type {} from '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(async () => {
    cleanup();
    // React's scheduler runs queued work in a setImmediate: let it run while the DOM still exists,
    // or a root outside RTL's cleanup (antd's static message and modal) renders after the file's
    // environment is torn down ("window is not defined", an unhandled error that fails the run).
    // The rich-text editor is destroyed on a short timer after its unmount (@tiptap/react), and
    // its last render comes after that: wait a few milliseconds first.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setImmediate(resolve));
  });
  // every module's texts and menu titles, which the console loads with the modules' screens
  const { loadLocales } = await import('../lib/i18n.ts');
  const { WEB_MODULES } = await import('../app/modules.ts');
  await import('../app/route-table.tsx');
  await loadLocales(() => import('../components/list-page/list-page.locale.ts'));
  await loadLocales(() => import('../components/rich-text/rich-text.locale.ts'));
  for (const module of WEB_MODULES) await loadLocales(module.locales);

  // antd's responsive hooks (Grid, Table, Form) read media queries jsdom does not implement.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;

  // rc-resize-observer (Table, Select, Upload) needs the constructor to exist.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };

  // jsdom throws "Not implemented" for the pseudo-element argument antd passes to measure scrollbars.
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}
