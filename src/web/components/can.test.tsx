// @vitest-environment jsdom
import { act, render, renderHook, screen } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { WILDCARD } from '../../shared/perms.ts';
import { userStore } from '../lib/session.ts';
import { signIn } from '../test/console.tsx';
import { Can, usePermission } from './can.tsx';

afterEach(() => act(() => userStore.set(null)));

describe('usePermission', () => {
  it('answers from the signed-in user authorities', () => {
    signIn(['admin:scenic:page']);
    const { result } = renderHook(() => usePermission());
    expect(result.current('admin:scenic:page')).toBe(true);
    expect(result.current('admin:audit:page')).toBe(false);
    expect(result.current(['admin:audit:page', 'admin:scenic:page'])).toBe(true);
    expect(result.current(['admin:audit:page', 'admin:loginLog:page'])).toBe(false);
  });

  it('grants everything to the wildcard and nothing without a user', () => {
    const { result, rerender } = renderHook(() => usePermission());
    expect(result.current('admin:scenic:page')).toBe(false);
    signIn([WILDCARD]);
    rerender();
    expect(result.current('admin:audit:page')).toBe(true);
  });

  it('follows a change of the user', () => {
    signIn([]);
    const { result } = renderHook(() => usePermission());
    expect(result.current('admin:audit:page')).toBe(false);
    signIn(['admin:audit:page']);
    expect(result.current('admin:audit:page')).toBe(true);
  });
});

describe('Can', () => {
  it('disables its child when the permission is missing', () => {
    signIn(['admin:scenic:page']);
    render(
      <>
        <Can perm="admin:audit:page">
          <Button>Audit</Button>
        </Can>
        <Can perm="admin:scenic:page">
          <Button>Scenic</Button>
        </Can>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Audit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Scenic' })).toBeEnabled();
  });

  it('enables everything for the wildcard', () => {
    signIn([WILDCARD]);
    render(
      <Can perm="admin:audit:page">
        <Button>Audit</Button>
      </Can>,
    );
    expect(screen.getByRole('button', { name: 'Audit' })).toBeEnabled();
  });

  it('hands the answer to a render function', () => {
    signIn([]);
    render(<Can perm="admin:audit:page">{(allowed) => <span>{allowed ? 'yes' : 'no'}</span>}</Can>);
    expect(screen.getByText('no')).toBeInTheDocument();
  });
});
