import type { DictEntry } from './dict/dict.ts';

/**
 * The one permission catalogue (spec §6: strings `area:resource:action`). Routes declare these,
 * the role editor lists them grouped by module, and the console filters its menu with them.
 */
export const PERMISSION_GROUPS = [
  {
    module: 'scenic',
    label: { zh: '景区管理', en: 'Scenic areas' },
    perms: {
      'admin:scenic:page': { zh: '查看景区', en: 'View scenic areas' },
    },
  },
  {
    module: 'sys',
    label: { zh: '系统管理', en: 'System' },
    perms: {
      'admin:admin:page': { zh: '查看账号', en: 'View accounts' },
      'admin:admin:create': { zh: '新增账号', en: 'Create accounts' },
      'admin:admin:update': { zh: '编辑账号', en: 'Edit accounts' },
      'admin:admin:delete': { zh: '删除账号', en: 'Delete accounts' },
      'admin:admin:resetPassword': { zh: '重置账号密码', en: 'Reset account passwords' },
      'admin:role:page': { zh: '查看角色', en: 'View roles' },
      'admin:role:create': { zh: '新增角色', en: 'Create roles' },
      'admin:role:update': { zh: '编辑角色及权限', en: 'Edit roles and their permissions' },
      'admin:role:delete': { zh: '删除角色', en: 'Delete roles' },
      'admin:oauth:page': { zh: '查看客户端', en: 'View OAuth clients' },
      'admin:oauth:create': { zh: '新增客户端', en: 'Create OAuth clients' },
      'admin:oauth:update': { zh: '编辑客户端及重置密钥', en: 'Edit OAuth clients and reset secrets' },
      'admin:oauth:delete': { zh: '删除客户端', en: 'Delete OAuth clients' },
      'admin:setting:query': { zh: '查看景区设置', en: 'View scenic-area settings' },
      'admin:setting:update': { zh: '修改景区设置', en: 'Change scenic-area settings' },
      'admin:copyright:manage': { zh: '版权信息管理', en: 'Manage copyright and branding' },
      'admin:audit:page': { zh: '查看操作日志', en: 'View audit log' },
      'admin:loginLog:page': { zh: '查看登录日志', en: 'View login log' },
    },
  },
] as const satisfies readonly { module: string; label: DictEntry; perms: Record<string, DictEntry> }[];

type Groups = typeof PERMISSION_GROUPS;
type PermsOf<G> = G extends { perms: infer P } ? keyof P : never;
export type Permission = PermsOf<Groups[number]> & string;

/** Grants every permission (spec §6). */
export const WILDCARD = '*';

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap(
  (group) => Object.keys(group.perms) as Permission[],
);

export function isKnownPermission(value: string): value is Permission {
  return value === WILDCARD || (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/** True when `granted` holds `required`, the full wildcard, or a trailing `*` segment covering it. */
export function hasPermission(granted: readonly string[], required: string): boolean {
  for (const perm of granted) {
    if (perm === WILDCARD || perm === required) return true;
    if (perm.endsWith(':*') && required.startsWith(perm.slice(0, -1))) return true;
  }
  return false;
}
