import type { DictEntry } from './dict/dict.ts';

/** A group of the console's modules: where its screens sit in the sidebar, and its name. */
export interface ModuleGroup {
  /** The first path segment its screens share (docs/product.md §2): `/ticket/order` is in `/ticket` */
  path: `/${string}`;
  label: DictEntry;
}

/**
 * The module groups (docs/product.md §2), in the sidebar's order, named once: the role editor groups
 * the permissions by them (perms/define.ts), the sidebar groups the screens by their path with these
 * labels as titles (src/web/app/menu-groups.ts), and an audit module that covers a whole group is
 * shown with the group's label (dict/audit.ts). No module's code here: the console's shell reads it.
 */
export const MODULE_GROUPS = {
  scenic: { path: '/scenic', label: { zh: '景区管理', en: 'Scenic areas' } },
  ticket: { path: '/ticket', label: { zh: '票务管理', en: 'Tickets' } },
  // spec §2 "/Make (hidden group)": the sidebar shows it only to accounts holding its permissions
  make: { path: '/Make', label: { zh: '预约管理', en: 'Reservations' } },
  user: { path: '/user', label: { zh: '会员管理', en: 'Members' } },
  promotion: { path: '/promotion', label: { zh: '营销管理', en: 'Promotions' } },
  distribution: { path: '/disManage', label: { zh: '分销管理', en: 'Distribution' } },
  ota: { path: '/ota', label: { zh: 'OTA管理', en: 'OTA' } },
  vipCard: { path: '/VipCard', label: { zh: '畅游卡管理', en: 'Travel cards' } },
  shop: { path: '/shop', label: { zh: '商城管理', en: 'Online shop' } },
  invoice: { path: '/invoice', label: { zh: '发票管理', en: 'Invoices' } },
  terminal: { path: '/terminal', label: { zh: '终端管理', en: 'Terminals' } },
  statAnalyse: { path: '/statAnalyse', label: { zh: '统计分析', en: 'Statistics' } },
  mapGuide: { path: '/mapGuide', label: { zh: '导览管理', en: 'Map guide' } },
  sys: { path: '/sys', label: { zh: '系统管理', en: 'System' } },
} as const satisfies Record<string, ModuleGroup>;

export type ModuleGroupName = keyof typeof MODULE_GROUPS;

export const MODULE_GROUP_NAMES = Object.keys(MODULE_GROUPS) as ModuleGroupName[];
