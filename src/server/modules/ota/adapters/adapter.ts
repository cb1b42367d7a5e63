import type { OtaOrderBody } from '../../../../shared/api/ota.ts';
import { OtaOrderBodySchema, OtaOrderRefSchema } from '../../../../shared/api/ota.ts';
import { OTA_CLIENT, type OtaPlatform } from '../../../../shared/dict/ota.ts';
import type { TerminalClientId } from '../../../../shared/dict/terminal-client.ts';

/**
 * One interface for every platform: what their inbound bodies mean in our terms, and how our
 * outbound notices are worded for them. The real platforms' wire formats differ only here.
 */
export interface OtaAdapter {
  platform: OtaPlatform;
  /** The terminal client id (spec §9) the platform's orders are placed under */
  clientId: TerminalClientId;
  parseOrder(body: unknown): OtaOrderBody;
  parseRef(body: unknown): { orderId: string; reason?: string | undefined };
  redemptionNotice(n: {
    orderId: string;
    orderNo: string;
    ticketId: number;
    usedAt: string;
  }): Record<string, unknown>;
  stockNotice(s: {
    date: string;
    items: { productCode: string; left: number | null }[];
  }): Record<string, unknown>;
}

/** The normalised format every adapter accepts today (the local simulator speaks it). */
function standardAdapter(platform: OtaPlatform): OtaAdapter {
  return {
    platform,
    clientId: OTA_CLIENT[platform],
    parseOrder: (body) => OtaOrderBodySchema.parse(body),
    parseRef: (body) => OtaOrderRefSchema.parse(body),
    redemptionNotice: (n) => ({ event: 'redeemed', platform, ...n }),
    stockNotice: (s) => ({ event: 'stock', platform, ...s }),
  };
}

export const OTA_ADAPTERS: Record<OtaPlatform, OtaAdapter> = {
  ctrip: standardAdapter('ctrip'),
  meituan: standardAdapter('meituan'),
  zowoyoo: standardAdapter('zowoyoo'),
  pft: standardAdapter('pft'),
};
