import type { FastifyRequest } from 'fastify';
import { ADM_TYPE } from '../../shared/dict/account.ts';
import type { Lang } from '../../shared/dict/dict.ts';
import type { TerminalKindCode } from '../../shared/dict/terminal.ts';
import type { TerminalClientId } from '../../shared/dict/terminal-client.ts';
import type { Permission } from '../../shared/perms.ts';
import { AppError } from './errors.ts';

/**
 * What kind of machine client calls (docs/accounts.md "Who may call"): a registered terminal of its
 * kind (bound to its area), a platform window, machine or handheld client (the §9 ids of the same
 * names), the mini-program, the distribution platform, an OTA, or a distributor's own agency client
 * (bound to its distributor's area). Stored on the client (`oauth_clients.caller_kind`).
 */
export type CallerKind = TerminalKindCode | 'miniProgram' | 'distribution' | 'ota' | 'agency';

/** The caller kind of each platform client of docs/product.md §9 (null: it calls no client route). */
export const PLATFORM_CALLER_KIND: Record<TerminalClientId, CallerKind | null> = {
  winManagement: 'winManagement',
  selfManagement: 'selfManagement',
  handManagement: 'handManagement',
  weixinManagement: 'miniProgram',
  backstageManagement: null,
  mobileManagement: null,
  distributionManagement: 'distribution',
  dataManagement: null,
  zowoyooManagement: 'ota',
  pftManagement: 'ota',
  ctripManagement: 'ota',
  mtManagement: 'ota',
};

/**
 * What a route demands of its caller. Every route declares one (a test walks them all):
 * public; any logged-in account; a permission of docs/product.md §6; the separate copyright session; or a
 * machine client's own token (client_credentials grant) of one of the kinds the route names, acting
 * in its own area (`member`: on behalf of the signed-in member of `X-Member-Token`, whose rows only
 * it reaches; the route resolves the member).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'login'; distributor?: DistributorReach; shop?: ShopReach }
  | { kind: 'perm'; perm: Permission; distributor?: DistributorReach; shop?: ShopReach }
  | { kind: 'copyright' }
  | { kind: 'client'; callers: readonly CallerKind[]; member?: 'required'; device?: true };

/**
 * Whether distributor accounts (admType 3) may call a route at all (docs/accounts.md "Distributors").
 * Absent: refused with 403, whatever the account's roles say, since the route has no distributor
 * meaning. `own`: the route reads and changes only the distributor's own rows, through
 * `ownerScope(req)`. `self`: the route is about the calling account itself (user info, logout, its
 * password).
 */
export type DistributorReach = 'own' | 'self';

/**
 * Whether shop accounts (admType 4) may call a route (docs/accounts.md "Shop accounts"): as for
 * distributors, absent means refused with 403 whatever the account's roles hold. `shop`: a route of
 * the shop; `self`: the calling account itself.
 */
export type ShopReach = 'shop' | 'self';

export const PUBLIC: Access = { kind: 'public' };
/** Any logged-in staff account (not distributors: see DistributorReach). */
export const LOGIN: Access = { kind: 'login' };
/** Any logged-in account, distributors and shop accounts included: routes about the caller's own account. */
export const ACCOUNT: Access = { kind: 'login', distributor: 'self', shop: 'self' };
export const COPYRIGHT: Access = { kind: 'copyright' };

/**
 * A client token (client_credentials grant) of one of `callers`; others are refused with 403. The area
 * is the client's own, or for a platform client the X-Scenic-Id header's.
 */
export const clientOf = (...callers: CallerKind[]): Access => ({ kind: 'client', callers });
/** A registered terminal's own client (bound to its area) of one of `kinds`; platform clients are refused. */
export const deviceOf = (...kinds: TerminalKindCode[]): Access => ({
  kind: 'client',
  callers: kinds,
  device: true,
});
/** The kinds that sell: windows, machines, handhelds, the mini-program, channels, OTAs, agencies. */
export const SELLERS: readonly CallerKind[] = [
  'winManagement',
  'selfManagement',
  'handManagement',
  'miniProgram',
  'distribution',
  'ota',
  'agency',
];
/** A selling client (see SELLERS). */
export const SELLER: Access = { kind: 'client', callers: SELLERS };
/** The mini-program acting for the signed-in member of X-Member-Token (the member's rows only). */
export const MEMBER: Access = { kind: 'client', callers: ['miniProgram'], member: 'required' };
/** The mini-program itself (no member needed: its catalogue). */
export const MINI_PROGRAM: Access = { kind: 'client', callers: ['miniProgram'] };
export const perm = (
  permission: Permission,
  options: { distributor?: DistributorReach; shop?: ShopReach } = {},
): Access => ({
  kind: 'perm',
  perm: permission,
  ...options,
});

/** Routes that plugins register (API docs, console files, uploads): public by this list. */
export const INFRA_PUBLIC_PREFIXES = ['/docs', '/uploads/', '/assets/'] as const;
export const INFRA_PUBLIC_PATHS = ['/', '/*', '/favicon.ico'] as const;

export function isInfraPublic(url: string): boolean {
  return (
    (INFRA_PUBLIC_PATHS as readonly string[]).includes(url) ||
    INFRA_PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(prefix))
  );
}

/** The logged-in account behind a request, and the scenic area it acts in. */
export interface AuthContext {
  tokenId: number;
  clientId: string;
  adminId: number;
  username: string;
  admType: number;
  payType: number;
  /** The account's own scenic area. */
  homeScenicId: number | null;
  /** The scenic area this request acts in: home, or the one a platform account chose. */
  scenicId: number | null;
  permissions: string[];
  roleCodes: string[];
}

/** The machine client behind a request (client_credentials token) and the area it acts in. */
export interface ClientContext {
  tokenId: number;
  /** The OAuth client id (docs/product.md §9 terminal client id) */
  clientId: string;
  /** The area it acts in: its own when it is bound to one, else the X-Scenic-Id header's. */
  scenicId: number;
  kind: CallerKind | null;
  /** True when the client belongs to this area (a terminal's, an agency's), false for a platform client. */
  bound: boolean;
}

export interface CopyrightContext {
  tokenId: number;
  adminId: number;
  username: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    lang: Lang;
    auth: AuthContext | null;
    copyrightAuth: CopyrightContext | null;
    client: ClientContext | null;
    /** The signed-in member a mini-program call acts for, once the route resolved X-Member-Token. */
    memberId: number | null;
  }
}

/** Whether the caller is a platform administrator (admType 1), who reaches every area. */
export const isPlatform = (auth: AuthContext) => auth.admType === ADM_TYPE.platform;

export function requireAuth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(401, 'unauthorized');
  return req.auth;
}

/** The scenic area every query of this request is scoped to (docs/architecture.md security model). */
export function scenicScope(req: FastifyRequest): number {
  const auth = requireAuth(req);
  if (auth.scenicId == null) throw new AppError(400, 'scenicRequired');
  return auth.scenicId;
}

/**
 * The distributor whose rows this request may see: its own account id for a distributor (admType 3),
 * null for staff (every row of the area). Only routes declared `distributor: 'own'` are reached by a
 * distributor (the access guard refuses the rest), and each of them filters by this.
 */
export function ownerScope(req: FastifyRequest): number | null {
  const auth = requireAuth(req);
  if (auth.admType !== ADM_TYPE.distributor) return null;
  const access = req.routeOptions.config.access;
  if (!access || !('distributor' in access) || access.distributor !== 'own')
    throw new AppError(403, 'distributorRefused');
  return auth.adminId;
}

export function requireClient(req: FastifyRequest): ClientContext {
  if (!req.client) throw new AppError(401, 'unauthorized');
  return req.client;
}
