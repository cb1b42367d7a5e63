import { channelOfClient } from '../../../shared/dict/terminal-client.ts';
import type { SalesChannel } from '../orders/index.ts';
import { sellingTerminalKind } from '../terminals/index.ts';
import { productsSoldBy } from './sales-terminals.service.ts';

/**
 * Registered selling terminals as a sales channel of orders (orders/channels.ts): a window, machine
 * or handheld calling with its own client (`term<id>`) sells as its kind's channel (1, 2 or 3), and
 * only what its profile lists (/terminal/windManage; no profile yet: the channel's whole range).
 */
export const terminalSales: SalesChannel = {
  name: 'terminals',
  async partyOf(db, { scenicId, clientId }) {
    const kind = await sellingTerminalKind(db, scenicId, clientId);
    const channel = kind ? channelOfClient(kind) : null;
    if (channel == null) return undefined;
    return { channel, adminId: null, products: await productsSoldBy(db, scenicId, clientId) };
  },
};
