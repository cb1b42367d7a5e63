import { ConfigProvider } from 'antd';
import { Activity, useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { LazyPageView } from '../components/lazy-page.tsx';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import styles from './layout.module.css';
import { useTabs } from '../lib/tabs-store.ts';
import type { PermittedRoutes } from './use-permitted-routes.ts';

/**
 * Renders every open tab and keeps the hidden ones alive (React's <Activity>), so switching tabs
 * keeps each page's filters, page, unsaved form and scroll position. Each tab sees its own location.
 */
export function PageHost({ pages, activePath }: { pages: PermittedRoutes['pages']; activePath: string }) {
  const tabs = useTabs();
  const panes = useRef(new Map<string, HTMLDivElement>());
  const scroll = useRef(new Map<string, number>());

  // display:none loses scrollTop; put it back when a tab is shown again
  useLayoutEffect(() => {
    const pane = panes.current.get(activePath);
    if (pane) pane.scrollTop = scroll.current.get(activePath) ?? 0;
  }, [activePath]);

  return (
    <>
      {tabs.map((tab) => {
        const active = tab.path === activePath;
        return (
          <div
            key={tab.path}
            className={styles.pane}
            style={active ? undefined : { display: 'none' }}
            data-active={active}
            data-testid={active ? 'active-pane' : undefined}
            // the page scrolls inside its pane: focusable, so the keyboard can scroll it (WCAG 2.1.1)
            tabIndex={0}
            ref={(el) => {
              if (el) panes.current.set(tab.path, el);
              else panes.current.delete(tab.path);
            }}
            onScroll={(e) => scroll.current.set(tab.path, e.currentTarget.scrollTop)}
          >
            <PanePopups active={active}>
              <ErrorBoundary>
                <Routes
                  location={{ pathname: tab.path, search: tab.search, hash: '', state: null, key: tab.path }}
                >
                  {pages.map(({ route }) =>
                    route.page ? (
                      <Route
                        key={route.path}
                        path={route.path}
                        element={<LazyPageView key={tab.version} load={route.page} />}
                      />
                    ) : null,
                  )}
                </Routes>
              </ErrorBoundary>
            </PanePopups>
          </div>
        );
      })}
    </>
  );
}

/**
 * The tab's dialogs and drawers render into a layer inside its own pane rather than into
 * `document.body`: a hidden tab hides them with it, even one still closing when the user switched
 * tabs (React defers updates inside a hidden <Activity>, so its close animation would otherwise
 * stay on screen). Dropdowns and tooltips, which antd places next to their trigger, stay on body.
 */
function PanePopups({ active, children }: { active: boolean; children: ReactNode }) {
  const [layer, setLayer] = useState<HTMLDivElement | null>(null);
  const getPopupContainer = useCallback(
    (trigger?: HTMLElement) =>
      trigger && trigger !== document.body ? document.body : (layer ?? document.body),
    [layer],
  );
  return (
    <>
      <Activity mode={active ? 'visible' : 'hidden'}>
        <ConfigProvider getPopupContainer={getPopupContainer}>{children}</ConfigProvider>
      </Activity>
      <div ref={setLayer} data-testid={active ? 'active-pane-popups' : undefined} />
    </>
  );
}
