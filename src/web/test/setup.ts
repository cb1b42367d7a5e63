// Setup of every test file. Server tests run in node, so everything here is for the DOM
// environment only and loaded lazily, leaving the node runs untouched.
import type {} from '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
  // the screens' texts, which the console loads with the first screen behind the layout
  await (await import('../lib/i18n.ts')).loadModuleLocales();

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
