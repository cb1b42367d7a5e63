import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loadUser } from '../lib/auth.ts';
import { accessToken, clearSession, useUser } from '../lib/session.ts';
import { PageFallback } from '../components/lazy-page.tsx';

/**
 * docs/product.md §4 Session: without a token only the public routes are allowed; with a token and no user
 * loaded, user info is fetched (routes follow its authorities); if that fails, back to login.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const user = useUser();
  const [failed, setFailed] = useState(false);
  const token = accessToken();

  useEffect(() => {
    if (!token || user || failed) return;
    loadUser().catch(() => {
      clearSession();
      setFailed(true);
    });
  }, [token, user, failed]);

  const redirect = `${location.pathname}${location.search}`;
  if (!token || failed) {
    const target = redirect === '/' ? '/login' : `/login?redirect=${encodeURIComponent(redirect)}`;
    return <Navigate to={target} replace />;
  }
  if (!user) return <PageFallback />;
  return children;
}
