import { and, asc, desc, eq } from 'drizzle-orm';
import { ENABLED } from '../../../shared/dict/account.ts';
import {
  ENTRY_MODE,
  PRODUCT_TYPE,
  REFUND_RULE,
  REFUND_UNIT,
  SHELF,
  VALIDITY_TYPE,
} from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { noticeTemplates, ticketAgreements } from '../notices/index.ts';
import { printTemplates } from '../print-templates/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { productSessions, ticketProducts, ticketTypes } from './products.table.ts';

type ProductInsert = typeof ticketProducts.$inferInsert;

type DemoType = { name: string; remark: string };

const TYPES: DemoType[] = [
  { name: '门票', remark: '景区大门票' },
  { name: '联票', remark: '多日或多景点联票' },
  { name: '夜游', remark: '夜间分时段游览' },
  { name: '演出', remark: '实景演出' },
];

const TOWN_TYPES: DemoType[] = [
  { name: '门票', remark: '古镇门票' },
  { name: '体验', remark: '手作与民俗体验' },
  { name: '夜游', remark: '古戏台夜场，按场次入场' },
];

/** The demo categories of an area; answers the id of one by name. */
async function seedDemoTypes(db: Db, scenicId: number, names: DemoType[]): Promise<(name: string) => number> {
  const types = await db
    .insert(ticketTypes)
    .values(names.map((t, i) => ({ ...t, scenicId, sort: i + 1 })))
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

/** Refundable until 24 hours before the visit, for a fee of `percent` % of the price. */
const refundableUntilADayBefore = (percent: number) => ({
  refundRule: REFUND_RULE.conditional,
  refundDeadlineHours: 24,
  refundFeeUnit: REFUND_UNIT.percent,
  refundFeeValue: percent,
});

/** The demo products: tickets, a two-day pass, a timed night tour and a performance. */
function demoProducts(
  common: Awaited<ReturnType<typeof demoRefs>>,
  typeId: (name: string) => number,
): ProductInsert[] {
  const conditional = refundableUntilADayBefore(10);
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

/**
 * The old town's products: its gate tickets, a tie-dye workshop and the old stage's evening
 * sessions, enough for its travel packages (travel.seed.ts) and the console's screens.
 */
function townProducts(
  common: Awaited<ReturnType<typeof demoRefs>>,
  typeId: (name: string) => number,
): ProductInsert[] {
  const conditional = refundableUntilADayBefore(0);
  return [
    {
      ...common,
      ...conditional,
      name: '古镇成人票',
      typeId: typeId('门票'),
      productType: PRODUCT_TYPE.regular,
      intro: '云岭古镇门票，含茶马驿站、白族民居院落参观，当日有效。',
      price: 8_000,
      marketPrice: 10_000,
      validityType: VALIDITY_TYPE.ordinary,
      timeWindows: [{ start: '08:30', end: '18:00' }],
      realNameType: 2,
      limitPerOrder: 20,
      channels: [1, 4, 13, 16, 17],
      sort: 1,
    },
    {
      ...common,
      ...conditional,
      name: '古镇优惠票',
      typeId: typeId('门票'),
      productType: PRODUCT_TYPE.regular,
      intro: '学生、60 周岁及以上老人凭本人证件购买，入镇验证。',
      price: 4_000,
      marketPrice: 10_000,
      validityType: VALIDITY_TYPE.ordinary,
      timeWindows: [{ start: '08:30', end: '18:00' }],
      realNameType: 1,
      limitPerOrder: 5,
      limitPerIdNumber: 1,
      channels: [1, 4],
      sort: 2,
    },
    {
      ...common,
      ...conditional,
      name: '扎染体验票',
      typeId: typeId('体验'),
      productType: PRODUCT_TYPE.regular,
      intro: '扎染作坊一小时手作体验，含一方自染手帕。',
      price: 6_800,
      marketPrice: 8_800,
      validityType: VALIDITY_TYPE.ordinary,
      timeWindows: [{ start: '09:00', end: '16:30' }],
      realNameType: 2,
      limitPerOrder: 10,
      channels: [1, 4, 16, 17],
      sort: 3,
    },
    {
      ...common,
      name: '古戏台夜场',
      typeId: typeId('夜游'),
      productType: PRODUCT_TYPE.timed,
      intro: '古戏台白族歌舞夜场，按所购场次入场。',
      price: 5_000,
      marketPrice: 6_000,
      validityType: VALIDITY_TYPE.timeSlot,
      validityDisplay: 3,
      realNameType: 2,
      limitPerOrder: 10,
      channels: [1, 4, 16, 17],
      refundRule: REFUND_RULE.conditional,
      refundDeadlineHours: 2,
      refundFeeUnit: REFUND_UNIT.yuan,
      refundFeeValue: 500,
      sort: 4,
    },
  ];
}

/** One area's categories, products and the sessions of its timed product. */
async function seedArea(
  db: Db,
  scenicId: number,
  types: DemoType[],
  products: typeof demoProducts,
  sessions: [string, string][],
): Promise<void> {
  const typeId = await seedDemoTypes(db, scenicId, types);
  const common = await demoRefs(db, scenicId);
  const inserted = await db
    .insert(ticketProducts)
    .values(products(common, typeId))
    .returning({ id: ticketProducts.id, productType: ticketProducts.productType });
  const timed = inserted.find((p) => p.productType === PRODUCT_TYPE.timed);
  if (!timed) throw new Error('demo timed product missing');
  await db.insert(productSessions).values(
    sessions.map(([startTime, endTime], i) => ({
      scenicId,
      productId: timed.id,
      name: `${startTime}-${endTime}`,
      startTime,
      endTime,
      sort: i,
    })),
  );
}

/** Demo data of this module: the lake area's products, then the old town's (issue 15). */
export async function seedDemoProducts(db: Db, scenicId: number): Promise<void> {
  await seedArea(db, scenicId, TYPES, demoProducts, [
    ['18:30', '19:30'],
    ['19:30', '20:30'],
    ['20:30', '21:30'],
  ]);
  const [town] = await db
    .select({ id: scenicAreas.id })
    .from(scenicAreas)
    .where(eq(scenicAreas.code, 'YLGZ'));
  if (town)
    await seedArea(db, town.id, TOWN_TYPES, townProducts, [
      ['19:30', '20:30'],
      ['20:45', '21:45'],
    ]);
}
