import { renderToString } from 'react-dom/server';
import '../lib/i18n.ts';
import { LoginScreen } from '../modules/auth/login-screen.tsx';

const noop = () => undefined;

/**
 * The login form as HTML, written into index.html at build time (vite.config.ts, `prerender-login`)
 * so that the login route paints before its script has arrived: in the default language, size and
 * theme, read-only until main.tsx renders the live form over it (docs/decisions.md).
 */
export function renderLogin(): string {
  const html = renderToString(
    <LoginScreen redirect={null} onSignedIn={noop} onPasswordChangeRequired={noop} />,
  );
  // nothing works before the script: no typing that would be lost, no submit without it
  return html
    .replace(/<input /g, '<input readonly tabindex="-1" ')
    .replace(/<button /g, '<button tabindex="-1" ')
    .replace(/type="submit"/g, 'type="button"')
    .replace(/ autofocus=""/g, '');
}
