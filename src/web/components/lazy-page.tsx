import { lazy, Suspense, type ComponentType } from 'react';
import type { LazyPage } from '../lib/web-module.ts';

const cache = new WeakMap<LazyPage, ComponentType>();

/**
 * The lazy component of a route's page, created once per loader (the route table's loaders bring
 * their module's texts along: src/web/app/route-table.tsx).
 */
export function lazyComponent(load: LazyPage): ComponentType {
  let component = cache.get(load);
  if (!component) {
    component = lazy(load);
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

export function LazyPageView({ load }: { load: LazyPage }) {
  const Page = lazyComponent(load);
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}
