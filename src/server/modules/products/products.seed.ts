import { and, asc, desc, eq } from 'drizzle-orm';
import { ENABLED } from '../../../shared/dict/account.ts';
import {
  ENTRY_MODE,
  PRODUCT_TYPE,
  REFUND_RULE,
  REFUND_UNIT,
  SHELF,
  VALIDITY_TYPE,
} from '../../../shared/dict/ticket.ts';
import type { Db } from '../../db/client.ts';
import { noticeTemplates, ticketAgreements } from '../notices/index.ts';
import { printTemplates } from '../print-templates/index.ts';
import { productSessions, ticketProducts, ticketTypes } from './products.table.ts';

type ProductInsert = typeof ticketProducts.$inferInsert;

/** The demo categories; answers the id of one by name. */
async function seedDemoTypes(db: Db, scenicId: number): Promise<(name: string) => number> {
  const types = await db
    .insert(ticketTypes)
    .values(
      [
        { name: '门票', remark: '景区大门票' },
        { name: '联票', remark: '多日或多景点联票' },
        { name: '夜游', remark: '夜间分时段游览' },
        { name: '演出', remark: '实景演出' },
      ].map((t, i) => ({ ...t, scenicId, sort: i + 1 })),
    )
    .returning({ id: ticketTypes.id, name: ticketTypes.name });
  return (name: string) => {
    const found = types.find((t) => t.name === name);
    if (!found) throw new Error(`demo category ${name} missing`);
    return found.id;
  };
}

/** What every demo product refers to: the area's purchase notice, agreement and print template. */
async function demoRefs(db: Db, scenicId: number) {
  // Seeded by the notices and print-templates modules before this one, when they have demo rows.
  const [notice] = await db
    .select({ id: noticeTemplates.id })
    .from(noticeTemplates)
    .where(
      and(
        eq(noticeTemplates.scenicId, scenicId),
        eq(noticeTemplates.noticeType, 1),
        eq(noticeTemplates.status, ENABLED),
      ),
    )
    .orderBy(asc(noticeTemplates.sort), asc(noticeTemplates.id))
    .limit(1);
  const [agreement] = await db
    .select({ id: ticketAgreements.id })
    .from(ticketAgreements)
    .where(and(eq(ticketAgreements.scenicId, scenicId), eq(ticketAgreements.status, ENABLED)))
    .orderBy(asc(ticketAgreements.sort), asc(ticketAgreements.id))
    .limit(1);
  const [template] = await db
    .select({ id: printTemplates.id })
    .from(printTemplates)
    .where(and(eq(printTemplates.scenicId, scenicId), eq(printTemplates.status, ENABLED)))
    .orderBy(desc(printTemplates.isDefault), asc(printTemplates.id))
    .limit(1);
  return {
    scenicId,
    noticeId: notice?.id ?? null,
    agreementId: agreement?.id ?? null,
    printTemplateId: template?.id ?? null,
    shelfStatus: SHELF.on,
    printType: 1,
    validityDisplay: 1,
  } satisfies Partial<ProductInsert>;
}

/** The demo products: tickets, a two-day pass, a timed night tour and a performance. */
function demoProducts(
  common: Awaited<ReturnType<typeof demoRefs>>,
  typeId: (name: string) => number,
): ProductInsert[] {
  // 24 hours before the visit, 10 % fee
  const conditional = {
    refundRule: REFUND_RULE.conditional,
    refundDeadlineHours: 24,
    refundFeeUnit: REFUND_UNIT.percent,
    refundFeeValue: 10,
  };
  const window = [1, 2, 3, 4, 13, 16, 17];

  return [
    {
      ...common,
      ...conditional,
      name: '成人票',
      typeId: typeId('门票'),
      productType: PRODUCT_TYPE.regular,
      intro: '青山湖风景区大门票，当日有效，单次入园。',
      price: 12_000,
      marketPrice: 15_000,
      validityType: VALIDITY_TYPE.ordinary,
      timeWindows: [{ start: '08:00', end: '16:30' }],
      realNameType: 2,
      limitPerOrder: 20,
      channels: window,
      sort: 1,
    },
    {
      ...common,
      ...conditional,
      name: '儿童票',
      typeId: typeId('门票'),
      productType: PRODUCT_TYPE.regular,
      intro: '身高 1.2-1.5 米的儿童适用，入园时须由成人陪同，1.2 米以下免票。',
      price: 6_000,
      marketPrice: 7_500,
      validityType: VALIDITY_TYPE.ordinary,
      timeWindows: [{ start: '08:00', end: '16:30' }],
      realNameType: 2,
      limitPerOrder: 10,
      channels: [1, 2, 3, 4, 16, 17],
      sort: 2,
    },
    {
      ...common,
      ...conditional,
      name: '老年优惠票',
      typeId: typeId('门票'),
      productType: PRODUCT_TYPE.regular,
      intro: '60 周岁及以上老人凭本人身份证购买，入园验证。',
      price: 6_000,
      marketPrice: 15_000,
      validityType: VALIDITY_TYPE.ordinary,
      timeWindows: [{ start: '08:00', end: '16:30' }],
      realNameType: 1,
      limitPerOrder: 5,
      limitPerIdNumber: 1,
      channels: [1, 3, 4],
      sort: 3,
    },
    {
      ...common,
      ...conditional,
      refundDeadlineHours: 48,
      name: '两日联票',
      typeId: typeId('联票'),
      productType: PRODUCT_TYPE.regular,
      intro: '自游玩日起连续 2 日有效，共可入园 2 次。',
      price: 20_000,
      marketPrice: 30_000,
      validityType: VALIDITY_TYPE.multiDay,
      validityDisplay: 2,
      validDays: 2,
      entryMode: ENTRY_MODE.times,
      entryTimes: 2,
      realNameType: 1,
      limitPerOrder: 10,
      channels: [1, 4, 13, 16, 17],
      sort: 4,
    },
    {
      ...common,
      name: '夜游票',
      typeId: typeId('夜游'),
      productType: PRODUCT_TYPE.timed,
      intro: '青山湖夜游，按所购场次入园，过时不候。',
      price: 8_000,
      marketPrice: 10_000,
      validityType: VALIDITY_TYPE.timeSlot,
      validityDisplay: 3,
      realNameType: 2,
      limitPerOrder: 10,
      channels: [1, 2, 4, 16, 17],
      refundRule: REFUND_RULE.conditional,
      refundDeadlineHours: 2,
      refundFeeUnit: REFUND_UNIT.yuan,
      refundFeeValue: 500,
      sort: 5,
    },
    {
      ...common,
      name: '《青山印象》实景演出',
      typeId: typeId('演出'),
      productType: PRODUCT_TYPE.performance,
      intro: '大型山水实景演出，演出时长约 70 分钟，对号入座。',
      price: 18_000,
      marketPrice: 22_000,
      validityType: VALIDITY_TYPE.ordinary,
      realNameType: 1,
      limitPerOrder: 6,
      channels: [1, 4, 13, 16],
      refundRule: REFUND_RULE.conditional,
      refundDeadlineHours: 24,
      refundFeeUnit: REFUND_UNIT.percent,
      refundFeeValue: 20,
      sort: 6,
    },
  ];
}

/** Demo data of this module for one scenic area (called by src/server/db/seed/index.ts). */
export async function seedDemoProducts(db: Db, scenicId: number): Promise<void> {
  const typeId = await seedDemoTypes(db, scenicId);
  const common = await demoRefs(db, scenicId);
  const products = demoProducts(common, typeId);
  const inserted = await db
    .insert(ticketProducts)
    .values(products)
    .returning({ id: ticketProducts.id, productType: ticketProducts.productType });
  const night = inserted.find((p) => p.productType === PRODUCT_TYPE.timed);
  if (!night) throw new Error('demo timed product missing');
  await db.insert(productSessions).values(
    [
      ['18:30', '19:30'],
      ['19:30', '20:30'],
      ['20:30', '21:30'],
    ].map(([startTime, endTime], i) => ({
      scenicId,
      productId: night.id,
      name: `${startTime}-${endTime}`,
      startTime: startTime!,
      endTime: endTime!,
      sort: i,
    })),
  );
}
