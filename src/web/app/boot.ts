import { CONSOLE_PUBLIC_PATHS } from '../../shared/boot-script.ts';

export { CONSOLE_PUBLIC_PATHS };

/**
 * What the console opens first (main.tsx). A visitor without a session on any path but the other
 * public screens meets the login form; the entry renders it without loading the console (router,
 * component library, layout), which loads once the user is signed in (docs/decisions.md "A login
 * screen without antd").
 */

/** Path and query of the hash route (`#/login?redirect=/x` → `/login`, `?redirect=/x`). */
export function hashLocation(hash: string): { path: string; search: string } {
  const value = hash.replace(/^#/, '') || '/';
  const at = value.indexOf('?');
  const path = at < 0 ? value : value.slice(0, at);
  return { path: path || '/', search: at < 0 ? '' : value.slice(at) };
}

/**
 * The login location to render at once, or null when the console itself should open: with a
 * session, or on another public screen. Any other path without a session goes to
 * `/login?redirect=<path>` (`/login` for the root), as the session guard would send it.
 */
export function loginLocation(hash: string, signedIn: boolean): string | null {
  if (signedIn) return null;
  const { path, search } = hashLocation(hash);
  if (path === '/login') return `/login${search}`;
  if ((CONSOLE_PUBLIC_PATHS as readonly string[]).includes(path)) return null;
  const target = `${path}${search}`;
  return target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}

/** The `redirect` parameter of a login location. */
export function redirectOf(location: string): string | null {
  return new URLSearchParams(hashLocation(location).search).get('redirect');
}
