import { Alert, Checkbox, Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionTree } from '../../../shared/api/roles.ts';
import type { Lang } from '../../../shared/dict/dict.ts';
import { WILDCARD } from '../../../shared/perms.ts';
import { useSettings } from '../../lib/settings.ts';

/** Tree keys of the module nodes; a permission's key is its code. */
const MODULE_PREFIX = 'module:';

export function permissionTreeNodes(tree: PermissionTree, lang: Lang): TreeDataNode[] {
  return tree.map((group) => ({
    key: `${MODULE_PREFIX}${group.module}`,
    title: group.label[lang],
    children: group.perms.map((perm) => ({
      key: perm.code,
      // one grants only what one holds (docs/accounts.md); the server refuses the rest anyway
      disableCheckbox: !perm.grantable,
      title: (
        <span>
          {perm.label[lang]} <code style={{ opacity: 0.55, fontSize: '0.85em' }}>{perm.code}</code>
        </span>
      ),
    })),
  }));
}

/**
 * The permissions a tree check leaves: the checked leaves (a checked module stands for all of its
 * permissions the caller may grant, which antd reports with it), plus the values the tree does not show (the wildcard,
 * anything outside the catalogue) kept as they were.
 */
export function permissionsFromCheck(
  checkedKeys: readonly (string | number | bigint)[],
  previous: readonly string[],
  tree: PermissionTree,
): string[] {
  const inTree = new Set(tree.flatMap((g) => g.perms.map((p) => p.code)));
  const checked = new Set(checkedKeys.map(String));
  for (const group of tree)
    if (checked.has(`${MODULE_PREFIX}${group.module}`))
      for (const p of group.perms) if (p.grantable) checked.add(p.code);
  const kept = previous.filter((code) => !inTree.has(code));
  const chosen = [...inTree].filter((code) => checked.has(code));
  return [...kept, ...chosen];
}

export interface PermissionTreeEditorProps {
  /** antd Form value: the role's permission codes. */
  value?: string[];
  onChange?: (value: string[]) => void;
  /** The catalogue grouped by module (GET /role/permissionTree). */
  tree: PermissionTree | undefined;
  loading?: boolean;
  /** Only a platform administrator holding `*` may grant it (docs/accounts.md). */
  canGrantWildcard: boolean;
  disabled?: boolean;
}

/**
 * The role editor's permission tree (docs/product.md §6): modules with their permissions, labels in the
 * current language. Checking a module checks all of its permissions. The wildcard `*` is a separate
 * box above the tree, shown to platform administrators; while it is on, the tree shows everything
 * granted.
 */
export function PermissionTreeEditor({
  value,
  onChange,
  tree,
  loading,
  canGrantWildcard,
  disabled,
}: PermissionTreeEditorProps) {
  const { t } = useTranslation('roles');
  const { lang } = useSettings();
  const current = useMemo(() => value ?? [], [value]);
  const wildcard = current.includes(WILDCARD);
  const nodes = useMemo(() => (tree ? permissionTreeNodes(tree, lang) : []), [tree, lang]);
  const allKeys = useMemo(
    () => (tree ?? []).flatMap((g) => [`${MODULE_PREFIX}${g.module}`, ...g.perms.map((p) => p.code)]),
    [tree],
  );

  if (loading) return <Spin size="small" />;
  if (!tree?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;

  return (
    <div data-testid="permission-tree">
      {canGrantWildcard ? (
        <Checkbox
          checked={wildcard}
          disabled={disabled}
          style={{ marginBottom: 8 }}
          onChange={(e) =>
            onChange?.(
              e.target.checked ? [WILDCARD, ...current] : current.filter((code) => code !== WILDCARD),
            )
          }
        >
          {t('wildcard')} <code>{WILDCARD}</code>
        </Checkbox>
      ) : (
        wildcard && <Alert type="info" showIcon style={{ marginBottom: 8 }} title={t('wildcardKept')} />
      )}
      {tree.some((g) => g.perms.some((p) => !p.grantable)) && (
        <Alert type="info" showIcon style={{ marginBottom: 8 }} title={t('notGrantableHint')} />
      )}
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        disabled={disabled || wildcard}
        treeData={nodes}
        checkedKeys={wildcard ? allKeys : current.filter((code) => code !== WILDCARD)}
        onCheck={(checked) => {
          const keys = Array.isArray(checked) ? checked : checked.checked;
          onChange?.(permissionsFromCheck(keys, current, tree));
        }}
      />
    </div>
  );
}
