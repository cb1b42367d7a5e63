// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setFeedback } from '../lib/feedback.ts';
import '../lib/i18n.ts';
import { RequestError } from '../lib/request.ts';
import { userStore } from '../lib/session.ts';
import { captureToasts, signIn } from '../test/console.tsx';
import { ConfirmAction } from './confirm-action.tsx';

const { success, error } = captureToasts();
afterEach(() => {
  setFeedback(null);
  act(() => userStore.set(null));
});

const okButton = () =>
  [...document.querySelectorAll<HTMLButtonElement>('.ant-popover button')].find(
    (b) => b.textContent?.replace(/\s/g, '') === '确定' || b.textContent === 'OK',
  )!;

describe('ConfirmAction', () => {
  it('asks first, then runs the change, says so and hands over the result', async () => {
    signIn(['admin:oauth:update']);
    const action = vi.fn(async () => 'new secret');
    const onSuccess = vi.fn();
    render(
      <App>
        <ConfirmAction
          perm="admin:oauth:update"
          title="重置密钥？"
          description="旧密钥立即失效"
          action={action}
          success="已重置"
          onSuccess={onSuccess}
        >
          重置密钥
        </ConfirmAction>
      </App>,
    );
    await userEvent.click(screen.getByRole('button', { name: '重置密钥' }));
    expect(await screen.findByText('旧密钥立即失效')).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
    await userEvent.click(okButton());
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('new secret'));
    expect(action).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(success).toHaveBeenCalledWith('已重置', undefined));
  });

  it('is disabled without the permission, or when the caller says so', () => {
    signIn(['admin:oauth:page']);
    render(
      <App>
        <ConfirmAction perm="admin:oauth:update" title="?" action={async () => null}>
          没有权限
        </ConfirmAction>
        <ConfirmAction title="?" disabled action={async () => null}>
          不可用
        </ConfirmAction>
        <ConfirmAction title="?" action={async () => null}>
          可用
        </ConfirmAction>
      </App>,
    );
    expect(screen.getByRole('button', { name: '没有权限' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '不可用' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '可用' })).toBeEnabled();
  });

  it('adds nothing to a refusal the request layer has shown', async () => {
    signIn(['*']);
    const onSuccess = vi.fn();
    const action = vi.fn(async () => {
      throw new RequestError('最后一个账号', 409, null, true);
    });
    render(
      <App>
        <ConfirmAction title="删除？" action={action} onSuccess={onSuccess}>
          删除记录
        </ConfirmAction>
      </App>,
    );
    await userEvent.click(screen.getByRole('button', { name: '删除记录' }));
    await screen.findByText('删除？');
    await userEvent.click(okButton());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /删除记录/ })).not.toHaveClass('ant-btn-loading'),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(action).toHaveBeenCalledTimes(1);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
  });
});
