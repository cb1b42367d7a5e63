// The component tests' shared fixtures: a signed-in staff account, a screen rendered inside the
// console's providers, JSON replies for a stubbed fetch, and the toasts a test reads.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import type { Userinfo } from '../../shared/api/auth.ts';
import { setFeedback, type Feedback } from '../lib/feedback.ts';
import { userStore } from '../lib/session.ts';

/** Signs a staff account of area 1 in with these permissions (admType 1: an area's administrator). */
export function signIn(authorities: string[], more: Partial<Userinfo> = {}): void {
  const user: Userinfo = {
    admId: 1,
    user_name: 'admin',
    admNickname: 'Admin',
    avatar: '',
    introduction: '',
    scenicId: 1,
    scenicName: '青山湖风景区',
    admType: 1,
    payType: 0,
    authorities,
    author: [],
    mustChangePassword: false,
    timeZone: 'Asia/Shanghai',
    ...more,
  };
  act(() => userStore.set(user));
}

/** Signs out after each test of the file (and drops a stubbed fetch). */
export function signOutAfterEach(): void {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => userStore.set(null));
  });
}

/** Renders `ui` as the console does: a query client (no retries), antd's App and a router at `url`. */
export function renderInConsole(ui: ReactNode, url = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

/** A fetch implementation that answers `body` as JSON with `status`. */
export const jsonReply =
  (body: unknown, status = 200) =>
  async (_url: string, _init?: RequestInit) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The success and error toasts the console shows, as mocks, fresh for each test of the file. */
export function captureToasts(): { success: Mock; error: Mock } {
  const toasts = { success: vi.fn(), error: vi.fn() };
  beforeEach(() => {
    toasts.success.mockReset();
    toasts.error.mockReset();
    setFeedback({ message: toasts, modal: {}, notification: {} } as unknown as Feedback);
  });
  afterEach(() => setFeedback(null));
  return toasts;
}
