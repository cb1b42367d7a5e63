import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';
import type { LazyPage } from './route-types.ts';

const cache = new WeakMap<LazyPage, ComponentType>();

/** The lazy component of a route's page, created once per loader. */
export function lazyComponent(load: LazyPage): ComponentType {
  let component = cache.get(load);
  if (!component) {
    component = lazy(load);
    cache.set(load, component);
  }
  return component;
}

export function PageFallback() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spin />
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
