import type { FastifyRequest } from 'fastify';
import type { BuyChannelCode } from '../../../shared/dict/ticket.ts';
import type { TerminalClientId } from '../../../shared/dict/terminal-client.ts';
import { requireClient } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';

/**
 * The buy channel (docs/product.md §9) an order placed by a terminal client counts as. Clients not listed
 * (the console, the mobile management app, the data dashboard) do not sell.
 */
export const CLIENT_CHANNEL: Partial<Record<TerminalClientId, BuyChannelCode>> = {
  winManagement: 1,
  selfManagement: 2,
  handManagement: 3,
  weixinManagement: 4,
  distributionManagement: 13,
  zowoyooManagement: 14,
  pftManagement: 15,
  ctripManagement: 16,
  mtManagement: 17,
};

/** The channel of a client, or null when it does not sell. */
export function channelOfClient(clientId: string): BuyChannelCode | null {
  return (CLIENT_CHANNEL as Record<string, BuyChannelCode | undefined>)[clientId] ?? null;
}

/** The calling client of a selling API and its buy channel; 403 for a client that does not sell. */
export function sellingChannel(req: FastifyRequest): {
  clientId: string;
  scenicId: number;
  channel: BuyChannelCode;
} {
  const client = requireClient(req);
  const channel = channelOfClient(client.clientId);
  if (channel == null) throw new AppError(403, 'clientNotSelling');
  return { ...client, channel };
}
