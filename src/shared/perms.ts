import type { DictEntry } from './dict/dict.ts';
import { accountsPermissions } from './perms/accounts.ts';
import { auditPermissions } from './perms/audit.ts';
import { cardsPermissions } from './perms/cards.ts';
import { invoicesPermissions } from './perms/invoices.ts';
import { statisticsPermissions } from './perms/statistics.ts';
import { checkinPermissions } from './perms/checkin.ts';
import { contentPermissions } from './perms/content.ts';
import { couponsPermissions } from './perms/coupons.ts';
import { distributionPermissions } from './perms/distribution.ts';
import { copyrightPermissions } from './perms/copyright.ts';
import { gatesPermissions } from './perms/gates.ts';
import { terminalsPermissions } from './perms/terminals.ts';
import { mapGuidePermissions } from './perms/map-guide.ts';
import { thirdPartyPermissions } from './perms/third-party.ts';
import { faceDevicesPermissions } from './perms/face-devices.ts';
import { salesTerminalsPermissions } from './perms/sales-terminals.ts';
import { passengerCamerasPermissions } from './perms/passenger-cameras.ts';
import { inventoryPermissions } from './perms/inventory.ts';
import { membersPermissions } from './perms/members.ts';
import { settlementPermissions } from './perms/settlement.ts';
import { withdrawalsPermissions } from './perms/withdrawals.ts';
import { noticesPermissions } from './perms/notices.ts';
import { oauthPermissions } from './perms/oauth.ts';
import { ordersPermissions } from './perms/orders.ts';
import { otaPermissions } from './perms/ota.ts';
import { paymentsPermissions } from './perms/payments.ts';
import { storagePermissions } from './perms/storage.ts';
import { messagingPermissions } from './perms/messaging.ts';
import { pictureGroupsPermissions } from './perms/picture-groups.ts';
import { priceTiersPermissions } from './perms/price-tiers.ts';
import { printTemplatesPermissions } from './perms/print-templates.ts';
import { productsPermissions } from './perms/products.ts';
import { refundsPermissions } from './perms/refunds.ts';
import { reservationsPermissions } from './perms/reservations.ts';
import { rolesPermissions } from './perms/roles.ts';
import { scenicPermissions } from './perms/scenic.ts';
import { scenicSpotsPermissions } from './perms/scenic-spots.ts';
import { settingsPermissions } from './perms/settings.ts';
import { shopPermissions } from './perms/shop.ts';
import { staffCardsPermissions } from './perms/staff-cards.ts';
import { theatresPermissions } from './perms/theatres.ts';
import { ticketDisplayPermissions } from './perms/ticket-display.ts';
import { travelPermissions } from './perms/travel.ts';
import { MODULE_GROUP_NAMES, MODULE_GROUPS, type ModuleGroupName } from './module-groups.ts';
import type { ModulePermissions } from './perms/define.ts';

/**
 * Every module's permissions (`src/shared/perms/<module>.ts`), in the role editor's order. A new
 * module adds one line here.
 */
const MODULE_PERMISSIONS = [
  scenicPermissions,
  scenicSpotsPermissions,
  pictureGroupsPermissions,
  ticketDisplayPermissions,
  contentPermissions,
  travelPermissions,
  inventoryPermissions,
  productsPermissions,
  theatresPermissions,
  staffCardsPermissions,
  noticesPermissions,
  printTemplatesPermissions,
  ordersPermissions,
  refundsPermissions,
  checkinPermissions,
  reservationsPermissions,
  membersPermissions,
  withdrawalsPermissions,
  settlementPermissions,
  otaPermissions,
  cardsPermissions,
  invoicesPermissions,
  statisticsPermissions,
  couponsPermissions,
  priceTiersPermissions,
  distributionPermissions,
  gatesPermissions,
  terminalsPermissions,
  mapGuidePermissions,
  thirdPartyPermissions,
  faceDevicesPermissions,
  salesTerminalsPermissions,
  passengerCamerasPermissions,
  shopPermissions,
  accountsPermissions,
  rolesPermissions,
  oauthPermissions,
  settingsPermissions,
  paymentsPermissions,
  storagePermissions,
  messagingPermissions,
  copyrightPermissions,
  auditPermissions,
] as const;

type Keys<M> = M extends Record<string, infer G> ? (G extends Record<infer K, DictEntry> ? K : never) : never;
/** A permission string of the catalogue (docs/product.md §6: `area:resource:action`). */
export type Permission = Keys<(typeof MODULE_PERMISSIONS)[number]> & string;

/**
 * The one permission catalogue, grouped for the role editor. Routes declare these, the role editor
 * lists them by group, and the console filters its menu with them.
 */
export const PERMISSION_GROUPS: readonly {
  module: ModuleGroupName;
  label: DictEntry;
  perms: Partial<Record<Permission, DictEntry>>;
}[] = MODULE_GROUP_NAMES.flatMap((module) => {
  const perms: Partial<Record<string, DictEntry>> = {};
  for (const declared of MODULE_PERMISSIONS as readonly ModulePermissions[])
    for (const [perm, label] of Object.entries(declared[module] ?? {})) {
      if (perm in perms) throw new Error(`permission ${perm} declared twice`);
      perms[perm] = label;
    }
  return Object.keys(perms).length ? [{ module, label: MODULE_GROUPS[module].label, perms }] : [];
});

import { WILDCARD } from './perms/define.ts';

/** The permission primitives (also imported straight from perms/define.ts by the console's shell). */
export { hasPermission, WILDCARD } from './perms/define.ts';

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap(
  (group) => Object.keys(group.perms) as Permission[],
);

/**
 * Permissions over platform-wide records (the login screen's branding, the OAuth clients, creating
 * scenic areas): only a platform administrator (admType 1) grants them, and only platform
 * administrators use them (docs/accounts.md "Who may grant what"). `*` includes them.
 */
export const PLATFORM_PERMISSIONS: readonly Permission[] = [
  'admin:copyright:manage',
  'admin:storage:manage',
  'admin:scenic:create',
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
