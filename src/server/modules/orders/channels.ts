import type { FastifyRequest } from 'fastify';
import type { BuyChannelCode } from '../../../shared/dict/product.ts';
import { channelOfClient } from '../../../shared/dict/terminal-client.ts';
import { requireClient } from '../../http/access.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { SalesTerminalReason } from '../../../shared/dict/sales-terminals.ts';
import { FieldError } from '../../http/errors.ts';
import { extensionPoint, pluggedOne } from '../../lib/extension-point.ts';

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
 * Extension point "sales channels" (docs/architecture.md "Extension points"): who sells through a
 * client that no fixed channel names. A registered window, machine or handheld (its own client
 * `term<id>`) sells as its kind's channel (1, 2 or 3) and only what its profile lists; a
 * distributor's own client (issued on its detail page) sells on the distribution channel (13) as
 * the distributor, whose login account `adminId` makes the order its own (its tier's prices, pay
 * ways 5 and 8, its rows only).
 */
export interface SalesChannel {
  name: string;
  /** The party the client sells as, or undefined when the client is not this channel's. */
  partyOf(
    db: Db,
    client: { scenicId: number; clientId: string },
  ): Promise<{ channel: BuyChannelCode; adminId: number | null; products: Set<number> | null } | undefined>;
}

export const salesChannels = extensionPoint<SalesChannel>('orders.salesChannels');

/** The selling party of a call: its client, channel, account and the products it may sell (null: all). */
export interface SellingParty {
  clientId: string;
  scenicId: number;
  channel: BuyChannelCode;
  adminId: number | null;
  products: Set<number> | null;
}

/** The selling party of a call (a fixed client, else a sales channel's); 403 for a client that does not sell. */
export async function sellingParty(db: Db, req: FastifyRequest): Promise<SellingParty> {
  const client = requireClient(req);
  const channel = channelOfClient(client.clientId);
  if (channel != null) return { ...client, channel, adminId: null, products: null };
  for (const sales of salesChannels.items) {
    const party = await sales.partyOf(db, client);
    if (party) return { ...client, ...party };
  }
  throw new AppError(403, 'clientNotSelling');
}

/** 400 naming the first line whose product the party may not sell. */
export function checkProductsSold(
  only: Set<number> | null,
  lines: readonly { productId?: number | undefined }[],
) {
  if (!only) return;
  const i = lines.findIndex((l) => l.productId != null && !only.has(l.productId));
  if (i >= 0) throw new FieldError(`lines.${i}.productId`, SalesTerminalReason.notSoldHere);
}

/**
 * Extension point "member callers": the member signed in on a call (`X-Member-Token`), or null
 * without the header; throws for a bad token, a frozen member or another client's token.
 */
export interface MemberCallers {
  memberOf(db: Db, req: FastifyRequest): Promise<number | null>;
}

export const memberCallers = extensionPoint<MemberCallers>('orders.memberCallers');

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
  const members = pluggedOne(memberCallers, () => true);
  if (client.kind === 'miniProgram') {
    const memberId = await members.memberOf(db, req);
    if (memberId == null) throw new AppError(401, 'memberTokenRequired');
    return { scenicId: client.scenicId, clientId: client.clientId, memberId };
  }
  // a member token from any other client is refused (memberClientOnly)
  await members.memberOf(db, req);
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
