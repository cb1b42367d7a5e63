// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../lib/request.ts';
import { LoginScreen } from './login-screen.tsx';

const auth = vi.hoisted(() => ({ login: vi.fn(), loadUser: vi.fn() }));
vi.mock('../../lib/auth.ts', () => auth);

beforeEach(() => {
  auth.login.mockResolvedValue({});
  auth.loadUser.mockResolvedValue({});
});
afterEach(() => vi.clearAllMocks());

function renderScreen(redirect: string | null = null) {
  const props = {
    redirect,
    onSignedIn: vi.fn(),
    onPasswordChangeRequired: vi.fn(),
    onFirstInput: vi.fn(),
  };
  render(<LoginScreen {...props} />);
  return props;
}

describe('LoginScreen', () => {
  it('names each empty field, marks it invalid, focuses the first, and sends nothing', async () => {
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入账号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByLabelText('账号')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('账号')).toHaveFocus();
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('signs in, loads the user and goes to the safe redirect; the first keystroke prefetches the console', async () => {
    const props = renderScreen('/scenic/sceManage');
    await userEvent.type(screen.getByLabelText('账号'), ' admin ');
    expect(props.onFirstInput).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByLabelText('密码'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(props.onSignedIn).toHaveBeenCalledWith('/scenic/sceManage'));
    expect(auth.login).toHaveBeenCalledWith(' admin ', 'Secret123');
    expect(auth.loadUser).toHaveBeenCalled();
  });

  it('never follows a redirect to another host', async () => {
    const props = renderScreen('//evil.example/x');
    await userEvent.type(screen.getByLabelText('账号'), 'admin');
    await userEvent.type(screen.getByLabelText('密码'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(props.onSignedIn).toHaveBeenCalledWith('/'));
  });

  it('sends an initial password to the forced change, with the trimmed name', async () => {
    auth.login.mockRejectedValue(
      new RequestError('x', 403, { code: 403, msg: 'x', data: 'password_change_required' }, true),
    );
    const props = renderScreen();
    await userEvent.type(screen.getByLabelText('账号'), ' staff ');
    await userEvent.type(screen.getByLabelText('密码'), 'Initial123');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(props.onPasswordChangeRequired).toHaveBeenCalledWith('staff'));
    expect(props.onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '登录' })).toBeEnabled();
  });

  it('shows and hides the password, and warns about Caps Lock', async () => {
    renderScreen();
    const password = screen.getByLabelText('密码');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: '显示密码' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyUp(password, { key: 'A', modifierCapsLock: true });
    expect(screen.getByText('大写锁定已打开')).toBeInTheDocument();
  });
});
