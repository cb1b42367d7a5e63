import type { FastifyRequest } from 'fastify';
import type { BuyChannelCode } from '../../../shared/dict/ticket.ts';
import type { TerminalClientId } from '../../../shared/dict/terminal-client.ts';
import { requireClient } from '../../http/access.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { distributorOfClient } from '../distribution/index.ts';
import { memberOfToken, requireMember } from '../members/index.ts';
import { sellingTerminalKind } from '../terminals/index.ts';

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

/**
 * The selling party of a call: a terminal client and its channel, a registered terminal's own
 * client (`term<id>` of a window, machine or handheld: channel 1, 2 or 3), or a distributor's own client
 * (issued on its detail page, `distributors.client_id`), which sells on the distribution channel
 * (13) as the distributor: `adminId` is its login account, so the order is its own (its tier's
 * prices, pay ways 5 and 8, its rows only). 403 for a client that does not sell or belongs to a
 * distributor of another area.
 */
export async function sellingParty(
  db: Db,
  req: FastifyRequest,
): Promise<{ clientId: string; scenicId: number; channel: BuyChannelCode; adminId: number | null }> {
  const client = requireClient(req);
  const channel = channelOfClient(client.clientId);
  if (channel != null) return { ...client, channel, adminId: null };
  // a registered window, machine or handheld (its own client `term<id>`) sells as its kind's channel
  const kind = await sellingTerminalKind(db, client.scenicId, client.clientId);
  const terminalChannel = kind ? channelOfClient(kind) : null;
  if (terminalChannel != null) return { ...client, channel: terminalChannel, adminId: null };
  const agency = await distributorOfClient(db, client.scenicId, client.clientId);
  if (!agency?.adminId) throw new AppError(403, 'clientNotSelling');
  return { ...client, channel: DISTRIBUTION_CHANNEL, adminId: agency.adminId };
}

const DISTRIBUTION_CHANNEL: BuyChannelCode = 13;

/**
 * Whose orders a selling call reaches (docs/accounts.md "Who may call"): the calling client's, and
 * for the mini-program only the signed-in member's (X-Member-Token required: its orders are the
 * members'). Other channels never act for a member, so they reach only orders without one.
 */
export interface OrderOwner {
  scenicId: number;
  clientId: string;
  memberId: number | null;
}

export async function orderOwner(db: Db, req: FastifyRequest): Promise<OrderOwner> {
  const client = requireClient(req);
  if (client.kind === 'miniProgram') {
    const { memberId } = await requireMember(db, req);
    return { scenicId: client.scenicId, clientId: client.clientId, memberId };
  }
  // a member token from any other client is refused (memberClientOnly)
  await memberOfToken(db, req);
  return { scenicId: client.scenicId, clientId: client.clientId, memberId: null };
}

/** True when the order is the owner's (another owner's order answers 404 like a missing one). */
export function ownsOrder(
  owner: OrderOwner,
  order: { scenicId: number; clientId: string | null; memberId: number | null },
) {
  return (
    order.scenicId === owner.scenicId &&
    order.clientId === owner.clientId &&
    (order.memberId ?? null) === owner.memberId
  );
}
