import { ADM_TYPE } from '../../shared/dict/account.ts';
import { REFUND_RULE, REFUND_UNIT } from '../../shared/dict/product.ts';
import type { Permission } from '../../shared/perms.ts';
import { shopPermissions } from '../../shared/perms/shop.ts';
import { adminRoles, admins, rolePermissions, roles } from '../modules/accounts/accounts.table.ts';
import { DEMO_PASSWORD, hashPassword } from '../lib/password.ts';
import { scenicAreas } from '../modules/scenic/scenic.table.ts';
import { saveScenicSettings } from '../modules/settings/settings.service.ts';
import type { Db } from '../db/client.ts';

export { DEMO_PASSWORD } from '../lib/password.ts';

export const DEMO_SCENIC = { code: 'QSH', name: '青山湖风景区' };

interface DemoRole {
  code: string;
  name: string;
  perms: Permission[];
}

/**
 * The deterministic demo set on top of the bootstrap: a second scenic area and one account of
 * each kind. Later modules add their own demo data after this.
 */
export async function seedDemoAccounts(db: Db, first: { scenicId: number }): Promise<void> {
  const [second] = await db
    .insert(scenicAreas)
    .values({
      code: 'YLGZ',
      name: '云岭古镇',
      contact: '李敏',
      phone: '0871-65550102',
      address: '云南省大理州云岭镇古镇路 1 号',
      sort: 1,
    })
    .returning({ id: scenicAreas.id });
  if (!second) throw new Error('demo insert returned no row');

  async function role(scenicId: number, spec: DemoRole): Promise<number> {
    const [row] = await db
      .insert(roles)
      .values({ scenicId, code: spec.code, name: spec.name })
      .returning({ id: roles.id });
    if (!row) throw new Error('demo insert returned no row');
    if (spec.perms.length) {
      await db
        .insert(rolePermissions)
        .values(spec.perms.map((permission) => ({ roleId: row.id, permission })));
    }
    return row.id;
  }
  const hash = await hashPassword(DEMO_PASSWORD);
  async function account(values: {
    username: string;
    nickname: string;
    admType: number;
    scenicId: number;
    payType?: number;
    roleId: number;
  }) {
    const { roleId, ...rest } = values;
    const [row] = await db
      .insert(admins)
      .values({ ...rest, passwordHash: hash })
      .returning({ id: admins.id });
    if (!row) throw new Error('demo insert returned no row');
    await db.insert(adminRoles).values({ adminId: row.id, roleId });
  }

  const staffPerms: Permission[] = ['admin:scenic:page', 'admin:loginLog:page'];
  const staffRole = await role(first.scenicId, { code: 'scenic_staff', name: '景区员工', perms: staffPerms });
  // the shop account (type 4) holds the shop's permissions only (docs/product.md §6)
  const shopRole = await role(first.scenicId, {
    code: 'shop_staff',
    name: '商城店员',
    perms: Object.keys(shopPermissions.shop) as Permission[],
  });
  // a distributor sees its own orders only (docs/accounts.md "Distributors") and buys for itself on
  // its balance or credit (/disManage/buy, docs/decisions.md "Price tiers")
  const agentRole = await role(first.scenicId, {
    code: 'distributor',
    name: '分销商',
    perms: [
      'admin:order:page',
      // its own ledger, top-ups and credit (/disManage, issue 17)
      'admin:disLedger:page',
      'admin:disRecharge:page',
      'admin:disRecharge:create',
      'admin:disCredit:page',
      // buying on balance or credit, its withdrawals, distribution orders and statements
      'admin:disBuy:create',
      'admin:haul:page',
      'admin:haul:apply',
      'admin:disorder:page',
      'admin:settle:statement',
      // the invoices of its own settlement statements (/invoice/disInvoicePage)
      'admin:invoice:settlement:query',
      // its own rows of the distributor reports (/statAnalyse/disReport, disSale, disTicket)
      'admin:stat:disReport',
      'admin:stat:disSale',
      'admin:stat:disTicket',
    ],
  });
  const secondStaffRole = await role(second.id, {
    code: 'scenic_staff',
    name: '景区员工',
    perms: staffPerms,
  });

  await account({
    username: 'staff',
    nickname: '王丽',
    admType: ADM_TYPE.staff,
    scenicId: first.scenicId,
    roleId: staffRole,
  });
  await account({
    username: 'shop',
    nickname: '商城店员',
    admType: ADM_TYPE.shop,
    scenicId: first.scenicId,
    roleId: shopRole,
  });
  await account({
    username: 'agent',
    nickname: '山水旅行社',
    admType: ADM_TYPE.distributor,
    scenicId: first.scenicId,
    payType: 1,
    roleId: agentRole,
  });
  await account({
    username: 'yunling',
    nickname: '赵强',
    admType: ADM_TYPE.staff,
    scenicId: second.id,
    roleId: secondStaffRole,
  });
}

/** Demo settings of the first area: opening hours, the visitor notice and its ticket defaults. */
export async function seedDemoSettings(db: Db, first: { scenicId: number }): Promise<void> {
  await saveScenicSettings(
    db,
    first.scenicId,
    {
      contact: '陈静',
      phone: '0571-88880101',
      openTime: '07:30',
      closeTime: '17:30',
      notice: '景区 17:00 停止入园。请携带有效身份证件，实名购票、实名入园。',
      refundRule: REFUND_RULE.conditional,
      refundDeadlineHours: 24,
      refundFeeUnit: REFUND_UNIT.percent,
      refundFeeValue: 10,
      realNameType: 1,
      printType: 1,
    },
    null,
  );
}
