import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loginLocation, redirectOf } from './app/boot.ts';
import { LoadError } from './components/error-boundary.tsx';
import { loadBranding } from './lib/branding.ts';
import './lib/i18n.ts';
import { accessToken } from './lib/session.ts';
import { LoginScreen } from './modules/auth/login-screen.tsx';
import './styles.css';

void loadBranding();

// The console: router, component library, layout and screens (a chunk graph of its own).
const loadConsole = () => import('./app/app.tsx');
// While the user types: the console, its first screen's frame, and the dialogs a failed login shows.
const prefetchConsole = () => {
  void loadConsole().catch(() => undefined);
  void import('./app/console-layout.tsx').catch(() => undefined);
  void import('./lib/feedback-static.ts').catch(() => undefined);
};

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  let standalone = false;

  const openConsole = async (target?: string) => {
    const { App } = await loadConsole();
    standalone = false;
    window.removeEventListener('hashchange', route);
    // the router is not mounted yet: it starts from this location
    if (target) window.history.replaceState(null, '', `#${target}`);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  };

  /** The login form on its own, or the console; again on every hash change until the console runs. */
  function route() {
    const login = loginLocation(window.location.hash, Boolean(accessToken()));
    if (!login) {
      openConsole().catch((error: unknown) => root.render(<LoadError error={error} />));
      return;
    }
    if (`#${login}` !== window.location.hash)
      window.history.replaceState(window.history.state, '', `#${login}`);
    if (!standalone) {
      standalone = true;
      window.addEventListener('hashchange', route);
    }
    // a transition: React renders the form in slices of a few milliseconds (over its prerendered
    // copy) instead of in one long task
    startTransition(() => {
      root.render(
        <StrictMode>
          <LoginScreen
            key={login}
            redirect={redirectOf(login)}
            onSignedIn={openConsole}
            onPasswordChangeRequired={(username) =>
              openConsole(`/changePassword?username=${encodeURIComponent(username)}`)
            }
            onFirstInput={prefetchConsole}
          />
        </StrictMode>,
      );
    });
  }

  route();
}
