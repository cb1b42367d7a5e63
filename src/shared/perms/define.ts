import type { DictEntry } from '../dict/dict.ts';

/** The role editor's groups (the console's menu groups), in the order it shows them. */
export const PERMISSION_GROUP_LABELS = {
  scenic: { zh: '景区管理', en: 'Scenic areas' },
  ticket: { zh: '票务管理', en: 'Tickets' },
  make: { zh: '预约管理', en: 'Bookings' },
  user: { zh: '会员管理', en: 'Members' },
  promotion: { zh: '营销管理', en: 'Promotions' },
  distribution: { zh: '分销管理', en: 'Distribution' },
  terminal: { zh: '终端管理', en: 'Terminals' },
  ota: { zh: 'OTA管理', en: 'OTA channels' },
  shop: { zh: '商城管理', en: 'Online shop' },
  sys: { zh: '系统管理', en: 'System' },
} as const satisfies Record<string, DictEntry>;

export type PermissionGroupName = keyof typeof PERMISSION_GROUP_LABELS;

/** A module's permissions (`area:resource:action`, docs/product.md §6) with labels, by role-editor group. */
export type ModulePermissions = Partial<Record<PermissionGroupName, Record<string, DictEntry>>>;

export function definePermissions<const P extends ModulePermissions>(perms: P): P {
  return perms;
}

/** Grants every permission (docs/product.md §6). */
export const WILDCARD = '*';

/**
 * True when `granted` holds `required`, the full wildcard, or a trailing `*` segment covering it.
 * Here, beside the primitives, not in `perms.ts`: the console's shell checks permissions on every
 * screen, and importing the catalogue (every module's labels) would put it in the first load.
 */
export function hasPermission(granted: readonly string[], required: string): boolean {
  for (const perm of granted) {
    if (perm === WILDCARD || perm === required) return true;
    if (perm.endsWith(':*') && required.startsWith(perm.slice(0, -1))) return true;
  }
  return false;
}
