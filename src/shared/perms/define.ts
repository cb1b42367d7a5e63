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
