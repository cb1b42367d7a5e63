import { lazy, Suspense, type ComponentType } from 'react';
import { loadModuleLocales } from '../lib/i18n.ts';
import type { LazyPage } from './route-types.ts';

const cache = new WeakMap<LazyPage, ComponentType>();

/**
 * The lazy component of a route's page, created once per loader. Unless `shellOnly` (the login
 * page), the screens' texts load alongside the page's chunk.
 */
export function lazyComponent(load: LazyPage, shellOnly = false): ComponentType {
  let component = cache.get(load);
  if (!component) {
    component = lazy(
      shellOnly ? load : () => Promise.all([load(), loadModuleLocales()]).then(([page]) => page),
    );
    cache.set(load, component);
  }
  return component;
}

/** A CSS spinner (styles.css) while a page's chunk loads; antd's Spin would weigh on the first load. */
export function PageFallback() {
  return (
    <div className="page-loading" aria-busy="true">
      <span className="page-spinner" />
    </div>
  );
}

export function LazyPageView({ load, shellOnly = false }: { load: LazyPage; shellOnly?: boolean }) {
  const Page = lazyComponent(load, shellOnly);
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}
