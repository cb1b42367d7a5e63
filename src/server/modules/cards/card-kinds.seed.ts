import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { ticketProducts } from '../products/index.ts';
import { cardKinds } from './cards.table.ts';

type KindInsert = typeof cardKinds.$inferInsert;

/** The demo area's card kinds (docs/product.md §2 /VipCard/vipUseAssort): one of each validity. */
export async function seedDemoCardKinds(tx: Db, scenicId: number): Promise<void> {
  const year = areaDay(new Date(), await areaTimeZone(tx, scenicId)).slice(0, 4);
  const products = await tx
    .select({ id: ticketProducts.id })
    .from(ticketProducts)
    .where(eq(ticketProducts.scenicId, scenicId))
    .orderBy(asc(ticketProducts.id))
    .limit(2);
  const allChannels: KindInsert['channels'] = ['winManagement', 'weixinManagement', 'backstageManagement'];
  const kinds: Omit<KindInsert, 'scenicId'>[] = [
    {
      name: '湖山年卡',
      description: '自激活之日起一年内不限天数入园，每日限入园一次，须本人刷脸核验。',
      price: 29_900,
      validityType: 1,
      validDays: 365,
      perDayEntries: 1,
      realName: 1,
      photoRequired: true,
      status: 1,
      channels: allChannels,
    },
    {
      name: '湖山季卡',
      description: '激活后 90 天内有效，适用于景区大门票，每日限入园一次。',
      price: 12_800,
      validityType: 1,
      validDays: 90,
      productIds: products.map((p) => p.id),
      perDayEntries: 1,
      totalEntries: 60,
      realName: 1,
      photoRequired: true,
      status: 1,
      channels: ['winManagement', 'weixinManagement'],
    },
    {
      name: '节假日畅游卡',
      description: `${year} 年全年有效，国庆黄金周除外，共可入园 20 次。`,
      price: 19_900,
      validityType: 1,
      validFrom: `${year}-01-01`,
      validTo: `${year}-12-31`,
      totalEntries: 20,
      blackoutDates: [1, 2, 3, 4, 5, 6, 7].map((d) => `${year}-10-0${d}`),
      realName: 3,
      status: 1,
      channels: ['weixinManagement'],
    },
    {
      name: '永久会员卡',
      description: '终身有效的会员卡，每日限入园两次，暂停销售。',
      price: 199_900,
      validityType: 0,
      perDayEntries: 2,
      realName: 1,
      photoRequired: true,
      status: 2,
      channels: ['backstageManagement'],
    },
  ];
  await tx.insert(cardKinds).values(kinds.map((k) => ({ ...k, scenicId })));
}
