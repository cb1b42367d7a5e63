import { asc, eq } from 'drizzle-orm';
import { OTA_PLATFORMS } from '../../../shared/dict/ota.ts';
import type { Db } from '../../db/client.ts';
import { ticketProducts } from '../products/index.ts';
import { sealSecret } from './secret-box.ts';
import { logMessage } from './ota.service.ts';
import { otaChannels, otaMappings } from './ota.table.ts';

const CODES = { ctrip: 'CT', meituan: 'MT', zowoyoo: 'ZY', pft: 'PF' } as const;

/** The four channels of the demo area, mapped to its first products, and three days of messages. */
export async function seedDemoOta(tx: Db, scenicId: number): Promise<void> {
  const products = await tx
    .select({ id: ticketProducts.id, price: ticketProducts.price })
    .from(ticketProducts)
    .where(eq(ticketProducts.scenicId, scenicId))
    .orderBy(asc(ticketProducts.id))
    .limit(3);
  const now = Date.now();
  let n = 0;
  for (const [i, platform] of OTA_PLATFORMS.entries()) {
    const [channel] = await tx
      .insert(otaChannels)
      .values({
        scenicId,
        platform,
        appKey: `demo-${platform}-${scenicId}`,
        secretSealed: await sealSecret(tx, `demo-${platform}-secret-${scenicId}-0123456789`),
        callbackUrl: `https://ota.example.com/${platform}/notify`,
        status: i < 3 ? 1 : 2,
      })
      .returning();
    for (const [j, p] of products.entries()) {
      await tx.insert(otaMappings).values({
        scenicId,
        channelId: channel!.id,
        externalCode: `${CODES[platform]}-${1000 + j}`,
        productId: p.id,
        price: Math.round(p.price * 0.9),
      });
    }
    for (let day = 3; day >= 1; day--) {
      const at = (h: number) => new Date(now - day * 86_400_000 + h * 3_600_000);
      const orderId = `${CODES[platform]}${day}${String(++n).padStart(6, '0')}`;
      const code = `${CODES[platform]}-1000`;
      await logMessage(tx, {
        scenicId,
        platform,
        direction: 1,
        type: 'order',
        externalOrderId: orderId,
        request: { orderId, productCode: code, quantity: 2 },
        response: { orderId, accepted: true },
        result: 1,
        at: at(1),
      });
      await logMessage(tx, {
        scenicId,
        platform,
        direction: 1,
        type: 'order',
        externalOrderId: `${orderId}X`,
        request: { orderId: `${orderId}X`, productCode: 'UNKNOWN-1' },
        response: { message: 'Product code UNKNOWN-1 is not mapped to a product of this area' },
        result: 2,
        at: at(2),
      });
      await logMessage(tx, {
        scenicId,
        platform,
        direction: 2,
        type: 'stock',
        request: { event: 'stock', items: [{ productCode: code, left: 100 - day }] },
        // as sendOutbound logs it (the demo's callback URLs are public https names, so no EGRESS_ALLOW)
        response: `POST https://ota.example.com/${platform}/notify\n${day === 2 ? 'failed: timed out after 5000 ms' : '200 in 120 ms\n{"ok":true}'}`,
        result: day === 2 ? 3 : 1,
        at: at(3),
      });
    }
  }
}
