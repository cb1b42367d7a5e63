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
      'admin:period:page': { zh: '查看公共库存', en: 'View public stock' },
      'admin:period:create': { zh: '新增时段', en: 'Create time slots' },
      'admin:period:update': { zh: '编辑时段及公共库存', en: 'Edit time slots and public stock' },
      'admin:period:delete': { zh: '删除时段', en: 'Delete time slots' },
    },
  },
  {
    module: 'ticket',
    label: { zh: '票务管理', en: 'Tickets' },
    perms: {
      'admin:ticType:page': { zh: '查看票种分类', en: 'View ticket categories' },
      'admin:ticType:create': { zh: '新增票种分类', en: 'Create ticket categories' },
      'admin:ticType:update': { zh: '编辑票种分类', en: 'Edit ticket categories' },
      'admin:ticType:delete': { zh: '删除票种分类', en: 'Delete ticket categories' },
      'admin:ticket:page': { zh: '查看门票产品', en: 'View ticket products' },
      'admin:ticket:create': { zh: '新增门票产品', en: 'Create ticket products' },
      'admin:ticket:update': { zh: '编辑门票产品及上下架', en: 'Edit ticket products and shelf status' },
      'admin:ticket:delete': { zh: '删除门票产品', en: 'Delete ticket products' },
      'admin:priceCalendar:page': { zh: '查看价格日历', en: 'View the price calendar' },
      'admin:priceCalendar:update': { zh: '编辑价格与库存', en: 'Edit prices and stock' },
      'admin:theatre:page': { zh: '查看剧场与场次', en: 'View theatres and shows' },
      'admin:theatre:create': { zh: '新增剧场与场次', en: 'Create theatres and shows' },
      'admin:theatre:update': { zh: '编辑剧场、座位图与场次', en: 'Edit theatres, seat maps and shows' },
      'admin:theatre:delete': { zh: '删除剧场与场次', en: 'Delete theatres and shows' },
      'admin:entryCode:page': { zh: '查看员工卡', en: 'View staff cards' },
      'admin:entryCode:create': { zh: '新增员工卡', en: 'Create staff cards' },
      'admin:entryCode:update': { zh: '编辑员工卡', en: 'Edit staff cards' },
      'admin:entryCode:delete': { zh: '删除员工卡', en: 'Delete staff cards' },
      'admin:explainRule:page': { zh: '查看购票协议', en: 'View ticket agreements' },
      'admin:explainRule:create': { zh: '新增购票协议', en: 'Create ticket agreements' },
      'admin:explainRule:update': { zh: '编辑购票协议', en: 'Edit ticket agreements' },
      'admin:explainRule:delete': { zh: '删除购票协议', en: 'Delete ticket agreements' },
      'admin:instructions:page': { zh: '查看购票须知模板', en: 'View purchase-notice templates' },
      'admin:instructions:create': { zh: '新增购票须知模板', en: 'Create purchase-notice templates' },
      'admin:instructions:update': { zh: '编辑购票须知模板', en: 'Edit purchase-notice templates' },
      'admin:instructions:delete': { zh: '删除购票须知模板', en: 'Delete purchase-notice templates' },
      'admin:printer:page': { zh: '查看打印模板', en: 'View print templates' },
      'admin:printer:create': { zh: '新增打印模板', en: 'Create print templates' },
      'admin:printer:update': { zh: '编辑打印模板', en: 'Edit print templates' },
      'admin:printer:delete': { zh: '删除打印模板', en: 'Delete print templates' },
      'admin:order:page': { zh: '查看订单', en: 'View orders' },
      'admin:order:update': {
        zh: '处理订单（取消、出票、作废、重发通知）',
        en: 'Handle orders (cancel, issue, void, resend)',
      },
      'admin:order:refund': { zh: '发起退票', en: 'Refund tickets' },
      'admin:refundApply:page': { zh: '查看退票申请', en: 'View refund applications' },
      'admin:refundApply:review': { zh: '审核退票申请', en: 'Review refund applications' },
      'admin:gardenLog:page': { zh: '查看出入园记录', en: 'View the entry/exit log' },
    },
  },
  {
    module: 'terminal',
    label: { zh: '终端管理', en: 'Terminals' },
    perms: {
      'admin:gate:page': { zh: '查看闸机', en: 'View gates' },
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

/**
 * Permissions over platform-wide records (the login screen's branding, the OAuth clients): only a
 * platform administrator (admType 1) grants them, and only platform administrators use them
 * (docs/accounts.md "Who may grant what"). `*` includes them.
 */
export const PLATFORM_PERMISSIONS: readonly Permission[] = [
  'admin:copyright:manage',
  'admin:oauth:page',
  'admin:oauth:create',
  'admin:oauth:update',
  'admin:oauth:delete',
];

export function isPlatformPermission(value: string): boolean {
  return value === WILDCARD || (PLATFORM_PERMISSIONS as readonly string[]).includes(value);
}

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
