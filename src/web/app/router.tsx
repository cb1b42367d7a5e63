import { lazy, Suspense } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { accessToken } from '../lib/session.ts';
import { LazyPageView, PageFallback } from '../components/lazy-page.tsx';
import type { LazyPage } from '../lib/web-module.ts';
import { SessionGuard } from './session-guard.tsx';

// The public screens use the shell's texts only (locales/shell.ts).
const page = (load: LazyPage) => (
  <ErrorBoundary>
    <LazyPageView load={load} />
  </ErrorBoundary>
);

const loginPage = () => import('../modules/auth/login.page.tsx');
const LazyAppScope = lazy(() => import('../components/app-scope.tsx'));

/** A public page with data (the copyright screen) gets the App context and query cache lazily too. */
const scopedPage = (load: LazyPage) => (
  <Suspense fallback={<PageFallback />}>
    <LazyAppScope>{page(load)}</LazyAppScope>
  </Suspense>
);

/** A logged-in user opening /login goes to / (docs/product.md §2). */
function LoginRoute() {
  return accessToken() ? <Navigate to="/" replace /> : page(loginPage);
}

/** docs/product.md §2: public routes, the copyright pair, and everything else behind the session. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/auth-redirect', element: page(() => import('../modules/auth/auth-redirect.page.tsx')) },
  {
    path: '/changePassword',
    element: page(() => import('../modules/auth/change-initial-password.page.tsx')),
  },
  { path: '/404', element: page(() => import('../modules/errors/not-found.page.tsx')) },
  { path: '/401', element: page(() => import('../modules/errors/unauthorized.page.tsx')) },
  { path: '/copLogin', element: page(() => import('../modules/copyright/cop-login.page.tsx')) },
  { path: '/copyright', element: scopedPage(() => import('../modules/copyright/copyright.page.tsx')) },
  {
    path: '/*',
    element: <SessionGuard>{page(() => import('./console-layout.tsx'))}</SessionGuard>,
  },
];

/**
 * The console's routes under the app's <HashRouter> (app.tsx). The declarative router: the console
 * loads no data through routes, so the data router's code (about 17 KiB gzip) is not needed.
 */
export function ConsoleRoutes() {
  return useRoutes(routes);
}
