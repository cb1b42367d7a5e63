// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PermissionTree } from '../../../shared/api/roles.ts';
import '../../lib/i18n.ts';
import { updateSettings } from '../../lib/settings.ts';
import { PermissionTreeEditor, permissionsFromCheck } from './permission-tree.tsx';

const TREE: PermissionTree = [
  {
    module: 'scenic',
    label: { zh: '景区管理', en: 'Scenic areas' },
    perms: [
      { code: 'admin:scenic:page', label: { zh: '查看景区', en: 'View scenic areas' }, grantable: true },
    ],
  },
  {
    module: 'sys',
    label: { zh: '系统管理', en: 'System' },
    perms: [
      { code: 'admin:admin:page', label: { zh: '查看账号', en: 'View accounts' }, grantable: true },
      { code: 'admin:role:page', label: { zh: '查看角色', en: 'View roles' }, grantable: true },
    ],
  },
];

/** The checkbox of the tree node whose title starts with this text. */
function nodeCheckbox(container: HTMLElement, title: string): HTMLElement {
  const node = [...container.querySelectorAll<HTMLElement>('.ant-tree-treenode')].find((n) =>
    n.querySelector('.ant-tree-title')?.textContent?.startsWith(title),
  );
  if (!node) throw new Error(`no tree node ${title}`);
  return node.querySelector<HTMLElement>('.ant-tree-checkbox')!;
}

describe('permissionsFromCheck', () => {
  it('turns a checked module into all of its permissions and drops the module keys', () => {
    expect(permissionsFromCheck(['module:sys'], [], TREE)).toEqual(['admin:admin:page', 'admin:role:page']);
    expect(permissionsFromCheck(['admin:scenic:page', 'module:scenic'], [], TREE)).toEqual([
      'admin:scenic:page',
    ]);
  });

  it('keeps values the tree does not show (the wildcard) and forgets unchecked ones', () => {
    expect(permissionsFromCheck(['admin:role:page'], ['*', 'admin:admin:page'], TREE)).toEqual([
      '*',
      'admin:role:page',
    ]);
  });
});

describe('PermissionTreeEditor', () => {
  it('shows labels by module in the current language, following a switch', () => {
    render(<PermissionTreeEditor tree={TREE} value={[]} canGrantWildcard={false} />);
    expect(screen.getByText('系统管理')).toBeInTheDocument();
    expect(screen.getByText('查看角色')).toBeInTheDocument();

    act(() => updateSettings({ lang: 'en' }));
    try {
      expect(screen.getByText('System')).toBeInTheDocument();
      expect(screen.getByText('View roles')).toBeInTheDocument();
    } finally {
      act(() => updateSettings({ lang: 'zh' }));
    }
  });

  it('checks every permission of a module when the module is checked', () => {
    const onChange = vi.fn();
    const { container } = render(
      <PermissionTreeEditor tree={TREE} value={['admin:scenic:page']} onChange={onChange} canGrantWildcard />,
    );
    fireEvent.click(nodeCheckbox(container, '系统管理'));
    expect(onChange).toHaveBeenLastCalledWith(['admin:scenic:page', 'admin:admin:page', 'admin:role:page']);
  });

  it('unchecks one permission, leaving the module half checked', () => {
    const onChange = vi.fn();
    const { container } = render(
      <PermissionTreeEditor
        tree={TREE}
        value={['admin:admin:page', 'admin:role:page']}
        onChange={onChange}
        canGrantWildcard={false}
      />,
    );
    expect(nodeCheckbox(container, '系统管理')).toHaveClass('ant-tree-checkbox-checked');
    fireEvent.click(nodeCheckbox(container, '查看账号'));
    expect(onChange).toHaveBeenLastCalledWith(['admin:role:page']);
  });

  it('greys out the permissions the caller may not grant, and says why', () => {
    const onChange = vi.fn();
    const partial: PermissionTree = TREE.map((g) => ({
      ...g,
      perms: g.perms.map((p) => ({ ...p, grantable: p.code !== 'admin:role:page' })),
    }));
    const { container } = render(
      <PermissionTreeEditor tree={partial} value={[]} onChange={onChange} canGrantWildcard={false} />,
    );
    expect(nodeCheckbox(container, '查看角色')).toHaveClass('ant-tree-checkbox-disabled');
    expect(nodeCheckbox(container, '查看账号')).not.toHaveClass('ant-tree-checkbox-disabled');
    expect(screen.getByText(/灰色的权限您自己没有/)).toBeInTheDocument();
    // checking the module takes only what may be granted
    fireEvent.click(nodeCheckbox(container, '系统管理'));
    expect(onChange).toHaveBeenLastCalledWith(['admin:admin:page']);
  });

  it('offers the wildcard to platform administrators only', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <PermissionTreeEditor tree={TREE} value={['admin:role:page']} onChange={onChange} canGrantWildcard />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /\*/ }));
    expect(onChange).toHaveBeenLastCalledWith(['*', 'admin:role:page']);

    rerender(<PermissionTreeEditor tree={TREE} value={['admin:role:page']} canGrantWildcard={false} />);
    expect(screen.queryByRole('checkbox', { name: /\*/ })).toBeNull();
  });

  it('shows everything granted while the wildcard is on, and lets an area caller only keep it', () => {
    const { container } = render(<PermissionTreeEditor tree={TREE} value={['*']} canGrantWildcard={false} />);
    // no box to take it away, a notice instead; the tree shows all checked and cannot be changed
    expect(screen.queryByRole('checkbox', { name: /\*/ })).toBeNull();
    expect(screen.getByText(/\*/)).toBeInTheDocument();
    expect(nodeCheckbox(container, '景区管理')).toHaveClass('ant-tree-checkbox-checked');
    expect(nodeCheckbox(container, '查看角色')).toHaveClass('ant-tree-checkbox-checked');
    expect(nodeCheckbox(container, '查看角色')).toHaveClass('ant-tree-checkbox-disabled');
  });

  it('unchecking the wildcard gives back the permissions chosen before', () => {
    const onChange = vi.fn();
    render(
      <PermissionTreeEditor
        tree={TREE}
        value={['*', 'admin:role:page']}
        onChange={onChange}
        canGrantWildcard
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /\*/ }));
    expect(onChange).toHaveBeenLastCalledWith(['admin:role:page']);
  });
});
