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
