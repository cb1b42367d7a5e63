import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gateEvents } from '../checkin/index.ts';
import { gates } from '../gates/index.ts';
import { otaChannels } from '../ota/index.ts';
import { ticketProducts } from '../products/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { thirdPartyChannels, thirdPartyVouchers } from './third-party.table.ts';

const DAY = 86_400_000;
/** As the gate log masks a QR read (checkin gate-events.ts maskScanned) */
const masked = (v: string) => (v.length > 8 ? `${v.slice(0, 4)}****${v.slice(-4)}` : '****');

async function firstProduct(db: Db, scenicId: number) {
  const [p] = await db
    .select({ id: ticketProducts.id })
    .from(ticketProducts)
    .where(eq(ticketProducts.scenicId, scenicId))
    .orderBy(asc(ticketProducts.id))
    .limit(1);
  return p?.id ?? null;
}

/**
 * QSH: a meituan channel verified through the area's meituan OTA channel, and a third-party store
 * (buy channel 11) with 200 imported codes, 24 of them used at the south entry gate (each with its
 * gate event). YLGZ: one code-list channel of 60 unused codes.
 */
export async function seedDemoThirdParty(db: Db, scenicId: number): Promise<void> {
  const now = Date.now();
  const gateRows = await db.select().from(gates).where(eq(gates.scenicId, scenicId));
  const gate = (code: string) => gateRows.find((g) => g.code === code)?.id;
  const ids = (...codes: string[]) => codes.map(gate).filter((id): id is number => id != null);

  const [meituan] = await db
    .select({ id: otaChannels.id })
    .from(otaChannels)
    .where(and(eq(otaChannels.scenicId, scenicId), eq(otaChannels.platform, 'meituan')));
  if (meituan)
    await db.insert(thirdPartyChannels).values({
      scenicId,
      name: '美团门票核销',
      buyChannel: 17,
      adapter: 'ota',
      otaChannelId: meituan.id,
      codePrefix: 'MT',
      codeMinLength: 8,
      codeMaxLength: 20,
      gateIds: ids('S-IN-01', 'N-IN-01', 'S-OUT-01', 'N-OUT-01'),
    });

  const productId = await firstProduct(db, scenicId);
  const entry = gate('S-IN-01');
  if (productId) {
    const [store] = await db
      .insert(thirdPartyChannels)
      .values({
        scenicId,
        name: '湖滨旅行社门店',
        buyChannel: 11,
        adapter: 'codeList',
        productId,
        codePrefix: 'TS',
        codePattern: 'TS\\d{8}',
        codeMinLength: 10,
        codeMaxLength: 10,
        gateIds: ids('S-IN-01', 'N-IN-01'),
      })
      .returning();
    const validFrom = new Date(now - 30 * DAY);
    const validTo = new Date(now + 60 * DAY);
    const vouchers = await db
      .insert(thirdPartyVouchers)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          scenicId,
          channelId: store!.id,
          code: `TS${String(26_000_001 + i * 7)}`,
          productId,
          validFrom,
          validTo,
        })),
      )
      .returning();
    if (entry)
      for (const [i, v] of vouchers.slice(0, 24).entries()) {
        // over the last 8 days, in the morning (02:00-05:00 UTC is 10:00-13:00 in Asia/Shanghai)
        const day = Math.floor((now - (1 + (i % 8)) * DAY) / DAY) * DAY;
        const at = new Date(day + 2 * 3_600_000 + i * 7 * 60_000);
        const [event] = await db
          .insert(gateEvents)
          .values({
            scenicId,
            gateId: entry,
            deviceId: 'GATE-S-IN-01',
            nonce: `demo-tp-${v.id}`,
            direction: 'entry',
            entryType: 1,
            readMode: 1,
            scannedValue: masked(v.code),
            result: 'ok',
            scannedAt: at,
            uploadedAt: at,
          })
          .returning({ id: gateEvents.id });
        await db
          .update(thirdPartyVouchers)
          .set({ status: 'used', usedAt: at, gateId: entry, gateEventId: event!.id })
          .where(eq(thirdPartyVouchers.id, v.id));
      }
    await db
      .update(thirdPartyVouchers)
      .set({ status: 'void' })
      .where(eq(thirdPartyVouchers.id, vouchers[199]!.id));
  }

  const [town] = await db
    .select({ id: scenicAreas.id })
    .from(scenicAreas)
    .where(eq(scenicAreas.code, 'YLGZ'));
  if (!town) return;
  const townProduct = await firstProduct(db, town.id);
  if (!townProduct) return;
  const townGates = await db
    .select({ id: gates.id })
    .from(gates)
    .where(and(eq(gates.scenicId, town.id), eq(gates.gateType, 10)));
  const [townStore] = await db
    .insert(thirdPartyChannels)
    .values({
      scenicId: town.id,
      name: '古镇客栈联盟',
      buyChannel: 12,
      adapter: 'codeList',
      productId: townProduct,
      codePrefix: 'YL',
      codeMinLength: 10,
      codeMaxLength: 10,
      gateIds: townGates.map((g) => g.id),
    })
    .returning();
  await db.insert(thirdPartyVouchers).values(
    Array.from({ length: 60 }, (_, i) => ({
      scenicId: town.id,
      channelId: townStore!.id,
      code: `YL${String(80_000_001 + i * 3)}`,
      productId: townProduct,
      validFrom: new Date(now - 7 * DAY),
      validTo: new Date(now + 90 * DAY),
    })),
  );
}
